import type { Trace, TraceEnd, TraceHeader, TraceHop, TraceStop, TraceWorm } from './format.js';

/**
 * The trace as a viewer page carries it (docs/trace.md, "In a page"): the same header and end
 * line, and the worms as columns of small numbers instead of one object per worm. Times are
 * differences (a hop's head from the hop before it, its tail from its head, its free from its
 * tail), ids differences from the worm before, names indices into a table, so that the numbers
 * repeat and gzip packs a long run's page several times smaller than its JSON Lines. Pure data in,
 * pure data out: packing then unpacking gives the trace back exactly (test/trace/packed.test.ts).
 */
export const PACKED_FORMAT = 'mcsim-trace-packed';

export interface PackedTrace {
  format: typeof PACKED_FORMAT;
  version: 1;
  header: TraceHeader;
  end: TraceEnd;
  /** Distinct worm tags and stop services; worms and stops name them by index. */
  tags: string[];
  services: string[];
  /** Per worm: id and message as differences from the worm before, tag index, and the rest as is. */
  worm: number[];
  message: number[];
  tag: number[];
  phase: number[];
  source: number[];
  length: number[];
  /** Per worm: how many of the stop and hop columns' entries are its. */
  stops: number[];
  hops: number[];
  /** Per stop: node, service index, and switch level (0: at its node). */
  stopNode: number[];
  stopService: number[];
  stopLevel: number[];
  /**
   * Per hop: channel, VC; head as a difference from the hop before (a worm's first hop: from the
   * first hop of the worm before); tail - head and free - tail (free - head while the tail has not
   * arrived), -1 for never; (its index - 1) - up.
   */
  channel: number[];
  vc: number[];
  head: number[];
  tail: number[];
  free: number[];
  up: number[];
}

/** Packs a trace; throws if a hop's times are out of order (a tail before its head). */
export function packTrace(trace: Trace): PackedTrace {
  const p: PackedTrace = {
    format: PACKED_FORMAT,
    version: 1,
    header: trace.header,
    end: trace.end,
    tags: [],
    services: [],
    worm: [],
    message: [],
    tag: [],
    phase: [],
    source: [],
    length: [],
    stops: [],
    hops: [],
    stopNode: [],
    stopService: [],
    stopLevel: [],
    channel: [],
    vc: [],
    head: [],
    tail: [],
    free: [],
    up: [],
  };
  const tagIndex = indexer(p.tags);
  const serviceIndex = indexer(p.services);
  let lastWorm = 0;
  let lastMessage = 0;
  let lastFirstHead = 0;
  for (const w of trace.worms) {
    p.worm.push(w.worm - lastWorm);
    p.message.push(w.message - lastMessage);
    lastWorm = w.worm;
    lastMessage = w.message;
    p.tag.push(tagIndex(w.tag));
    p.phase.push(w.phase);
    p.source.push(w.source);
    p.length.push(w.length);
    p.stops.push(w.stops.length);
    for (const s of w.stops) {
      p.stopNode.push(s.node);
      p.stopService.push(serviceIndex(s.service));
      p.stopLevel.push(s.level ?? 0);
    }
    p.hops.push(w.hops.length);
    let prev = lastFirstHead;
    w.hops.forEach(([channel, vc, head, tail, free, up], i) => {
      if ((tail !== -1 && tail < head) || (free !== -1 && free < Math.max(head, tail)))
        throw new Error(
          `worm ${w.worm}, hop ${i}: times out of order (head ${head}, tail ${tail}, free ${free})`,
        );
      p.channel.push(channel);
      p.vc.push(vc);
      p.head.push(head - prev);
      prev = head;
      if (i === 0) lastFirstHead = head;
      p.tail.push(tail === -1 ? -1 : tail - head);
      p.free.push(free === -1 ? -1 : free - (tail === -1 ? head : tail));
      p.up.push(i - 1 - up);
    });
  }
  return p;
}

/** The trace a packed trace holds; throws on another format or columns of unequal length. */
export function unpackTrace(p: PackedTrace): Trace {
  if (p?.format !== PACKED_FORMAT || p.version !== 1) throw new Error('not a packed mcsim trace');
  const n = p.worm.length;
  const hopCount = p.hops.reduce((a, b) => a + b, 0);
  const stopCount = p.stops.reduce((a, b) => a + b, 0);
  for (const col of [p.message, p.tag, p.phase, p.source, p.length, p.stops, p.hops])
    if (col.length !== n) throw new Error('packed trace: worm columns of unequal length');
  for (const col of [p.channel, p.vc, p.head, p.tail, p.free, p.up])
    if (col.length !== hopCount) throw new Error('packed trace: hop columns of unequal length');
  if (
    p.stopNode.length !== stopCount ||
    p.stopService.length !== stopCount ||
    p.stopLevel.length !== stopCount
  )
    throw new Error('packed trace: stop columns of unequal length');
  const worms: TraceWorm[] = new Array(n);
  let worm = 0;
  let message = 0;
  let firstHead = 0;
  let s = 0;
  let h = 0;
  for (let k = 0; k < n; k++) {
    worm += p.worm[k]!;
    message += p.message[k]!;
    const stops: TraceStop[] = new Array(p.stops[k]!);
    for (let j = 0; j < stops.length; j++, s++) {
      const stop: TraceStop = { node: p.stopNode[s]!, service: p.services[p.stopService[s]!]! };
      if (p.stopLevel[s]) stop.level = p.stopLevel[s]!;
      stops[j] = stop;
    }
    const hops: TraceHop[] = new Array(p.hops[k]!);
    let prev = firstHead;
    for (let i = 0; i < hops.length; i++, h++) {
      const head = prev + p.head[h]!;
      prev = head;
      if (i === 0) firstHead = head;
      const tail = p.tail[h] === -1 ? -1 : head + p.tail[h]!;
      const free = p.free[h] === -1 ? -1 : (tail === -1 ? head : tail) + p.free[h]!;
      hops[i] = [p.channel[h]!, p.vc[h]!, head, tail, free, i - 1 - p.up[h]!];
    }
    worms[k] = {
      type: 'worm',
      worm,
      message,
      tag: p.tags[p.tag[k]!]!,
      phase: p.phase[k]!,
      source: p.source[k]!,
      length: p.length[k]!,
      stops,
      hops,
    };
  }
  return { header: p.header, worms, end: p.end };
}

/** Index of a name in a table, added on first sight. */
function indexer(table: string[]): (name: string) => number {
  const at = new Map<string, number>();
  return (name) => {
    let i = at.get(name);
    if (i === undefined) {
      i = table.length;
      table.push(name);
      at.set(name, i);
    }
    return i;
  };
}

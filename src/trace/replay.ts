import type { Trace, TraceWorm } from './format.js';

/** Services under which a stop delivers the message to its processor (absorbs it for good). */
const DELIVERS = new Set(['ABS', 'PAF', 'PAR', 'PAFR']);

export interface ReplayedDelivery {
  node: number;
  /** Cycles the header and the tail entered the node's consumption channel (-1: never). */
  header: number;
  tail: number;
  worm: number;
}

/**
 * Every delivery of every message, replayed from the trace alone: a worm's hop into a consumption
 * channel of a node where its header says to absorb. Ordered by header cycle, then node.
 */
export function deliveriesOf(trace: Pick<Trace, 'header' | 'worms'>): Map<number, ReplayedDelivery[]> {
  const out = new Map<number, ReplayedDelivery[]>();
  for (const w of trace.worms) {
    for (const d of wormDeliveries(trace, w)) {
      let list = out.get(w.message);
      if (!list) out.set(w.message, (list = []));
      list.push(d);
    }
  }
  for (const list of out.values()) list.sort((a, b) => a.header - b.header || a.node - b.node);
  return out;
}

export function wormDeliveries(trace: Pick<Trace, 'header'>, w: TraceWorm): ReplayedDelivery[] {
  const ch = trace.header.channels;
  const absorbs = new Set(w.stops.filter((s) => DELIVERS.has(s.service)).map((s) => s.node));
  const out: ReplayedDelivery[] = [];
  for (const [c, , head, tail] of w.hops) {
    const k = ch[c]!;
    if (k.kind === 'sink' && absorbs.has(k.from))
      out.push({ node: k.from, header: head, tail, worm: w.worm });
  }
  return out;
}

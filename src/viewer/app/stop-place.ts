import type { TraceHeader, TraceStop, TraceWorm } from '../../trace/format.js';

/** Where a stop's service happens: at an end node, or at a switch of a switch-based network. */
export type StopPlace = { kind: 'node'; id: number } | { kind: 'switch'; id: number };

/**
 * The place of each of a worm's stops. A stop at a switch level (a fat tree's bit-string fork,
 * 002 sec. 3.2-3.3) is taken at the first switch of that level the worm reaches on its way toward
 * the stop's node after the stops before it: on the switches the worm crossed from its source to
 * that node (its hops, followed back from the node's consumption hop), the last one of that
 * level, since a fork below the top of the path lies on its way down. Undefined when the trace
 * does not show the worm reaching the node (a window, or a run that ended first).
 */
export function stopPlaces(h: TraceHeader, w: TraceWorm): Array<StopPlace | undefined> {
  return w.stops.map((s) => (s.level ? switchOf(h, w, s) : { kind: 'node', id: s.node }));
}

function switchOf(h: TraceHeader, w: TraceWorm, s: TraceStop): StopPlace | undefined {
  const sw = h.switches;
  if (!sw) return undefined;
  const sink = w.hops.findIndex(([c]) => h.channels[c]!.kind === 'sink' && h.channels[c]!.from === s.node);
  if (sink < 0) return undefined;
  // Back from the node to the injection hop: each network hop enters the switch at its `to` end.
  let found: number | undefined;
  let i = w.hops[sink]![5];
  const downward: number[] = [];
  while (i >= 0) {
    const ch = h.channels[w.hops[i]![0]]!;
    if (ch.kind === 'net') downward.push(ch.to);
    i = w.hops[i]![5];
  }
  downward.push(sw.ofNode[w.source]!);
  // `downward` runs from the node's switch back to the source's: the first of the level is the last
  // of that level on the way from the source.
  for (const id of downward)
    if (sw.hints[id]?.[0] === s.level) {
      found = id;
      break;
    }
  return found === undefined ? undefined : { kind: 'switch', id: found };
}

/** A stop as the side panel lists it: its node, or the switch it is taken at. */
export function stopName(h: TraceHeader, s: TraceStop, place: StopPlace | undefined): string {
  if (place?.kind === 'switch') return `${h.switches!.names[place.id]}(${s.service})`;
  if (s.level) return `${h.nodes[s.node]}(${s.service} at level ${s.level})`;
  return `${h.nodes[s.node]}(${s.service})`;
}

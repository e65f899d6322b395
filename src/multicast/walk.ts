import type { StopSpec, WormSpec } from '../plan/worm.js';
import { followRoute, type HopVisit } from '../routing/follow.js';
import type { RoutingFunction } from '../routing/routing.js';
import type { Topology } from '../topology/topology.js';

/**
 * Walks one worm's header, branches included, through its routing function (the shared
 * followRoute): `onHop` for every channel hop in header order, `onStop` for every stop once the
 * worm has reached it, with its hop depth counted from `start`. Returns the deepest hop count of
 * the worm's paths. Plan inspection (`mcsim plan`) and plan metrics (hop latency, traffic) both
 * read worms through here.
 */
export function walkWorm(
  topo: Topology,
  rf: RoutingFunction,
  worm: WormSpec,
  start: number,
  onHop: HopVisit,
  onStop?: (stop: StopSpec, depth: number) => void,
): number {
  let longest = start;
  // One visitor for the whole worm (not one per stop: planners walk millions of stops), reading
  // and writing the hop count and the switch reached through `at`.
  const at = { depth: 0, reached: 0 };
  const visit: HopVisit = (a, port, b, packed) => {
    at.depth++;
    at.reached = b;
    onHop(a, port, b, packed);
  };
  const walk = (from: number, prevPort: number, list: StopSpec[], depth: number) => {
    let cur = from;
    let pp = prevPort;
    let d = depth;
    for (const stop of list) {
      const lv = stop.level ?? 0;
      at.depth = d;
      at.reached = cur;
      pp = followRoute(topo, rf, cur, stop.node, cur, pp, visit, worm.source, lv);
      d = at.depth;
      cur = lv > 0 ? at.reached : topo.nodeSwitch(stop.node);
      onStop?.(stop, d);
      if (stop.branches) for (const br of stop.branches) walk(cur, pp, br, d);
    }
    if (d > longest) longest = d;
  };
  walk(topo.nodeSwitch(worm.source), -1, worm.stops, start);
  return longest;
}

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
  const walk = (from: number, prevPort: number, list: StopSpec[], depth: number) => {
    let cur = from;
    let pp = prevPort;
    let d = depth;
    const hop: HopVisit = (a, port, b, packed) => {
      d++;
      onHop(a, port, b, packed);
    };
    for (const stop of list) {
      const lv = stop.level ?? 0;
      let reached = cur;
      pp = followRoute(
        topo,
        rf,
        cur,
        stop.node,
        cur,
        pp,
        (a, port, b, packed) => {
          reached = b;
          hop(a, port, b, packed);
        },
        worm.source,
        lv,
      );
      cur = lv > 0 ? reached : topo.nodeSwitch(stop.node);
      onStop?.(stop, d);
      if (stop.branches) for (const br of stop.branches) walk(cur, pp, br, d);
    }
    longest = Math.max(longest, d);
  };
  walk(topo.nodeSwitch(worm.source), -1, worm.stops, start);
  return longest;
}

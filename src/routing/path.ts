import type { Topology } from '../topology/topology.js';
import { followRoute } from './follow.js';
import type { RoutingFunction } from './routing.js';

export interface Hop {
  from: number;
  port: number;
  portName: string;
  to: number;
  vcMask: number;
  vcs: string[];
}

/** The route of a unicast from end node `from` to end node `to`, hop by hop between switches (empty when both sit on one switch). */
export function tracePath(topo: Topology, rf: RoutingFunction, from: number, to: number): Hop[] {
  return tracePathVia(topo, rf, from, [to]);
}

/** The route of a path worm visiting `stops` in order; each leg starts at the previous stop. */
export function tracePathVia(
  topo: Topology,
  rf: RoutingFunction,
  src: number,
  stops: readonly number[],
): Hop[] {
  const hops: Hop[] = [];
  let cur = topo.nodeSwitch(src);
  let prev = -1;
  for (const stop of stops) {
    prev = followRoute(
      topo,
      rf,
      cur,
      stop,
      cur,
      prev,
      (from, port, to, packed) => {
        const vcMask = packed >>> 8;
        const vcs: string[] = [];
        for (let v = 0; v < 24; v++) if ((vcMask >>> v) & 1) vcs.push(rf.vcName(from, port, v));
        hops.push({ from, port, portName: topo.portName(port), to, vcMask, vcs });
      },
      src,
    );
    cur = topo.nodeSwitch(stop);
  }
  return hops;
}

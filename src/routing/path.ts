import type { Topology } from '../topology/topology.js';
import { McsimError } from '../util/errors.js';
import type { RoutingFunction } from './routing.js';
import { EJECT } from './routing.js';

export interface Hop {
  from: number;
  port: number;
  portName: string;
  to: number;
  vcMask: number;
  vcs: string[];
}

/** The route of a unicast from `from` to `to`, hop by hop (empty when from === to). */
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
  let cur = src;
  let prev = -1;
  for (const stop of stops) {
    const leg = cur;
    let guard = 0;
    while (cur !== stop) {
      const packed = rf.route(cur, stop, leg, prev, src);
      const port = packed & 0xff;
      const next = port === EJECT ? -1 : topo.neighbor(cur, port);
      if (next < 0)
        throw new McsimError(
          `routing ${rf.name} chose port ${port} at ${topo.formatNode(cur)}, which has no channel`,
        );
      if (++guard > topo.numNodes * 4)
        throw new McsimError(
          `routing ${rf.name} loops between ${topo.formatNode(leg)} and ${topo.formatNode(stop)}`,
        );
      const vcMask = packed >>> 8;
      const vcs: string[] = [];
      for (let v = 0; v < 24; v++) if ((vcMask >>> v) & 1) vcs.push(rf.vcName(cur, port, v));
      hops.push({ from: cur, port, portName: topo.portName(port), to: next, vcMask, vcs });
      prev = port;
      cur = next;
    }
  }
  return hops;
}

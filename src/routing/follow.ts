import type { Topology } from '../topology/topology.js';
import { McsimError } from '../util/errors.js';
import { EJECT, type RoutingFunction } from './routing.js';

/**
 * One routing decision at router `cur` toward `dest`, checked against the topology: the packed
 * route (port and allowed VCs) of a port that has a channel. The engine's head processing and every
 * hop of `followRoute` go through here, so inspection, analysis, the CLI and the simulation agree.
 */
export function routeStep(
  topo: Topology,
  rf: RoutingFunction,
  cur: number,
  dest: number,
  legSrc: number,
  prevPort: number,
  wormSrc?: number,
): number {
  const packed = rf.route(cur, dest, legSrc, prevPort, wormSrc);
  const port = packed & 0xff;
  if (port === EJECT || topo.neighbor(cur, port) < 0)
    throw new McsimError(
      `routing ${rf.name} chose port ${port} at ${topo.formatSwitch(cur)} toward ${topo.formatNode(dest)}, which has no channel`,
    );
  return packed;
}

/** Called for every hop of a followed route: the router left, the port, the router reached, the packed route. */
export type HopVisit = (from: number, port: number, to: number, packed: number) => void;

/**
 * Follows the routing function from switch `from` to the switch end node `dest` is attached to,
 * hop by hop, calling `visit` for each hop. `legSrc` is the switch where the leg began and
 * `prevPort` the port that brought the worm to `from` (-1 at its source), as the engine passes
 * them; `wormSrc` is the end node the whole worm started from (routings that follow one scheme's
 * worms, such as TASNEM's, need it). Returns the port of the last hop (`prevPort` when `from` is
 * already dest's switch). With `level` > 0 the route ends instead at the switch of that level whose
 * subtree holds dest (a replication stop of a bit-string worm, 002 sec. 3.3). A route longer than 4 hops per switch
 * is a loop and is rejected.
 */
export function followRoute(
  topo: Topology,
  rf: RoutingFunction,
  from: number,
  dest: number,
  legSrc: number,
  prevPort: number,
  visit: HopVisit,
  wormSrc?: number,
  level = 0,
): number {
  let cur = from;
  let prev = prevPort;
  let guard = 0;
  const last = topo.nodeSwitch(dest);
  if (level > 0 && !(topo.switchLevel && topo.covers))
    throw new McsimError(`${topo.spec} has no switch levels: a stop cannot name level ${level}`);
  // A stop at a switch level (StopSpec.level) ends at the switch of that level above dest. (No
  // closure for the test: this runs for every stop of every planned worm.)
  while (level > 0 ? !(topo.switchLevel!(cur) === level && topo.covers!(cur, dest)) : cur !== last) {
    if (++guard > topo.numSwitches * 4)
      throw new McsimError(
        `routing ${rf.name} loops between ${topo.formatSwitch(legSrc)} and ${topo.formatNode(dest)}`,
      );
    const packed = routeStep(topo, rf, cur, dest, legSrc, prev, wormSrc);
    const port = packed & 0xff;
    const next = topo.neighbor(cur, port);
    visit(cur, port, next, packed);
    prev = port;
    cur = next;
  }
  return prev;
}

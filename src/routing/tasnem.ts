import type { Topology } from '../topology/topology.js';
import { McsimError } from '../util/errors.js';
import type { RoutingDef, RoutingFunction } from './routing.js';
import { EJECT, packRoute } from './routing.js';

/**
 * The routing that follows a TASNEM tree worm between its stops (001 sec. 3.3, Mess_Forward, in the
 * reading of docs/algorithms/tasnem.md). 'tasnem-up' is for worms whose vertical direction d_y is +1,
 * 'tasnem-down' for d_y = -1.
 *
 * Worm frame: a worm from row y_s has moved k = ((y - y_s) * d_y) mod n rows when it is in row y, and
 * Mess_Forward flips d_x on every vertical move, so every horizontal hop in row y goes in
 * h(y) = d_y * (-1)^(y_s + k) (the source's d_x is d_y * (-1)^(y_s), Dest_Prep with reading 2 of docs/algorithms/tasnem.md).
 * Toward the next stop t from c, with v = (x_c, y_c + d_y mod n): go horizontally when t lies in row
 * y_c or y_v strictly beyond x_c in direction h(y_c), else vertically to v. This is step 4/5 of
 * Mess_Forward restricted to one destination, which gives the same hops as the full rule because
 * stops include every fork.
 *
 * Deadlock avoidance (dateline): class 0 until the worm has crossed the vertical wraparound, class 1
 * on the crossing hop and after it (rows reached through the wraparound). A TASNEM worm never uses a
 * horizontal wraparound channel and crosses the vertical one at most once.
 */
function build(name: string, dy: 1 | -1) {
  return (topo: Topology, vcsPerClass: readonly number[]): RoutingFunction => {
    const m = topo.dims[0]!;
    const n = topo.dims[1]!;
    const V = vcsPerClass[0]!;
    const all = (1 << V) - 1;
    const low = (1 << (V >> 1)) - 1;
    const high = all & ~low;
    const half = V >> 1;
    return {
      name,
      route(cur, dest, legSrc, _prev, wormSrc) {
        if (cur === dest) return packRoute(EJECT, 1);
        const src = wormSrc ?? legSrc;
        const ys = Math.floor(src / m);
        const xc = cur % m;
        const yc = Math.floor(cur / m);
        const xt = dest % m;
        const yt = Math.floor(dest / m);
        const yv = (yc + dy + n) % n;
        const k = ((((yc - ys) * dy) % n) + n) % n;
        const h = (ys + k) % 2 === 0 ? dy : -dy;
        // The rule reaches exactly the nodes ahead of cur in the worm frame (a TASNEM worm's stops
        // always are); anything else would circle the torus for ever, so it is an error.
        const kt = ((((yt - ys) * dy) % n) + n) % n;
        const ht = (ys + kt) % 2 === 0 ? dy : -dy;
        if (kt * m + (ht === 1 ? xt : m - 1 - xt) <= k * m + (h === 1 ? xc : m - 1 - xc))
          throw new McsimError(
            `routing ${name}: ${topo.formatNode(dest)} is not ahead of ${topo.formatNode(cur)} in the frame of a worm from ${topo.formatNode(src)} (this routing follows TASNEM worms only)`,
          );
        if ((yt === yc || yt === yv) && (xt - xc) * h > 0) {
          const crossed = dy === 1 ? yc < ys : yc > ys;
          return packRoute(h > 0 ? 0 : 1, crossed ? high : low);
        }
        const crossed = dy === 1 ? yv < ys : yv > ys;
        return packRoute(dy > 0 ? 2 : 3, crossed ? high : low);
      },
      vcName(_c, _port, vc) {
        return vc < half ? `dl0-vc${vc}` : `dl1-vc${vc}`;
      },
    };
  };
}

/** 2D torus of at least 3 x 3 with at least 2 VCs (one per dateline class). */
export function check2dTorusVcs(topo: Topology, vcs: readonly number[]): string | undefined {
  if (topo.dims.length !== 2) return `needs a 2D torus, got ${topo.spec}`;
  if (topo.dims[0]! < 3 || topo.dims[1]! < 3)
    return `needs at least 3 nodes in each dimension (a wraparound channel of its own), got ${topo.spec}`;
  if (vcs[0]! < 2) return `needs at least 2 virtual channels for the dateline classes, got ${vcs[0]}`;
  return undefined;
}

export const tasnemUpRouting: RoutingDef = {
  name: 'tasnem-up',
  description: 'TASNEM tree-worm routing, vertical direction +y (001 sec. 3.3; dateline VCs)',
  topologies: ['torus'],
  wormsOf: 'tasnem',
  check: check2dTorusVcs,
  build: build('tasnem-up', 1),
};

export const tasnemDownRouting: RoutingDef = {
  name: 'tasnem-down',
  description: 'TASNEM tree-worm routing, vertical direction -y (001 sec. 3.3; dateline VCs)',
  topologies: ['torus'],
  wormsOf: 'tasnem',
  check: check2dTorusVcs,
  build: build('tasnem-down', -1),
};

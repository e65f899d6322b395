import type { Topology } from '../topology/topology.js';
import type { RoutingDef, RoutingFunction } from './routing.js';
import { EJECT, packRoute } from './routing.js';
import { check2dTorusVcs } from './tasnem.js';

/**
 * One-signed dimension order on a 2D torus: 'xy-plus' goes +x (through the wraparound when needed)
 * until the column is right, then +y; 'xy-minus' goes -x, then -y. They are the "deterministic
 * routing function which supplies a unique minimal path" of T2W ([20] of 001, sec. 2) in the two
 * readings of docs/algorithms/t2w.md: in the source-origin reading every worm follows 'xy-plus'
 * (the minimal path of the mesh with the source at its origin); in the shortest-direction reading
 * each worm follows the one whose sign is the way round the ring it takes. A worm's direction
 * cannot be told from the current node and the target alone (a leg may be longer than half the
 * ring), so it is in the routing's name.
 *
 * Dateline classes per dimension, counted from the worm's source (not the current leg, so a path
 * worm with several stops crosses each wraparound at most once in class 0): class 1 once the
 * coordinate has wrapped past the worm source's (below it going +, above it going -).
 */
function build(name: string, sign: 1 | -1) {
  return (topo: Topology, vcsPerClass: readonly number[]): RoutingFunction => {
    const m = topo.dims[0]!;
    const n = topo.dims[1]!;
    const V = vcsPerClass[0]!;
    const all = (1 << V) - 1;
    const half = V >> 1;
    const low = (1 << half) - 1;
    const high = all & ~low;
    // Port 0/1 = x+/x-, 2/3 = y+/y-.
    const px = sign > 0 ? 0 : 1;
    const py = sign > 0 ? 2 : 3;
    const wrapped = sign > 0 ? (next: number, s: number) => next < s : (next: number, s: number) => next > s;
    return {
      name,
      route(cur, dest, legSrc, _prev, wormSrc) {
        if (cur === dest) return packRoute(EJECT, 1);
        const src = wormSrc ?? legSrc;
        const xc = cur % m;
        if (xc !== dest % m) {
          const nx = (xc + sign + m) % m;
          return packRoute(px, wrapped(nx, src % m) ? high : low);
        }
        const ny = (Math.floor(cur / m) + sign + n) % n;
        return packRoute(py, wrapped(ny, Math.floor(src / m)) ? high : low);
      },
      vcName(_c, _port, vc) {
        return vc < half ? `dl0-vc${vc}` : `dl1-vc${vc}`;
      },
    };
  };
}

export const xyPlusRouting: RoutingDef = {
  name: 'xy-plus',
  description: 'dimension order +x then +y on a 2D torus (T2W, 001 sec. 2; dateline VCs)',
  topologies: ['torus'],
  check: check2dTorusVcs,
  build: build('xy-plus', 1),
};

export const xyMinusRouting: RoutingDef = {
  name: 'xy-minus',
  description: 'dimension order -x then -y on a 2D torus (T2W shortest-direction reading; dateline VCs)',
  topologies: ['torus'],
  check: check2dTorusVcs,
  build: build('xy-minus', -1),
};

import type { RoutingDef, RoutingFunction } from './routing.js';
import { EJECT, packRoute } from './routing.js';
import { check2dTorusVcs } from './tasnem.js';

/**
 * Positive dimension order on a 2D torus: +x (through the wraparound when needed) until the column
 * is right, then +y. It is the "deterministic routing function which supplies a unique minimal
 * path" of T2W ([20] of 001, sec. 2) read in the mesh that has the source at its origin: the
 * horizontal main path and the column paths only ever go +x and +y (docs/algorithms/t2w.md).
 *
 * Dateline classes per dimension, counted from the worm's source (not the current leg, so a path
 * worm with several stops crosses each wraparound at most once in class 0): class 1 once the
 * coordinate has wrapped below the worm source's.
 */
export const xyPlusRouting: RoutingDef = {
  name: 'xy-plus',
  description: 'dimension order +x then +y on a 2D torus (T2W, 001 sec. 2; dateline VCs)',
  topologies: ['torus'],
  check: check2dTorusVcs,
  build(topo, vcsPerClass): RoutingFunction {
    const m = topo.dims[0]!;
    const n = topo.dims[1]!;
    const V = vcsPerClass[0]!;
    const all = (1 << V) - 1;
    const half = V >> 1;
    const low = (1 << half) - 1;
    const high = all & ~low;
    return {
      name: 'xy-plus',
      route(cur, dest, legSrc, _prev, wormSrc) {
        if (cur === dest) return packRoute(EJECT, 1);
        const src = wormSrc ?? legSrc;
        const xc = cur % m;
        if (xc !== dest % m) {
          const nx = (xc + 1) % m;
          return packRoute(0, nx < src % m ? high : low);
        }
        const ny = (Math.floor(cur / m) + 1) % n;
        return packRoute(2, ny < Math.floor(src / m) ? high : low);
      },
      vcName(_c, _port, vc) {
        return vc < half ? `dl0-vc${vc}` : `dl1-vc${vc}`;
      },
    };
  },
};

import { McsimError } from '../util/errors.js';
import type { RoutingDef, RoutingFunction } from './routing.js';
import { EJECT, packRoute } from './routing.js';

/**
 * Hamiltonian-path routing of Lin, McKinley & Ni (dual-path and multi-path multicast, [7] of 000)
 * on a 2D mesh. Nodes carry the snake label l(x, y) = yX + x on even rows and yX + X - 1 - x on odd
 * rows. Toward a destination with a higher label the worm takes the neighbour with the highest label
 * not beyond the destination's (the high-channel subnetwork); toward a lower label, the lowest not
 * below it (the low-channel subnetwork). Labels change monotonically along a route, so each
 * subnetwork is acyclic and path worms that visit destinations in label order cannot deadlock.
 */
export const hamiltonianRouting: RoutingDef = {
  name: 'hamiltonian',
  description: 'label-monotone routing on the snake Hamiltonian path of a 2D mesh (dual-path, multi-path)',
  topologies: ['mesh'],
  check(topo) {
    return topo.dims.length === 2 ? undefined : `needs a 2D mesh, got ${topo.spec}`;
  },
  build(topo, vcsPerClass): RoutingFunction {
    if (topo.dims.length !== 2) throw new McsimError(`hamiltonian routing needs a 2D mesh, got ${topo.spec}`);
    const X = topo.dims[0]!;
    const N = topo.numNodes;
    const label = new Int32Array(N);
    for (let n = 0; n < N; n++) {
      const [x, y] = topo.coords(n) as [number, number];
      label[n] = y % 2 === 0 ? y * X + x : y * X + X - 1 - x;
    }
    const all = (1 << vcsPerClass[0]!) - 1;
    return {
      name: 'hamiltonian',
      route(cur, dest) {
        if (cur === dest) return packRoute(EJECT, 1);
        const up = label[dest]! > label[cur]!;
        let best = -1;
        let bestLabel = up ? -1 : N;
        for (let p = 0; p < topo.numPorts; p++) {
          const v = topo.neighbor(cur, p);
          if (v < 0) continue;
          const l = label[v]!;
          if (
            up
              ? l > label[cur]! && l <= label[dest]! && l > bestLabel
              : l < label[cur]! && l >= label[dest]! && l < bestLabel
          ) {
            best = p;
            bestLabel = l;
          }
        }
        return packRoute(best, all);
      },
      vcName(_cur, _port, vc) {
        return `vc${vc}`;
      },
    };
  },
};

import type { Topology } from '../topology/topology.js';
import type { RoutingDef, RoutingFunction } from './routing.js';
import { EJECT, packRoute } from './routing.js';

/**
 * Dimension-order routing on k-ary n-cubes (Dally & Seitz; 'xy'/'yx' on 2D, 'dor'/'ecube' in
 * general): correct the dimensions one at a time in a fixed order, each minimally.
 * Mesh dimensions may use every VC. Torus dimensions take the shorter way around (on a tie, the +
 * direction) and avoid deadlock with dateline classes: VCs [0, V/2) before the worm has crossed the
 * wrap-around channel of the current dimension during its current leg, VCs [V/2, V) from the
 * crossing on. In dimension order a worm enters a dimension at its leg source's coordinate, so
 * "has crossed" is: going +, the next coordinate is below the leg source's; going -, above it.
 */
function build(name: string, order: (nd: number) => number[]) {
  return (topo: Topology, vcsPerClass: readonly number[]): RoutingFunction => {
    const dims = topo.dims;
    const nd = dims.length;
    const ord = order(nd);
    const wrap = dims.map((_, d) => wraps(topo, d));
    const V = vcsPerClass[0]!;
    const all = (1 << V) - 1;
    const half = V >> 1;
    const low = (1 << half) - 1;
    const high = all & ~low;
    // Node ids are mixed-radix numbers (dimension 0 fastest): coordinates by arithmetic, so the
    // routing decision allocates nothing.
    const stride = new Int32Array(nd);
    for (let d = 0, m = 1; d < nd; d++) {
      stride[d] = m;
      m *= dims[d]!;
    }
    const dimOrder = Int32Array.from(ord);
    const coord = (n: number, d: number) => Math.floor(n / stride[d]!) % dims[d]!;
    return {
      name,
      route(c, dest, legSrc) {
        if (c === dest) return packRoute(EJECT, 1);
        for (let i = 0; i < dimOrder.length; i++) {
          const d = dimOrder[i]!;
          const x = coord(c, d);
          const y = coord(dest, d);
          if (x === y) continue;
          const k = dims[d]!;
          if (!wrap[d]) return packRoute(y > x ? 2 * d : 2 * d + 1, all);
          const fwd = (y - x + k) % k;
          const plus = fwd <= k - fwd;
          const next = plus ? (x + 1) % k : (x - 1 + k) % k;
          const s0 = coord(legSrc, d);
          const crossed = plus ? next < s0 : next > s0;
          return packRoute(plus ? 2 * d : 2 * d + 1, crossed ? high : low);
        }
        return packRoute(EJECT, 1);
      },
      vcName(_c, port, vc) {
        const d = port >> 1;
        if (!wrap[d]) return `vc${vc}`;
        return vc < half ? `dl0-vc${vc}` : `dl1-vc${vc}`;
      },
    };
  };
}

/** Whether dimension d of a k-ary n-cube has wrap-around channels (the last node links to the first). */
function wraps(topo: Topology, d: number): boolean {
  const k = topo.dims[d]!;
  if (k < 2) return false;
  return topo.neighbor(topo.nodeAt(topo.dims.map((kk, e) => (e === d ? kk - 1 : 0))), 2 * d) >= 0;
}

const torusCheck = (topo: Topology, vcs: readonly number[]): string | undefined => {
  const hasWrap = topo.dims.some((_, d) => wraps(topo, d));
  if (hasWrap && vcs[0]! < 2)
    return `torus routing needs at least 2 virtual channels for the dateline classes, got ${vcs[0]}`;
  return undefined;
};

export const xyRouting: RoutingDef = {
  name: 'xy',
  description: 'dimension order, X then Y (2D meshes and tori)',
  topologies: ['mesh', 'torus', 'kary'],
  check: (topo, vcs) =>
    topo.dims.length !== 2
      ? `xy needs 2 dimensions, ${topo.spec} has ${topo.dims.length}`
      : torusCheck(topo, vcs),
  build: build('xy', () => [0, 1]),
};

export const yxRouting: RoutingDef = {
  name: 'yx',
  description: 'dimension order, Y then X (2D meshes and tori)',
  topologies: ['mesh', 'torus', 'kary'],
  check: (topo, vcs) =>
    topo.dims.length !== 2
      ? `yx needs 2 dimensions, ${topo.spec} has ${topo.dims.length}`
      : torusCheck(topo, vcs),
  build: build('yx', () => [1, 0]),
};

export const dorRouting: RoutingDef = {
  name: 'dor',
  description: 'dimension order, dimension 0 first (any k-ary n-cube; dateline VCs on tori)',
  topologies: ['mesh', 'torus', 'kary'],
  check: torusCheck,
  build: build('dor', (nd) => Array.from({ length: nd }, (_, d) => d)),
};

export const ecubeRouting: RoutingDef = {
  name: 'ecube',
  description: 'e-cube: dimension order, lowest dimension first (same as dor)',
  topologies: ['mesh', 'torus', 'kary'],
  check: torusCheck,
  build: build('ecube', (nd) => Array.from({ length: nd }, (_, d) => d)),
};

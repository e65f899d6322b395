import type { Topology } from '../topology/topology.js';

/**
 * Fit check shared by the 2D-torus schemes of 001 (TASNEM, T2W, Uniform, multipath-HCM): a torus
 * with exactly two dimensions of at least 3 nodes each (with 2 nodes the + and - channels of a
 * dimension join the same pair of routers, and "the wraparound channel" is not one channel).
 */
export function check2dTorus(topo: Topology): string | undefined {
  if (topo.kind !== 'torus' || topo.dims.length !== 2) return `needs a 2D torus, got ${topo.spec}`;
  if (topo.dims[0]! < 3 || topo.dims[1]! < 3)
    return `needs at least 3 nodes in each dimension, got ${topo.spec}`;
  return undefined;
}

/**
 * The snake label of 001 Eq. (1): Q(x, y) = y*m + x on even rows, y*m + m - x - 1 on odd rows, with
 * m the number of columns (001 prints n for the row length, a typo invisible on square tori).
 */
export function snakeQ(m: number, x: number, y: number): number {
  return y % 2 === 0 ? y * m + x : y * m + m - x - 1;
}

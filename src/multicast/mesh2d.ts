import type { Topology } from '../topology/topology.js';

/** Fit check shared by the 2D-mesh schemes of 000: a mesh with exactly two dimensions. */
export function check2dMesh(topo: Topology): string | undefined {
  if (topo.kind !== 'mesh' || topo.dims.length !== 2) return `needs a 2D mesh, got ${topo.spec}`;
  return undefined;
}

/** Snake (boustrophedon) Hamiltonian label of a node of an X x Y mesh (Lin, McKinley & Ni [7] of 000). */
export function snakeLabel(topo: Topology, n: number): number {
  const [x, y] = topo.coords(n) as [number, number];
  const X = topo.dims[0]!;
  return y % 2 === 0 ? y * X + x : y * X + X - 1 - x;
}

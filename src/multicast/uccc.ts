import type { Topology } from '../topology/topology.js';
import type { MulticastPlan, PlannerDef } from './plan.js';
import { recursiveHalvingPlan } from './recursive-halving.js';

/**
 * Dimension order on CCC nodes (004 Definition 3): (i, x) <_d (j, y) iff x < y, or x = y and i <= j.
 * Returns a negative number when a comes first.
 */
export function cccOrder(topo: Topology, a: number, b: number): number {
  const [i, x] = topo.coords(a) as [number, number];
  const [j, y] = topo.coords(b) as [number, number];
  return x !== y ? x - y : i - j;
}

/** The dimension-ordered chain of a set of nodes (004 Definition 5). */
export function dimensionOrderedChain(topo: Topology, nodes: readonly number[]): number[] {
  return [...nodes].sort((a, b) => cccOrder(topo, a, b));
}

/** The R-chain with respect to `head`: the dimension-ordered chain rotated to start at it (004 Definition 6). */
export function rChain(topo: Topology, nodes: readonly number[], head: number): number[] {
  const chain = dimensionOrderedChain(topo, nodes);
  const s = chain.indexOf(head);
  if (s < 0) throw new Error('rChain: the head is not among the nodes');
  return [...chain.slice(s), ...chain.slice(0, s)];
}

/**
 * U-CCC's halving (004 Fig. 5): the local node is d_left; while left < right it sends to
 * d_center, center = left + ceil((right - left + 1) / 2), with the address field
 * {d_center .. d_right}, and keeps {d_left .. d_center-1}.
 */
export function halveUccc(left: number, right: number, _local: number) {
  const sends: Array<{ to: number; left: number; right: number }> = [];
  while (left < right) {
    const center = left + Math.ceil((right - left + 1) / 2);
    sends.push({ to: center, left: center, right });
    right = center - 1;
  }
  return sends;
}

/**
 * U-CCC (Song, Hou & Shi, 004 sec. 5): unicast-based multicast on one-port wormhole CCCs with HC
 * routing. Recursive halving of the R-chain of the source and destinations delivers to m - 1
 * destinations in ceil(log2 m) steps, and Theorem 3 makes its unicasts depth contention-free.
 */
export const uccc: PlannerDef = {
  name: 'uccc',
  description: 'U-CCC: recursive halving of the R-chain, ceil(log2 m) contention-free steps (004)',
  topologies: ['ccc'],
  routingFor: () => 'hc',
  plan(ctx, source, destinations): MulticastPlan {
    const chain = rChain(ctx.topology, [source, ...destinations], source);
    return recursiveHalvingPlan('uccc', chain, 0, ctx.length, halveUccc, destinations);
  },
};

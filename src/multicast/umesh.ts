import type { Topology } from '../topology/topology.js';
import type { MulticastPlan, PlannerDef } from './plan.js';
import { recursiveHalvingPlan } from './recursive-halving.js';

/**
 * U-mesh (McKinley, Xu, Esfahanian & Ni, [5] of 000): unicast-based multicast on a mesh with
 * dimension-ordered routing, in ceil(log2(m + 1)) contention-free steps for m destinations.
 * Source and destinations form a dimension-ordered chain — lexicographic order with the first
 * routed dimension most significant — and each holder of the message halves its part of the chain:
 * if it lies in the lower half it sends to the first node of the upper half, else to the last node
 * of the lower half, handing over responsibility for that half.
 */
export const umesh: PlannerDef = {
  name: 'umesh',
  description: 'U-mesh: recursive halving of the dimension-ordered chain, ceil(log2(m+1)) steps',
  topologies: ['mesh'],
  plan(ctx, source, destinations): MulticastPlan {
    const topo = ctx.topology;
    const chain = [source, ...destinations].sort((x, y) => dimensionOrder(topo, ctx.routing.name, x, y));
    return recursiveHalvingPlan('umesh', chain, chain.indexOf(source), ctx.length, halveUmesh, destinations);
  },
};

/** U-mesh's split (McKinley et al.): the sender keeps the half it is in. */
export function halveUmesh(left: number, right: number, local: number) {
  const sends: Array<{ to: number; left: number; right: number }> = [];
  while (left < right) {
    const center = Math.floor((left + right) / 2);
    if (local <= center) {
      sends.push({ to: center + 1, left: center + 1, right });
      right = center;
    } else {
      sends.push({ to: center, left, right: center });
      left = center + 1;
    }
  }
  return sends;
}

/**
 * Dimension order of mesh nodes for a dimension-ordered routing: compare the coordinate routed first,
 * then the next (x then y for XY; y then x for YX; d0, d1, ... for dor).
 */
export function dimensionOrder(topo: Topology, routing: string, x: number, y: number): number {
  const cx = topo.coords(x);
  const cy = topo.coords(y);
  const order = routing === 'yx' ? [1, 0] : cx.map((_, i) => i);
  for (const i of order) if (cx[i] !== cy[i]) return cx[i]! - cy[i]!;
  return 0;
}

import type { MulticastPlan, PlannerDef } from './plan.js';
import { recursiveHalvingPlan } from './recursive-halving.js';
import { halveUmesh } from './umesh.js';

/**
 * U-Min (Xu, Gui & Ni, [46] of 002): software multicast on a multistage network by unicasts along a
 * binomial tree, the baseline of 002 sec. 7. The source and destinations form a chain in ascending
 * processor address; each holder halves its part of the chain as U-mesh does (the sender keeps the
 * half it is in and hands the other half to its first or last node), so the multicast takes
 * ceil(log2(m + 1)) phases (002 sec. 1). The unicasts are ordinary worms routed like all others
 * (LCA turnaround on a fat tree); a recipient forwards when the whole message has arrived, with no
 * overhead beyond the network's start-up (002 sec. 7.2 "zeroes" it). [46] proves its sends
 * contention-free on its own network model; under adaptive up routing two unicasts of one phase may
 * still share a down channel (docs/algorithms/umin.md), so nothing here assumes they do not.
 */
export const umin: PlannerDef = {
  name: 'umin',
  description:
    'U-Min: binomial recursive halving of the address-ordered chain, ceil(log2(m+1)) phases of unicasts',
  topologies: 'any',
  plan(ctx, source, destinations): MulticastPlan {
    // Sorted as integers (a typed array's own sort): a comparator call per comparison cost as much
    // as the rest of the plan.
    const chain = new Int32Array(destinations.length + 1);
    chain[0] = source;
    chain.set(destinations, 1);
    chain.sort();
    return recursiveHalvingPlan(
      'umin',
      Array.from(chain),
      chain.indexOf(source),
      ctx.length,
      halveUmesh,
      destinations,
    );
  },
};

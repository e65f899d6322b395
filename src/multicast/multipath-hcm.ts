import { type MulticastPlan, type PlannerDef, pathWorm } from './plan.js';
import { byCycleOffset, cycleOffsets } from './torus-uniform.js';
import { check2dTorus } from './torus2d.js';

/**
 * Multipath-HCM (Wang & Hung, [22] of 001; 001 sec. 2), reconstructed as in
 * docs/algorithms/multipath-hcm.md: destinations nearer the source going up the Hamiltonian cycle
 * (r(d) <= N - r(d); a tie goes up) form D^h, the others D^l; each is split by the source's column,
 * D^h1 = D^h with x >= x_s, D^h2 = D^h with x < x_s, D^l1 = D^l with x < x_s, D^l2 = D^l with
 * x >= x_s (this naming gives 001's case-study worms of 9, 34, 36 and 11 channels in its order).
 * Each non-empty subset is one path worm in cycle order, high ones on the high-channel network, low
 * ones on the low-channel network; four worms at most, one start-up.
 */
export const multipathHcm: PlannerDef = {
  name: 'multipath-hcm',
  description: 'multipath-HCM ([22] of 001): four path worms on the high- and low-channel networks',
  topologies: ['torus'],
  check: check2dTorus,
  routingFor: () => 'torus-hc-high',
  plan(ctx, source, dests): MulticastPlan {
    const [m, n] = ctx.topology.dims as [number, number];
    const N = m * n;
    const r = cycleOffsets(m, n, source);
    const xs = source % m;
    const sorted = byCycleOffset(m, n, source, dests);
    const up = sorted.filter((d) => r(d) <= N - r(d));
    const down = sorted.filter((d) => r(d) > N - r(d)).reverse();
    const groups: Array<[number[], string]> = [
      [up.filter((d) => d % m >= xs), 'torus-hc-high'],
      [up.filter((d) => d % m < xs), 'torus-hc-high'],
      [down.filter((d) => d % m < xs), 'torus-hc-low'],
      [down.filter((d) => d % m >= xs), 'torus-hc-low'],
    ];
    const worms = groups
      .filter(([g]) => g.length > 0)
      .map(([g, routing]) => pathWorm(source, g, ctx.length, routing));
    return {
      algorithm: 'multipath-hcm',
      source,
      destinations: [...dests],
      worms,
      phase: new Map(worms.map((w) => [w, 1])),
    };
  },
};

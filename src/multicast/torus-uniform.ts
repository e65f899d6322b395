import { torusCyclePositions } from '../routing/torus-cycle.js';
import { type MulticastPlan, type PlannerDef, pathWorm } from './plan.js';
import { check2dTorus } from './torus2d.js';

/**
 * Uniform routing (Wang, Yen & Chu, [21] of 001; 001 sec. 2), reconstructed as in
 * docs/algorithms/uniform.md: with r(d) the position of d on the torus' Hamiltonian cycle counted
 * from the source (torus-cycle.ts), the destinations sorted by r are split into two near-equal
 * halves, "according to their positions in the Hamiltonian cycle": the first ceil(k/2) go in one
 * path worm in increasing r on the high-channel network, the other floor(k/2) in one path worm in
 * decreasing r on the low-channel network. One start-up, at most two worms.
 */
export const uniform: PlannerDef = {
  name: 'uniform',
  description: 'Uniform ([21] of 001): two path worms around a Hamiltonian cycle, destinations balanced',
  topologies: ['torus'],
  check: check2dTorus,
  routingFor: () => 'torus-hc-high',
  plan(ctx, source, dests): MulticastPlan {
    const [m, n] = ctx.topology.dims as [number, number];
    const sorted = byCycleOffset(m, n, source, dests);
    const cut = Math.ceil(sorted.length / 2);
    const groups: Array<[number[], string]> = [
      [sorted.slice(0, cut), 'torus-hc-high'],
      [sorted.slice(cut).reverse(), 'torus-hc-low'],
    ];
    const worms = groups
      .filter(([g]) => g.length > 0)
      .map(([g, routing]) => pathWorm(source, g, ctx.length, routing));
    return {
      algorithm: 'uniform',
      source,
      destinations: [...dests],
      worms,
      phase: new Map(worms.map((w) => [w, 1])),
    };
  },
};

let cached: { m: number; n: number; P: Int32Array } | undefined;

/** r(d) = (P(d) - P(s)) mod N: the position of d on the Hamiltonian cycle, counted from s. */
export function cycleOffsets(m: number, n: number, source: number): (d: number) => number {
  if (!cached || cached.m !== m || cached.n !== n) cached = { m, n, P: torusCyclePositions(m, n) };
  const P = cached.P;
  const N = m * n;
  const ps = P[source]!;
  return (d) => (P[d]! - ps + N) % N;
}

/**
 * The destinations in increasing r, by one pass over the cycle (r is a bijection onto 0..N-1):
 * O(N) instead of a comparison sort, since the figures plan sets of up to N - 1 destinations.
 */
export function byCycleOffset(m: number, n: number, source: number, dests: readonly number[]): number[] {
  const r = cycleOffsets(m, n, source);
  const slot = new Int32Array(m * n);
  for (const d of dests) slot[r(d)] = d + 1;
  const out: number[] = [];
  for (const v of slot) if (v > 0) out.push(v - 1);
  return out;
}

import type { Rng } from '../util/rng.js';

/** A uniformly random source and k distinct destinations among the other nodes. */
export function randomMulticast(rng: Rng, numNodes: number, k: number): { source: number; dests: number[] } {
  const source = rng.int(numNodes);
  return { source, dests: rng.sample(numNodes, Math.min(k, numNodes - 1), source) };
}

/**
 * Number of destinations drawn from a normal distribution, rounded and clipped to [min, max]
 * (000 sec. 5.3: mean 32, standard deviation 15, between 2 and 250).
 */
export function normalCount(rng: Rng, mean: number, sd: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.round(mean + sd * rng.normal())));
}

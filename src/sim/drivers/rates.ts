import type { McsimConfig } from '../../config/schema.js';

type Uniform = Extract<McsimConfig['workload'], { type: 'uniform' }>;
type Mixed = Extract<McsimConfig['workload'], { type: 'mixed' }>;

/**
 * Per-node message rates of mixed traffic (000 sec. 5.3): with X the offered throughput in
 * messages delivered per cycle over the N nodes (X = load * N / packetLength), unicasts at
 * (1 - f) X / N and multicasts at f X / (N D), D the mean number of destinations. `fixed`: a
 * multicast's destinations when they are a fixed share of the other nodes (002 Fig. 17 compares 16
 * and 64 nodes at the same shares), 0 otherwise.
 */
export function mixedRates(w: Mixed, N: number): { uniRate: number; mcRate: number; fixed: number } {
  const X = (w.load * N) / w.packetLength;
  const share = w.destinations.ofOthers;
  const fixed = share === undefined ? 0 : Math.max(1, Math.round(share * (N - 1)));
  const meanDests = fixed > 0 ? fixed : w.destinations.mean;
  return {
    uniRate: ((1 - w.multicastFraction) * X) / N,
    mcRate: (w.multicastFraction * X) / (N * meanDests),
    fixed,
  };
}

/**
 * Messages per cycle over the whole network of each set the measurement window watches, for
 * sizing its cap (driver.ts, windowEndFor): all messages, then, for mixed traffic, each class.
 */
export function classRates(w: Uniform | Mixed, N: number): number[] {
  if (w.type === 'uniform') return [(N * w.load) / w.packetLength];
  const { uniRate, mcRate } = mixedRates(w, N);
  return [N * (uniRate + mcRate), N * uniRate, N * mcRate];
}

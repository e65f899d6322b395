import { t975 } from './student-t.js';

/**
 * The uncertainty of one reported mean: how many samples stand behind it and the half-width of
 * its 95% confidence interval (the interval is mean +- halfWidth). docs/results.md, "Confidence
 * intervals", says how each method is sound.
 *
 * - `batch-means`: samples of one run, correlated in time, grouped into consecutive batches whose
 *   means are nearly independent; Student's t over the batches (ratio estimator, so batches of
 *   unequal counts are weighted by their counts).
 * - `iid`: independent samples (random multicasts run alone or planned); Student's t over them.
 * - `seeds`: one value per seed (independent replications); Student's t over the seeds.
 * - `pooled`: several seeds, each with its own interval: the seeds' variances of the mean add.
 * - `exact`: a quantity the model computes without sampling error.
 * `halfWidth` is null when no interval can be estimated (one seed of a quantity that has no
 * within-run samples, or fewer than two batches holding samples).
 */
export interface Interval {
  /** Samples behind the mean: messages, random multicast sets, or seeds. */
  n: number;
  halfWidth: number | null;
  method: 'batch-means' | 'iid' | 'seeds' | 'pooled' | 'exact';
  /**
   * Degrees of freedom of the t quantile (batches holding samples - 1, samples - 1, seeds - 1, or
   * Welch-Satterthwaite).
   */
  df: number;
  /**
   * Batch means: the lag-1 autocorrelation of the batches (near zero when they are long enough to
   * be independent; a positive value has widened the interval, see ratioBatchMeans).
   */
  lag1?: number;
}

/** Sums of x and x^2 over independent samples. */
export class Moments {
  n = 0;
  private sum = 0;
  private sumSq = 0;
  private shift = Number.NaN;

  add(x: number): void {
    // Shifted by the first sample, so that x^2 sums do not lose the variance to cancellation.
    if (Number.isNaN(this.shift)) this.shift = x;
    const d = x - this.shift;
    this.n++;
    this.sum += d;
    this.sumSq += d * d;
  }

  get mean(): number {
    return this.n === 0 ? 0 : this.shift + this.sum / this.n;
  }

  interval(): Interval {
    const n = this.n;
    if (n < 2) return { n, halfWidth: null, method: 'iid', df: 0 };
    const v = Math.max(0, (this.sumSq - (this.sum * this.sum) / n) / (n - 1));
    return { n, halfWidth: (t975(n - 1) * Math.sqrt(v)) / Math.sqrt(n), method: 'iid', df: n - 1 };
  }
}

/**
 * The largest lag-1 autocorrelation r of batch means that the first-order correction below accounts
 * for; beyond it the batches are too short for the window's slow fluctuations to be corrected for.
 */
export const LAG1_CORRECTABLE = 0.9;

/**
 * The factor by which correlated batches widen an interval: sqrt((1 + r) / (1 - r)), the standard
 * deviation of the mean of a first-order autoregressive series relative to an independent one, for
 * r = lag1 clamped to [0, LAG1_CORRECTABLE].
 */
export function ar1Widening(lag1: number): number {
  const r = Math.min(LAG1_CORRECTABLE, Math.max(0, lag1));
  return Math.sqrt((1 + r) / (1 - r));
}

/**
 * Batch means for a ratio R = sum(S) / sum(N) over K batches (S_k: the batch's summed values, N_k:
 * its count of samples, or its cycles for a rate). The batches are taken as identically distributed
 * pairs (S_k, N_k); the variance of R is then estimated by sum_k z_k^2 / (F (F - 1)) with
 * z_k = (S_k - R N_k) / Nbar (the ratio estimator), which with equal counts is the textbook variance
 * of the batch means.
 *
 * F counts only the batches that hold samples (N_k > 0), and Nbar = sum(N) / F: a batch without
 * samples (N_k = 0, so S_k = 0) has a residual of exactly zero that says nothing about the spread of
 * R, so it is no observation. Counting it as one (F = K) would add a degree of freedom per empty
 * batch and bias the variance low by (F - 1) K / (F (K - 1)): with samples i.i.d. of variance s^2
 * within batches, E sum_k (S_k - R N_k)^2 = s^2 (sum N - sum N_k^2 / sum N), which is s^2 m (F - 1)
 * for F batches of m samples however many empty batches lie between them. A rare message class
 * (a few multicasts among many unicasts) has samples in only some of a window's batches: its
 * interval has F - 1 degrees of freedom, never more than its samples - 1 (every counted batch holds
 * at least one), and is the same as if its empty batches were not there. For rates every batch
 * has cycles, so F = K.
 *
 * Batch means are nearly independent only when batches are much longer than the time over which
 * samples are correlated. `lag1` is the lag-1 autocorrelation of the residuals of consecutive
 * batches that hold samples, the check of that: near zero when the batches are long enough, large
 * when they are not (near saturation, where queues fluctuate slowly). With `correlated` set
 * (batches of consecutive time, not independent samples), a positive lag1 widens the interval by
 * sqrt((1 + r) / (1 - r)) (r at most 0.9), the variance of the mean of a first-order
 * autoregressive series relative to an independent one.
 */
export function ratioBatchMeans(
  S: ArrayLike<number>,
  N: ArrayLike<number>,
  K: number,
  correlated = false,
): { mean: number; halfWidth: number | null; df: number; lag1: number } {
  let sumS = 0;
  let sumN = 0;
  let filled = 0;
  for (let k = 0; k < K; k++) {
    sumS += S[k]!;
    sumN += N[k]!;
    if (N[k]! > 0) filled++;
  }
  if (sumN === 0) return { mean: 0, halfWidth: null, df: 0, lag1: 0 };
  const R = sumS / sumN;
  if (filled < 2) return { mean: R, halfWidth: null, df: 0, lag1: 0 };
  const F = filled;
  const nbar = sumN / F;
  let ss = 0;
  let cross = 0;
  let prev = Number.NaN;
  for (let k = 0; k < K; k++) {
    if (!(N[k]! > 0)) continue;
    const z = (S[k]! - R * N[k]!) / nbar;
    ss += z * z;
    if (!Number.isNaN(prev)) cross += z * prev;
    prev = z;
  }
  const lag1 = ss > 0 ? cross / ss : 0;
  const se = Math.sqrt(ss / (F * (F - 1))) * (correlated ? ar1Widening(lag1) : 1);
  return { mean: R, halfWidth: t975(F - 1) * se, df: F - 1, lag1 };
}

/** One seed's estimate of a point's mean. */
export interface SeedEstimate {
  mean: number;
  interval?: Interval | undefined;
}

/**
 * A point's mean over its seeds and the interval of that mean. One seed: its own interval. Several
 * seeds that each carry a within-run interval: independent replications, so the variances of their
 * means add (var = sum se_i^2 / k^2), with Welch-Satterthwaite degrees of freedom; this keeps the
 * degrees of freedom of the batches, where Student's t over two or three seed means would have one
 * or two. Several seeds without within-run intervals (a makespan, a single plan-level value): t over
 * the seed means.
 *
 * The seeds weigh equally, whatever their sample counts. The seeds of a point are replications of
 * one design (same config, same stopping rule, another random stream), so their means are
 * exchangeable: each has the same expectation, and so has their plain average, whatever that
 * stopping rule does. Weights by sample count or by inverse variance would be more efficient, but
 * they are random and come from the same run as the mean they weigh: a run's length (it stops
 * when its intervals are tight) and its variance (queues that run long raise both latency and its
 * spread) depend on the queues that set its mean, so weighted averages lean toward the calmer,
 * lower-latency seeds. What equal weights cost is efficiency, and sum se_i^2 / k^2 is the exact
 * variance of the plain average, so the interval stays right. The cost is small because every
 * seed follows the same rule: each ends converged with at least the minimum of every class, or at
 * the same cap (sim/window.ts); seeds converged at windows one batch length apart (a count ratio of
 * 2) make the interval 6% wider than the inverse-variance one, where a seed of 10 samples beside
 * one of 1,000 (what a minimum over all messages allowed) makes it 5 times wider.
 */
export function combineSeeds(seeds: readonly SeedEstimate[]): { mean: number; interval: Interval } {
  const k = seeds.length;
  const mean = seeds.reduce((a, s) => a + s.mean, 0) / Math.max(1, k);
  if (k === 1)
    return { mean, interval: seeds[0]!.interval ?? { n: 1, halfWidth: null, method: 'seeds', df: 0 } };
  const within = seeds.every(
    (s) => s.interval !== undefined && s.interval.halfWidth !== null && s.interval.df >= 1,
  );
  if (within) {
    let v = 0;
    let dfDen = 0;
    let n = 0;
    for (const s of seeds) {
      const iv = s.interval!;
      n += iv.n;
      const se2 = (iv.halfWidth! / t975(iv.df)) ** 2;
      v += se2;
      dfDen += se2 ** 2 / iv.df;
    }
    const df = dfDen > 0 ? (v * v) / dfDen : Number.POSITIVE_INFINITY;
    const se = Math.sqrt(v) / k;
    return { mean, interval: { n, halfWidth: t975(Math.min(df, 1e9)) * se, method: 'pooled', df } };
  }
  const m = new Moments();
  for (const s of seeds) m.add(s.mean);
  const iv = m.interval();
  return { mean, interval: { ...iv, method: 'seeds' } };
}

import { longer } from '../util/longer.js';

/**
 * Exact distribution of non-negative integer samples (latencies in cycles) in a growing array of
 * counts: memory grows with the largest latency seen, not with the number of messages.
 */
export class IntHistogram {
  private bins = new Float64Array(256);
  count = 0;
  sum = 0;
  max = 0;

  add(v: number): void {
    const x = Math.max(0, Math.round(v));
    if (x >= this.bins.length) {
      let n = this.bins.length;
      while (n <= x) n *= 2;
      this.bins = longer(this.bins, n);
    }
    this.bins[x]!++;
    this.count++;
    this.sum += v;
    if (v > this.max) this.max = v;
  }

  get mean(): number {
    return this.count === 0 ? 0 : this.sum / this.count;
  }

  /**
   * Smallest value v such that at least q of the samples are <= v (nearest-rank on the samples
   * rounded to whole cycles, at most the maximum), 0 when empty.
   */
  quantile(q: number): number {
    if (this.count === 0) return 0;
    const rank = Math.max(1, Math.ceil(q * this.count));
    let seen = 0;
    for (let i = 0; i < this.bins.length; i++) {
      seen += this.bins[i]!;
      // Samples are binned by rounding: never report a quantile above the largest sample itself.
      if (seen >= rank) return Math.min(i, this.max);
    }
    return this.max;
  }
}

/** Two-sided 97.5% quantiles of Student's t for 1..30 degrees of freedom. */
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/**
 * 95% confidence interval of a mean by the method of batch means: samples are grouped into batches
 * (consecutive in creation time), whose means are nearly independent even when single latencies in
 * a congested network are not.
 */
export class BatchMeans {
  private readonly sums: Float64Array;
  private readonly counts: Float64Array;
  constructor(readonly batches = 10) {
    this.sums = new Float64Array(batches);
    this.counts = new Float64Array(batches);
  }

  /** `position` in [0, 1): where the sample falls in the measurement window. */
  add(position: number, v: number): void {
    const k = Math.min(this.batches - 1, Math.max(0, Math.floor(position * this.batches)));
    this.sums[k]! += v;
    this.counts[k]!++;
  }

  ci95(): [number, number] {
    const means: number[] = [];
    for (let k = 0; k < this.batches; k++)
      if (this.counts[k]! > 0) means.push(this.sums[k]! / this.counts[k]!);
    if (means.length === 0) return [0, 0];
    const m = means.reduce((a, b) => a + b, 0) / means.length;
    if (means.length < 2) return [m, m];
    const v = means.reduce((a, b) => a + (b - m) ** 2, 0) / (means.length - 1);
    const df = means.length - 1;
    const tq = T975[Math.min(df, T975.length) - 1]!;
    const h = (tq * Math.sqrt(v)) / Math.sqrt(means.length);
    return [m - h, m + h];
  }
}

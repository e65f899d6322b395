/**
 * Per-batch sums of several quantities over consecutive batches of equal length, for batch-means
 * confidence intervals (stats/interval.ts). A sample's key (cycles since the measurement window
 * opened, or a sample's index) picks its batch. The number of batches is not known in advance (a
 * run may end by convergence): when a key falls past the last batch, adjacent batches are merged in
 * pairs and the batch length doubles, so a series always holds between maxBatches/2 and maxBatches
 * batches once it is full, however long the run (the doubling scheme of batch means).
 */
export class BatchSeries {
  /** Key units (cycles or samples) per batch. */
  length: number;
  private readonly sums: Float64Array[] = [];

  constructor(
    initialLength: number,
    readonly maxBatches: number,
  ) {
    if (!(initialLength >= 1)) throw new Error(`batch length must be at least 1 (got ${initialLength})`);
    this.length = Math.ceil(initialLength);
  }

  /** A new accumulator, merged together with the others; returns its index. */
  accumulator(): number {
    this.sums.push(new Float64Array(this.maxBatches));
    return this.sums.length - 1;
  }

  add(acc: number, key: number, v: number): void {
    let k = Math.floor(key / this.length);
    while (k >= this.maxBatches) {
      this.merge();
      k = Math.floor(key / this.length);
    }
    this.sums[acc]![k]! += v;
  }

  /** Batches needed to cover keys [0, end). */
  batchesFor(end: number): number {
    return Math.min(this.maxBatches, Math.ceil(end / this.length));
  }

  /** Makes room for key `end - 1` (merging if needed), so batchesFor(end) covers it. */
  cover(end: number): void {
    while (Math.ceil(end / this.length) > this.maxBatches) this.merge();
  }

  /** The per-batch sums of an accumulator (read-only view, maxBatches long). */
  of(acc: number): Float64Array {
    return this.sums[acc]!;
  }

  /** Key units batch k covers inside [0, end): the full length, or less for the last one. */
  span(k: number, end: number): number {
    return Math.max(0, Math.min(this.length, end - k * this.length));
  }

  private merge(): void {
    const half = this.maxBatches >> 1;
    for (const s of this.sums) {
      for (let k = 0; k < half; k++) s[k] = s[2 * k]! + s[2 * k + 1]!;
      s.fill(0, half);
    }
    this.length *= 2;
  }
}

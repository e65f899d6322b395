import { type Interval, ratioBatchMeans } from '../stats/interval.js';
import { BatchSeries } from './batches.js';

/**
 * Batch-means intervals for named quantities of an open-loop window, beside the collector's own
 * (metrics/measures.ts): means of samples (`sample`) and rates per cycle (`amount`), each booked in
 * the batch of the cycle it belongs to. The switch diagnostics use it (switch-diagnostics.ts).
 */
export class NamedBatches {
  private readonly series: BatchSeries;
  private readonly sums = new Map<string, number>();
  private readonly counts = new Map<string, number>();

  constructor(batchCycles: number, maxBatches: number) {
    this.series = new BatchSeries(batchCycles, maxBatches);
  }

  private acc(map: Map<string, number>, name: string): number {
    let a = map.get(name);
    if (a === undefined) map.set(name, (a = this.series.accumulator()));
    return a;
  }

  /** One sample `v` of the mean `name`, in the batch of window cycle `key`. */
  sample(name: string, key: number, v: number): void {
    this.series.add(this.acc(this.sums, name), key, v);
    this.series.add(this.acc(this.counts, name), key, 1);
  }

  /** An amount of the rate `name` (per cycle), in the batch of window cycle `key`. */
  amount(name: string, key: number, v: number): void {
    this.series.add(this.acc(this.sums, name), key, v);
  }

  /** The interval of the mean `name` over a window of `cycles`. */
  meanInterval(name: string, cycles: number): Interval | undefined {
    const s = this.sums.get(name);
    const c = this.counts.get(name);
    if (s === undefined || c === undefined) return undefined;
    this.series.cover(cycles);
    const K = this.series.batchesFor(cycles);
    const r = ratioBatchMeans(this.series.of(s), this.series.of(c), K, true);
    let n = 0;
    for (let k = 0; k < K; k++) n += this.series.of(c)[k]!;
    return {
      n,
      halfWidth: r.halfWidth === null ? null : round(r.halfWidth),
      method: 'batch-means',
      df: r.df,
      lag1: round(r.lag1),
    };
  }

  /** The interval of the rate `name` per cycle, divided by `per` (links, nodes, switches), over a window of `cycles`. */
  rateInterval(name: string, cycles: number, per: number): Interval | undefined {
    const s = this.sums.get(name);
    if (s === undefined) return undefined;
    this.series.cover(cycles);
    const K = this.series.batchesFor(cycles);
    const spans = new Float64Array(K);
    for (let k = 0; k < K; k++) spans[k] = this.series.span(k, cycles) * per;
    const r = ratioBatchMeans(this.series.of(s), spans, K, true);
    return {
      n: K,
      halfWidth: r.halfWidth === null ? null : round(r.halfWidth),
      method: 'batch-means',
      df: r.df,
      lag1: round(r.lag1),
    };
  }
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

import type { Interval } from '../stats/interval.js';
import { ratioBatchMeans } from '../stats/interval.js';
import { BatchSeries } from './batches.js';

/** The batch accumulators of one set of messages (all of them, or one class): by creation batch. */
export interface MessageAccs {
  /** Finished measured messages. */
  n: number;
  latency: number;
  avgDest: number;
  header: number;
  traffic: number;
}

/**
 * How a run's samples are batched: by creation cycle inside a measurement window of an open-loop
 * run (`length` cycles to start with), or one batch per message for independent samples (random
 * multicasts run one at a time), where batch means are the plain i.i.d. interval.
 */
export type Batching =
  | { by: 'cycle'; length: number; maxBatches: number }
  | { by: 'sample'; maxBatches: number };

/** Batches of a run's measured messages and flits, with the intervals of their means. */
export class MeasureBatches {
  readonly series: BatchSeries;
  readonly all: MessageAccs;
  readonly classes = new Map<string, MessageAccs>();
  /** Measured messages created, by creation batch (cycle batching: tells open batches). */
  readonly created: number;
  /** Flits offered (created, times destinations) and accepted (delivered), by cycle. */
  readonly offered: number;
  readonly accepted: number;

  constructor(readonly batching: Batching) {
    this.series = new BatchSeries(batching.by === 'cycle' ? batching.length : 1, batching.maxBatches);
    this.all = this.messageAccs();
    this.created = this.series.accumulator();
    this.offered = this.series.accumulator();
    this.accepted = this.series.accumulator();
  }

  messageAccs(): MessageAccs {
    const s = this.series;
    return {
      n: s.accumulator(),
      latency: s.accumulator(),
      avgDest: s.accumulator(),
      header: s.accumulator(),
      traffic: s.accumulator(),
    };
  }

  classAccs(tag: string): MessageAccs {
    let a = this.classes.get(tag);
    if (!a) this.classes.set(tag, (a = this.messageAccs()));
    return a;
  }

  /** The interval of sum(acc) / sum(count) over the first K batches. */
  interval(acc: number, count: number, K: number): Interval {
    const cycles = this.batching.by === 'cycle';
    const r = ratioBatchMeans(this.series.of(acc), this.series.of(count), K, cycles);
    const s = this.series.of(count);
    let n = 0;
    for (let k = 0; k < K; k++) n += s[k]!;
    const iv: Interval = {
      n,
      halfWidth: r.halfWidth === null ? null : round(r.halfWidth),
      method: cycles ? 'batch-means' : 'iid',
      df: r.df,
    };
    if (cycles) iv.lag1 = round(r.lag1);
    return iv;
  }

  /** The interval of a rate sum(acc) / (cycles * nodes) over the first K batches of a window of `end` cycles. */
  rateInterval(acc: number, K: number, end: number, nodes: number): Interval {
    const spans = new Float64Array(K);
    for (let k = 0; k < K; k++) spans[k] = this.series.span(k, end) * nodes;
    const r = ratioBatchMeans(this.series.of(acc), spans, K, true);
    let n = 0;
    const c = this.series.of(this.created);
    for (let k = 0; k < K; k++) n += c[k]!;
    return {
      n,
      halfWidth: r.halfWidth === null ? null : round6(r.halfWidth),
      method: 'batch-means',
      df: r.df,
      lag1: round(r.lag1),
    };
  }

  /** The intervals of one message set's means over the first K batches, keyed by metric path under `prefix`. */
  messageIntervals(a: MessageAccs, K: number, prefix: string, out: Record<string, Interval>): void {
    out[`${prefix}latency.mean`] = this.interval(a.latency, a.n, K);
    out[`${prefix}latencyAvgDest.mean`] = this.interval(a.avgDest, a.n, K);
    if (prefix === '') out['headerLatency.mean'] = this.interval(a.header, a.n, K);
    out[`${prefix}traffic.perMessage`] = this.interval(a.traffic, a.n, K);
  }

  /**
   * Batches [0, K) whose time is over and whose measured messages have all finished, counted from
   * the first, at cycle `elapsed` of the window: the data a convergence check may use while the run
   * goes on.
   */
  closedPrefix(elapsed: number): number {
    const s = this.series;
    const full = Math.min(s.maxBatches, Math.floor(elapsed / s.length));
    const c = s.of(this.created);
    const d = s.of(this.all.n);
    let k = 0;
    while (k < full && d[k] === c[k]) k++;
    return k;
  }
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

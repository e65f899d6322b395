import type { MessageState } from '../engine/message.js';
import type { Interval } from '../stats/interval.js';
import { IntHistogram } from './histogram.js';
import { type Batching, MeasureBatches, type MessageAccs } from './measures.js';
import { stabilityOf } from './stability.js';
import type { LatencyStats, RunMetrics, WindowEnd } from './types.js';

/** Quantiles come from a histogram of whole cycles; the mean and its interval from the batches. */
class Quantiles {
  readonly latency = new IntHistogram();
  readonly avgDest = new IntHistogram();
  readonly header = new IntHistogram();
  traffic = 0;
  count = 0;
}

function stats(h: IntHistogram, iv: Interval): LatencyStats {
  const mean = round(h.mean);
  const hw = iv.halfWidth;
  return {
    count: h.count,
    mean,
    p50: h.quantile(0.5),
    p99: h.quantile(0.99),
    max: h.max,
    ci95: hw === null ? null : [round(mean - hw), round(mean + hw)],
  };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/** Default batching: the window in 20 batches (samples), or one batch per message. */
export function windowBatching(measure: number): Batching {
  return { by: 'cycle', length: Math.max(1, Math.ceil(measure / 20)), maxBatches: 32 };
}

/**
 * Streams finished messages into run metrics. Only messages created inside the measurement window
 * [start, end) count toward latency and traffic; throughput counts flits offered (created) and
 * accepted (delivered) inside the window. Every mean carries its sample count and 95% interval,
 * by batch means over the window (measures.ts); an open-loop window is also judged for stability
 * (stability.ts). The window's end may be decided while the run goes on (a run that ends by
 * convergence): `closeWindow`. Memory does not grow with the run's length.
 */
export class MetricsCollector {
  private readonly all = new Quantiles();
  private readonly byTag = new Map<string, Quantiles>();
  readonly batches: MeasureBatches;
  private measuredDone = 0;
  created = 0;
  delivered = 0;
  measured = 0;
  private offeredFlits = 0;
  private acceptedFlits = 0;
  /** The largest sample key seen (sample batching: messages, for the batches in use). */
  private lastKey = -1;
  private endedBy: WindowEnd['endedBy'] = 'fixed';
  /** A window that may end by convergence: the classes it watches and the minimum count of each. */
  private minimum: { classes: readonly string[]; messages: number } | undefined;
  windowEnd: number;
  /** The last cycle a creation or a delivery was counted in the window (-1: none yet). */
  lastCounted = -1;

  constructor(
    readonly numNodes: number,
    readonly windowStart: number,
    /** The window's end as planned: a fixed window's end, or the cap of one that may end earlier. */
    readonly windowCap: number,
    batching: Batching = { by: 'sample', maxBatches: 4096 },
  ) {
    this.windowEnd = windowCap;
    this.batches = new MeasureBatches(batching);
  }

  inWindow(cycle: number): boolean {
    return cycle >= this.windowStart && cycle < this.windowEnd;
  }

  /** Ends the window at `end` (a batch boundary, not after any created message of the window). */
  closeWindow(end: number, endedBy: WindowEnd['endedBy']): void {
    this.windowEnd = end;
    this.endedBy = endedBy;
  }

  /** The window may end by convergence, with at least `messages` in all and in each of `classes` (sim/window.ts). */
  watch(classes: readonly string[], messages: number): void {
    this.minimum = { classes, messages };
  }

  /** The watched sets short of the minimum, with their counts (WindowEnd.belowMinimum). */
  private belowMinimum(intervals: Record<string, Interval>): Record<string, number> | undefined {
    if (!this.minimum) return undefined;
    const counts: Array<[string, number]> = [
      ['all', intervals['latency.mean']!.n],
      ...this.minimum.classes.map((t): [string, number] => [
        t,
        intervals[`classes.${t}.latency.mean`]?.n ?? 0,
      ]),
    ];
    const below = counts.filter(([, n]) => n < this.minimum!.messages);
    return below.length ? Object.fromEntries(below) : undefined;
  }

  /** Marks a window that ran to its cap although it could have ended by convergence. */
  reachedCap(): void {
    this.endedBy = 'cap';
  }

  /**
   * A deadlock stopped the run at cycle `now`: if the window was still open (or not yet begun), it
   * ended by the deadlock, not by its length, convergence or cap. A deadlock in the drain, after the
   * window closed, leaves the window's end as it was.
   */
  stoppedByDeadlock(now: number): void {
    if (now < this.windowEnd) this.endedBy = 'deadlock';
  }

  private get cycleBatched(): boolean {
    return this.batches.batching.by === 'cycle';
  }

  /** A message was created; `flits` = its length times its number of destinations. */
  onCreated(created: number, flits: number): boolean {
    this.created++;
    const m = this.inWindow(created);
    if (m) {
      this.lastCounted = created;
      this.measured++;
      this.offeredFlits += flits;
      if (this.cycleBatched) {
        const key = created - this.windowStart;
        this.batches.series.add(this.batches.offered, key, flits);
        this.batches.series.add(this.batches.created, key, 1);
      }
    }
    return m;
  }

  onDeliverFlits(flits: number, cycle: number): void {
    if (!this.inWindow(cycle)) return;
    this.lastCounted = cycle;
    this.acceptedFlits += flits;
    if (this.cycleBatched) this.batches.series.add(this.batches.accepted, cycle - this.windowStart, flits);
  }

  onMessageDone(msg: MessageState): void {
    this.delivered++;
    if (!msg.measured) return;
    this.measuredDone++;
    const d = msg.deliveries;
    if (d.length === 0) return;
    let lastTail = 0;
    let lastHeader = 0;
    let sum = 0;
    for (const x of d) {
      if (x.tail > lastTail) lastTail = x.tail;
      if (x.header > lastHeader) lastHeader = x.header;
      sum += x.tail - msg.created;
    }
    const lat = lastTail - msg.created;
    const avg = sum / d.length;
    const key = this.cycleBatched ? msg.created - this.windowStart : msg.id;
    if (key > this.lastKey) this.lastKey = key;
    add(this.all, lat, avg, lastHeader - msg.created, msg.traffic);
    this.addBatches(this.batches.all, key, lat, avg, lastHeader - msg.created, msg.traffic);
    let tag = this.byTag.get(msg.tag);
    if (!tag) this.byTag.set(msg.tag, (tag = new Quantiles()));
    add(tag, lat, avg, 0, msg.traffic);
    this.addBatches(this.batches.classAccs(msg.tag), key, lat, avg, 0, msg.traffic);
  }

  private addBatches(
    a: MessageAccs,
    key: number,
    lat: number,
    avg: number,
    hdr: number,
    traffic: number,
  ): void {
    const s = this.batches.series;
    s.add(a.n, key, 1);
    s.add(a.latency, key, lat);
    s.add(a.avgDest, key, avg);
    s.add(a.header, key, hdr);
    s.add(a.traffic, key, traffic);
  }

  get unfinished(): number {
    return this.measured - this.measuredDone;
  }

  /** Batches covering the window (cycle batching) or the measured messages (sample batching). */
  private batchCount(windowCycles: number): number {
    if (this.cycleBatched) {
      this.batches.series.cover(windowCycles);
      return this.batches.series.batchesFor(windowCycles);
    }
    return this.batches.series.batchesFor(this.lastKey + 1);
  }

  /** `spanEnd` closes an open-ended window (a given set of messages) at the last simulated cycle. */
  metrics(cycles: number, flitHops: number, spanEnd = this.windowEnd): RunMetrics {
    const end = Math.min(spanEnd, this.windowEnd);
    const windowCycles = Math.max(1, end - this.windowStart);
    const span = windowCycles * this.numNodes;
    const K = this.batchCount(windowCycles);
    const mb = this.batches;
    const intervals: Record<string, Interval> = {};
    mb.messageIntervals(mb.all, K, '', intervals);
    const classes = [...this.byTag].sort((a, b) => (a[0] < b[0] ? -1 : 1));
    for (const [tag] of classes) mb.messageIntervals(mb.classAccs(tag), K, `classes.${tag}.`, intervals);
    const out: RunMetrics = {
      cycles,
      messages: {
        created: this.created,
        delivered: this.delivered,
        measured: this.measured,
        unfinished: this.unfinished,
      },
      latencyLowerBound: this.unfinished > 0,
      latency: stats(this.all.latency, intervals['latency.mean']!),
      latencyAvgDest: stats(this.all.avgDest, intervals['latencyAvgDest.mean']!),
      headerLatency: stats(this.all.header, intervals['headerLatency.mean']!),
      traffic: {
        total: this.all.traffic,
        perMessage: round(this.measuredDone ? this.all.traffic / this.measuredDone : 0),
      },
      throughput: { offered: round6(this.offeredFlits / span), accepted: round6(this.acceptedFlits / span) },
      flitHops,
      classes: Object.fromEntries(
        classes.map(([tag, m]) => [
          tag,
          {
            latency: stats(m.latency, intervals[`classes.${tag}.latency.mean`]!),
            latencyAvgDest: stats(m.avgDest, intervals[`classes.${tag}.latencyAvgDest.mean`]!),
            traffic: { total: m.traffic, perMessage: round(m.count ? m.traffic / m.count : 0) },
          },
        ]),
      ),
      intervals,
    };
    if (this.cycleBatched) {
      intervals['throughput.offered'] = mb.rateInterval(mb.offered, K, windowCycles, this.numNodes);
      intervals['throughput.accepted'] = mb.rateInterval(mb.accepted, K, windowCycles, this.numNodes);
      out.window = {
        start: this.windowStart,
        end,
        batches: K,
        batchCycles: mb.series.length,
        endedBy: this.endedBy,
      };
      const below = this.belowMinimum(intervals);
      if (below) out.window.belowMinimum = below;
      out.stability = stabilityOf(mb, K, windowCycles, this.numNodes);
    }
    return out;
  }
}

function add(q: Quantiles, lat: number, avg: number, hdr: number, traffic: number): void {
  q.latency.add(lat);
  q.avgDest.add(avg);
  q.header.add(hdr);
  q.traffic += traffic;
  q.count++;
}

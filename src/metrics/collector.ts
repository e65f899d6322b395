import type { MessageState } from '../engine/message.js';
import { BatchMeans, IntHistogram } from './histogram.js';
import type { LatencyStats, RunMetrics } from './types.js';

class LatencyMeasure {
  readonly hist = new IntHistogram();
  readonly batches = new BatchMeans(10);
  add(position: number, v: number): void {
    this.hist.add(v);
    this.batches.add(position, v);
  }
  stats(): LatencyStats {
    const h = this.hist;
    return {
      count: h.count,
      mean: round(h.mean),
      p50: h.quantile(0.5),
      p99: h.quantile(0.99),
      max: h.max,
      ci95: this.batches.ci95().map(round) as [number, number],
    };
  }
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/**
 * Streams finished messages into run metrics. Only messages created inside the measurement window
 * [start, end) count toward latency and traffic; throughput counts flits offered (created) and
 * accepted (delivered) inside the window. Memory does not grow with the run's length.
 */
export class MetricsCollector {
  private readonly latency = new LatencyMeasure();
  private readonly avgDest = new LatencyMeasure();
  private readonly header = new LatencyMeasure();
  /** Per message class (tag), when a workload mixes classes (e.g. unicast and multicast, 000 Fig. 12). */
  private readonly byTag = new Map<
    string,
    { latency: LatencyMeasure; avgDest: LatencyMeasure; traffic: number; count: number }
  >();
  private traffic = 0;
  private measuredDone = 0;
  created = 0;
  delivered = 0;
  measured = 0;
  private offeredFlits = 0;
  private acceptedFlits = 0;

  constructor(
    readonly numNodes: number,
    readonly windowStart: number,
    readonly windowEnd: number,
  ) {}

  inWindow(cycle: number): boolean {
    return cycle >= this.windowStart && cycle < this.windowEnd;
  }

  /** A message was created; `flits` = its length times its number of destinations. */
  onCreated(created: number, flits: number): boolean {
    this.created++;
    const m = this.inWindow(created);
    if (m) {
      this.measured++;
      this.offeredFlits += flits;
    }
    return m;
  }

  onDeliverFlits(flits: number, cycle: number): void {
    if (this.inWindow(cycle)) this.acceptedFlits += flits;
  }

  onMessageDone(msg: MessageState, position: number): void {
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
    this.latency.add(position, lastTail - msg.created);
    this.avgDest.add(position, sum / d.length);
    this.header.add(position, lastHeader - msg.created);
    this.traffic += msg.traffic;
    let tag = this.byTag.get(msg.tag);
    if (!tag)
      this.byTag.set(
        msg.tag,
        (tag = { latency: new LatencyMeasure(), avgDest: new LatencyMeasure(), traffic: 0, count: 0 }),
      );
    tag.latency.add(position, lastTail - msg.created);
    tag.avgDest.add(position, sum / d.length);
    tag.traffic += msg.traffic;
    tag.count++;
  }

  get unfinished(): number {
    return this.measured - this.measuredDone;
  }

  /** `spanEnd` closes an open-ended window (a given set of messages) at the last simulated cycle. */
  metrics(cycles: number, flitHops: number, spanEnd = this.windowEnd): RunMetrics {
    const span = Math.max(1, Math.min(spanEnd, this.windowEnd) - this.windowStart) * this.numNodes;
    return {
      cycles,
      messages: {
        created: this.created,
        delivered: this.delivered,
        measured: this.measured,
        unfinished: this.unfinished,
      },
      latencyLowerBound: this.unfinished > 0,
      latency: this.latency.stats(),
      latencyAvgDest: this.avgDest.stats(),
      headerLatency: this.header.stats(),
      traffic: {
        total: this.traffic,
        perMessage: round(this.measuredDone ? this.traffic / this.measuredDone : 0),
      },
      throughput: { offered: round6(this.offeredFlits / span), accepted: round6(this.acceptedFlits / span) },
      flitHops,
      classes: Object.fromEntries(
        [...this.byTag]
          .sort((a, b) => (a[0] < b[0] ? -1 : 1))
          .map(([tag, m]) => [
            tag,
            {
              latency: m.latency.stats(),
              latencyAvgDest: m.avgDest.stats(),
              traffic: { total: m.traffic, perMessage: round(m.count ? m.traffic / m.count : 0) },
            },
          ]),
      ),
    };
  }
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

import type { MetricsCollector } from '../metrics/collector.js';
import { beyond, grows, LAG1_MAX, STABILITY_K, stabilityOf } from '../metrics/stability.js';

/** When an open-loop run may end its measurement window early (workload.convergence). */
export interface Convergence {
  /** Target: every watched mean's 95% half-width at most this share of the mean. */
  halfWidth: number;
  /** And at least this many finished measured messages in every watched set (all, and each class). */
  minMessages: number;
  /** Initial batch length in cycles (doubled as the window grows, metrics/batches.ts). */
  batchCycles: number;
}

/** Full batches the instability check needs before it may judge. */
export const MIN_BATCHES = 16;
/** Live batches of a run that may end by convergence: 32 to 64 once full. */
export const MAX_BATCHES = 64;
/** Closed batches a convergence check judges on: one check per batch length, when this many are closed. */
export const CHECK_BATCHES = 32;

/**
 * The stopping rule of an open-loop run's measurement window. A fixed window runs from warm-up to
 * its cap. With `convergence`, the window ends
 * - as `converged` once every watched mean (latency, latency averaged over destinations, and each
 *   message class's latency when the workload creates several) has a 95% half-width at most
 *   `halfWidth` of its mean, its batches are long enough to be nearly independent (lag-1
 *   autocorrelation at most LAG1_MAX), and every watched set of messages, all of them and each
 *   class, has at least `minMessages` finished measured messages. The minimum holds per class
 *   because the class means are reported and compared on their own: counted over all messages it
 *   let a multicast mean rest on 10 multicasts among 3,700 unicasts (000 Fig. 12, 10% of deliveries
 *   but 0.3% of messages multicast). This is checked once per batch length, when CHECK_BATCHES
 *   batches whose messages have all finished (metrics/measures.ts, closedPrefix) cover the window so
 *   far: at windows of 32, 64, 128, ... initial batches. Checking at every boundary instead stops
 *   runs when their batches happen to look calm, and the intervals of those runs cover the truth
 *   too rarely: on an 8x8 mesh at 85% of saturation, 100 runs checked at every boundary covered the
 *   exact offered load 79 times in 100 (docs/results.md, "How well the intervals hold");
 * - as `unstable` when the run is clearly past saturation, checked at every batch boundary: the
 *   stability test of metrics/stability.ts, at STABILITY_K half-widths (about 99.99%, so that
 *   checking often does not stop a stable run by chance);
 * - and otherwise at its cap (`cap`). A class too rare to reach the minimum before the cap keeps
 *   the run going to the cap: its mean is then the cap's, with the interval of its own batches, and
 *   the record lists it under metrics.window.belowMinimum with its count, so that nothing reads
 *   it as converged.
 * The run then drains as a fixed one does. Messages created from the end on are not measured: the
 * driver calls `update` before it creates the messages of a cycle.
 */
export class MeasurementWindow {
  private nextCheck: number;
  private open = true;
  /** The batch length of the last convergence check (one per length). */
  private checkedLength = 0;

  /** The message classes watched on their own: those the workload creates, when there are several. */
  private readonly classes: readonly string[];

  /** `classes`: the message classes the workload creates (tags, metrics.classes). */
  constructor(
    private readonly collector: MetricsCollector,
    private readonly convergence: Convergence | undefined,
    classes: readonly string[] = [],
  ) {
    this.nextCheck = collector.windowStart + (convergence?.batchCycles ?? 0) * MIN_BATCHES;
    this.classes = classes.length > 1 ? classes : [];
    if (convergence) collector.watch(this.classes, convergence.minMessages);
  }

  /** The cycle the window ends at (its cap until decided). */
  get end(): number {
    return this.collector.windowEnd;
  }

  /** At the start of cycle `now`, before its messages are created. */
  update(now: number): void {
    if (!this.open || !this.convergence) return;
    const c = this.collector;
    if (now >= c.windowCap) {
      this.open = false;
      c.reachedCap();
      return;
    }
    if (now < this.nextCheck) return;
    const series = c.batches.series;
    const len = series.length;
    // The boundary at or before now. The window may close there only if nothing has been counted
    // since (an idle stretch skipped past it): the batch length doubles as messages arrive, so a
    // check planned on the old length can fall between two boundaries of the new one, and closing
    // at the one before would keep the messages and deliveries of the cycles since in the window's
    // counts (1.5% more offered load than the window had, at load 0.28 on an 8x8 mesh).
    const boundary = c.windowStart + Math.floor((now - c.windowStart) / len) * len;
    const verdict = c.lastCounted < boundary ? this.judge(boundary - c.windowStart) : undefined;
    if (verdict) {
      this.open = false;
      c.closeWindow(boundary, verdict);
      return;
    }
    this.nextCheck = boundary + series.length;
  }

  private judge(elapsed: number): 'converged' | 'unstable' | undefined {
    const c = this.collector;
    const conv = this.convergence!;
    const mb = c.batches;
    mb.series.cover(elapsed);
    // Throughput is known for every batch whose time is over; latency only for batches whose
    // messages have all finished (past saturation these lag far behind).
    const full = mb.series.batchesFor(elapsed);
    const K = mb.closedPrefix(elapsed);
    if (full >= MIN_BATCHES && beyond(stabilityOf(mb, full, elapsed, c.numNodes).shortfall, STABILITY_K))
      return 'unstable';
    if (K < CHECK_BATCHES || mb.series.length === this.checkedLength) return undefined;
    this.checkedLength = mb.series.length;
    const sets = [mb.all, ...this.classes.map((tag) => mb.classAccs(tag))];
    const watched = [
      { acc: mb.all.latency, n: mb.all.n },
      { acc: mb.all.avgDest, n: mb.all.n },
      ...sets.slice(1).map((a) => ({ acc: a.latency, n: a.n })),
    ];
    // Converged: every watched interval within target, on batches long enough to be independent,
    // and enough messages in every set (a class none of whose messages has finished has 0).
    const tight = watched.every(({ acc, n }) => {
      const iv = mb.interval(acc, n, K);
      const mean = sum(mb.series.of(acc), K) / Math.max(1, sum(mb.series.of(n), K));
      return (
        iv.halfWidth !== null && iv.halfWidth <= conv.halfWidth * Math.abs(mean) && (iv.lag1 ?? 0) <= LAG1_MAX
      );
    });
    if (tight && sets.every((a) => sum(mb.series.of(a.n), K) >= conv.minMessages)) return 'converged';
    if (grows(stabilityOf(mb, K, K * mb.series.length, c.numNodes).latencyGrowth, STABILITY_K))
      return 'unstable';
    return undefined;
  }
}

function sum(a: Float64Array, K: number): number {
  let s = 0;
  for (let k = 0; k < K; k++) s += a[k]!;
  return s;
}

import { ar1Widening, ratioBatchMeans } from '../stats/interval.js';
import { t975 } from '../stats/student-t.js';
import type { MeasureBatches } from './measures.js';

/** An estimated difference, the half-width of its 95% interval (null: too few batches to say) and its degrees of freedom. */
export interface Difference {
  mean: number;
  halfWidth: number | null;
  df: number;
}

/**
 * The lag-1 autocorrelation of the latency batches above which batch means are not taken as
 * independent (the validity condition of batch means): the batches are then too short for the slow
 * fluctuations of the queues, which near saturation last tens of thousands of cycles, and a chance
 * excursion over the window would pass for growth. The latency test then says nothing, and the
 * throughput test decides. (A 16x16 mesh at 0.16 flits/node/cycle, 96% of its saturation
 * throughput: over 144,000 cycles in 8,000-cycle batches, latency "grew" by 100 +- 36 cycles with
 * lag-1 autocorrelation 0.77; over 1,000,000 cycles it was stable, 255 +- 22, growth 9 +- 46.)
 */
export const LAG1_MAX = 0.3;

/**
 * How many 95% half-widths the shortfall or the growth must exceed for a run to count as unstable:
 * two, about 99.99% one-sided (0.07% at 9 degrees of freedom). At one, each test calls a stable run
 * unstable 2.5% of the time: one stable point in eight of a 20-load sweep, which would cut a
 * saturation bracket short, and one default `mcsim run` in twenty would exit 5. Past saturation the
 * shortfall and the growth increase with the window, so the stricter test still finds them.
 */
export const STABILITY_K = 2;

/**
 * Whether an open-loop run was stable over its measurement window (docs/results.md, "Stability and
 * saturation"). A stable network delivers what it is offered, and its latency does not drift: the
 * run is unstable (past saturation) when accepted throughput falls short of offered throughput
 * beyond STABILITY_K half-widths of the shortfall's 95% interval, or when the mean latency of the messages created in the
 * second half of the window exceeds that of the first half beyond STABILITY_K half-widths (the
 * source queues grow), provided the batches are long enough for that interval (LAG1_MAX).
 * 002 sec. 7.1: "latency is infinite in a stable but saturated system".
 */
export interface Stability {
  stable: boolean;
  /** Offered minus accepted throughput over the window, flits per node per cycle. */
  shortfall: Difference;
  /**
   * Mean latency of the second half of the window's batches minus the first half's, cycles, and the
   * lag-1 autocorrelation of the latency batches (the test counts only up to LAG1_MAX).
   */
  latencyGrowth: Difference & { lag1: number };
  /** What made it unstable; absent when stable. */
  reason?: string;
}

/** Is a difference positive beyond `k` times its half-width? */
export function beyond(d: Difference, k = 1): boolean {
  return d.halfWidth !== null && d.mean - k * d.halfWidth > 0;
}

/**
 * The run's stop rule (sim/window.ts): does latency growth count, beyond k half-widths, on batches
 * long enough to judge it? Judged with each convergence check, it leaves correlated batches untested
 * so that a slow excursion never ends a stable run early.
 */
export function grows(g: Stability['latencyGrowth'], k = 1): boolean {
  return g.lag1 <= LAG1_MAX && beyond(g, k);
}

/**
 * The growth with its interval widened for the lag-1 autocorrelation of its batches by the same
 * first-order correction as every batch-means interval (stats/interval.ts, ar1Widening). The verdict on a finished window (stabilityOf, and a sweep's points,
 * sweep/saturation.ts) tests this: unlike the stop rule it is never switched off, so near the
 * knee a rise of latency across the window counts when it exceeds even the widened interval.
 */
export function widenedGrowth(g: Difference & { lag1?: number }): Difference {
  return { ...g, halfWidth: g.halfWidth === null ? null : g.halfWidth * ar1Widening(g.lag1 ?? 0) };
}

/** The stability of the first K batches of a window of `end` cycles on `nodes` nodes. */
export function stabilityOf(mb: MeasureBatches, K: number, end: number, nodes: number): Stability {
  const s = mb.series;
  const off = s.of(mb.offered);
  const acc = s.of(mb.accepted);
  const diff = new Float64Array(K);
  const spans = new Float64Array(K);
  for (let k = 0; k < K; k++) {
    diff[k] = off[k]! - acc[k]!;
    spans[k] = s.span(k, end) * nodes;
  }
  const sf = ratioBatchMeans(diff, spans, K);
  const shortfall = {
    mean: round6(sf.mean),
    halfWidth: sf.halfWidth === null ? null : round6(sf.halfWidth),
    df: sf.df,
  };
  const latencyGrowth = growth(s.of(mb.all.latency), s.of(mb.all.n), K);
  const reasons: string[] = [];
  if (beyond(shortfall, STABILITY_K))
    reasons.push(
      `accepted throughput short of offered by ${shortfall.mean} +- ${shortfall.halfWidth} flits/node/cycle (95%)`,
    );
  if (beyond(widenedGrowth(latencyGrowth), STABILITY_K))
    reasons.push(
      `latency grew by ${latencyGrowth.mean} +- ${round(widenedGrowth(latencyGrowth).halfWidth!)} cycles (95%, widened for lag-1 autocorrelation ${latencyGrowth.lag1}) from the first to the second half of the window`,
    );
  return reasons.length
    ? { stable: false, shortfall, latencyGrowth, reason: reasons.join('; ') }
    : { stable: true, shortfall, latencyGrowth };
}

/** Second half's mean minus the first half's, each a ratio estimate over its batches. */
function growth(S: Float64Array, N: Float64Array, K: number): Stability['latencyGrowth'] {
  const h = Math.floor(K / 2);
  if (h < 2) return { mean: 0, halfWidth: null, df: 0, lag1: 0 };
  const a = ratioBatchMeans(S, N, h);
  const b = ratioBatchMeans(S.subarray(h), N.subarray(h), K - h);
  const mean = round(b.mean - a.mean);
  const lag1 = round(ratioBatchMeans(S, N, K).lag1);
  if (a.halfWidth === null || b.halfWidth === null) return { mean, halfWidth: null, df: 0, lag1 };
  const sa = a.halfWidth / t975(a.df);
  const sb = b.halfWidth / t975(b.df);
  const v = sa * sa + sb * sb;
  // Welch-Satterthwaite degrees of freedom of the difference.
  const den = sa ** 4 / a.df + sb ** 4 / b.df;
  const df = den > 0 ? (v * v) / den : a.df + b.df;
  return { mean, halfWidth: round(t975(df) * Math.sqrt(v)), df: round(df), lag1 };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

import { beyond, type Difference, STABILITY_K, widenedGrowth } from '../metrics/stability.js';
import type { Decision } from '../stats/compare.js';
import { combineSeeds, LAG1_CORRECTABLE, type SeedEstimate } from '../stats/interval.js';
import { valueAt } from './fields.js';
import type { PointRecord } from './record.js';

/**
 * Saturation from throughput and stability (docs/results.md, "Stability and saturation"; 002 sec.
 * 7.1: "latency is infinite in a stable but saturated system"). Each point of a load sweep is judged
 * on its own: past saturation (`unstable`) when a seed ended with measured messages unfinished, or
 * when, pooled over its seeds, accepted throughput falls short of offered beyond the 95% interval or
 * latency grows from the first to the second half of the window beyond it (metrics/stability.ts).
 * A point is stable only when both tests could have found it unstable: the growth test needs
 * batches long enough to be nearly independent (lag-1 autocorrelation at most LAG1_MAX), and near
 * the knee the queues fluctuate so slowly that a window of 600,000 cycles does not give them; a
 * point whose growth cannot be tested and whose shortfall is within noise is `undetermined` (near
 * saturation: the window cannot tell a slow fluctuation from a slow rise). In 002's figures these
 * are the loads just below the first unstable one, with latencies of 3,000 to 70,000 cycles and
 * growth of up to 50,000 cycles across the window that the test may not count.
 * A series' saturation is a bracket on the load axis: the first unstable load above which every
 * load is unstable or undetermined, and the last stable load below it; saturation lies between.
 */
export type PointState = 'stable' | 'unstable' | 'undetermined' | 'failed' | 'unknown';

/**
 * The half-widths a shortfall or a latency growth must stay within for a point to be compared in a
 * claim: one, the claims' own standard (a difference beyond one combined 95% interval decides a
 * claim, docs/results.md). A point stable at STABILITY_K but not at one is within noise of
 * saturation ("near saturation"): its latency is dominated by the distance to the knee, so a
 * comparison there would decide a claim on which series happens to sit closer to its knee. Leaving
 * such points out of comparisons costs power, never validity; the brackets keep STABILITY_K.
 */
export const COMPARE_K = 1;

/**
 * The state of one point from the records of its seeds, judged at `k` half-widths (STABILITY_K),
 * the growth's interval widened for correlated batches (metrics/stability.ts, widenedGrowth). A
 * point neither unstable nor correctable (some seed's lag-1 autocorrelation above
 * LAG1_CORRECTABLE) is undetermined.
 */
export function pointState(records: readonly PointRecord[], k = STABILITY_K): PointState {
  if (records.some((r) => r.status !== 'ok'))
    return records.some((r) => r.status !== 'ok' && r.outcome?.status === 'unfinished')
      ? 'unstable'
      : 'failed';
  const st = records.map((r) => r.metrics?.stability);
  if (st.some((s) => s === undefined)) return 'unknown';
  const pooled = (ds: Difference[]): Difference => {
    const c = combineSeeds(ds.map(asSeed));
    return { mean: c.mean, halfWidth: c.interval.halfWidth, df: c.interval.df };
  };
  const growth = st.map((s) => widenedGrowth(s!.latencyGrowth));
  if (beyond(pooled(st.map((s) => s!.shortfall)), k) || beyond(pooled(growth), k)) return 'unstable';
  return st.some((s) => (s!.latencyGrowth.lag1 ?? 0) > LAG1_CORRECTABLE) ? 'undetermined' : 'stable';
}

function asSeed(d: Difference): SeedEstimate {
  return {
    mean: d.mean,
    interval:
      d.halfWidth === null || d.df < 1
        ? undefined
        : { n: 1, halfWidth: d.halfWidth, method: 'batch-means', df: d.df },
  };
}

/**
 * A series' saturation on its load grid: `firstUnstable` is the lowest unstable (or failed) load
 * from which every load is unstable, failed or undetermined, and `lastStable` the highest stable
 * load below it. Undefined ends: unstable from the lowest load on (no lastStable), or no unstable
 * load at the top (no firstUnstable). `isolated` lists unstable loads below the bracket (the test's
 * noise, or a series that recovers); `undetermined` every load whose stability the window could not
 * decide (those between the ends widen the bracket: saturation may lie at any of them).
 */
export interface Bracket {
  lastStable?: number | undefined;
  firstUnstable?: number | undefined;
  isolated: number[];
  undetermined: number[];
  /** The loads judged, with each one's state. */
  states: Array<{ x: number; state: PointState }>;
}

/** The records of one series grouped by x (one entry per load, seeds together), ascending. */
function byX(records: readonly PointRecord[], xPath: string): Array<{ x: number; rs: PointRecord[] }> {
  const m = new Map<number, PointRecord[]>();
  for (const r of records) {
    const x = Number(valueAt(r, xPath));
    m.set(x, [...(m.get(x) ?? []), r]);
  }
  return [...m].sort((a, b) => a[0] - b[0]).map(([x, rs]) => ({ x, rs }));
}

/** The bracket of one series (records of one series only) along xPath. */
export function bracketOf(records: readonly PointRecord[], xPath: string): Bracket {
  const states = byX(records, xPath).map(({ x, rs }) => ({ x, state: pointState(rs) }));
  const bad = (s: PointState) => s === 'unstable' || s === 'failed';
  // The top run of loads none of which is stable; its lowest bad load opens the bracket's top end.
  let top = states.length;
  while (top > 0 && (bad(states[top - 1]!.state) || states[top - 1]!.state === 'undetermined')) top--;
  let lowestBad = top;
  while (lowestBad < states.length && !bad(states[lowestBad]!.state)) lowestBad++;
  const firstUnstable = lowestBad < states.length ? states[lowestBad]!.x : undefined;
  let lastStable: number | undefined;
  for (let i = top - 1; i >= 0; i--)
    if (states[i]!.state === 'stable') {
      lastStable = states[i]!.x;
      break;
    }
  const isolated = states
    .slice(0, top)
    .filter((s) => bad(s.state))
    .map((s) => s.x);
  const undetermined = states.filter((s) => s.state === 'undetermined').map((s) => s.x);
  return { lastStable, firstUnstable, isolated, undetermined, states };
}

/**
 * The records past saturation, per series (`seriesPath`, or all one series) along `xPath`: every
 * point not judged stable (unstable or undetermined, at `k` half-widths: STABILITY_K for plots and tables, COMPARE_K for the
 * points a claim compares), and every point at or above its series' first unstable load. Their
 * latencies are no measurement ("latency curves are not plotted above the saturation bandwidth",
 * 002 sec. 7.1); their throughput still is.
 */
export function saturatedPoints(
  records: readonly PointRecord[],
  seriesPath: string | undefined,
  xPath: string,
  k = STABILITY_K,
): Set<PointRecord> {
  const bySeries = new Map<string, PointRecord[]>();
  for (const r of records) {
    const s = seriesPath ? String(valueAt(r, seriesPath)) : '';
    bySeries.set(s, [...(bySeries.get(s) ?? []), r]);
  }
  const out = new Set<PointRecord>();
  for (const rs of bySeries.values()) {
    const b = bracketOf(rs, xPath);
    for (const { x, rs: here } of byX(rs, xPath))
      if ((b.firstUnstable !== undefined && x >= b.firstUnstable) || pointState(here, k) !== 'stable')
        for (const r of here) out.add(r);
  }
  return out;
}

/** "(0.6, 0.65]": saturation lies above the last stable load and at or below the first unstable one. */
export function fmtBracket(b: Bracket): string {
  const lo = b.lastStable === undefined ? 'below the lowest load' : String(b.lastStable);
  const hi = b.firstUnstable === undefined ? 'above the highest load' : String(b.firstUnstable);
  const notes = [
    ...(b.isolated.length
      ? [`${b.firstUnstable === undefined ? '' : 'also '}unstable at ${b.isolated.join(', ')}`]
      : []),
    ...(b.undetermined.length ? [`undetermined at ${b.undetermined.join(', ')}`] : []),
  ];
  const tail = notes.length ? ` (${notes.join('; ')})` : '';
  if (b.lastStable === undefined && b.firstUnstable !== undefined)
    return `unstable from ${hi} (the lowest load)${tail}`;
  if (b.firstUnstable === undefined) return `stable up to ${lo}${tail}`;
  return `(${lo}, ${hi}]${tail}`;
}

const lo = (b: Bracket) => b.lastStable ?? Number.NEGATIVE_INFINITY;
const hi = (b: Bracket) => b.firstUnstable ?? Number.POSITIVE_INFINITY;

/**
 * sat(a) > sat(b) on brackets: holds when a is still stable at a load where b is already unstable,
 * fails when b is stable where a is not, a tie when the brackets overlap (the grid does not resolve
 * the difference).
 */
export function satGreater(a: Bracket, b: Bracket): Decision {
  if (lo(a) >= hi(b)) return 'holds';
  if (lo(b) >= hi(a)) return 'fails';
  return 'tie';
}

/** sat(a) >= c: holds when a is stable at c or above, fails when it is unstable at or below c. */
export function satAtLeast(a: Bracket, c: number): Decision {
  if (lo(a) >= c) return 'holds';
  if (hi(a) <= c) return 'fails';
  return 'tie';
}

/** sat(a) < c: holds when a is unstable at or below c, fails when it is stable at c or above. */
export function satBelow(a: Bracket, c: number): Decision {
  if (hi(a) <= c) return 'holds';
  if (lo(a) >= c) return 'fails';
  return 'tie';
}

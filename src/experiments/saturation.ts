import { beyond, type Difference, grows, STABILITY_K } from '../metrics/stability.js';
import type { Decision } from '../stats/compare.js';
import { combineSeeds, type SeedEstimate } from '../stats/interval.js';
import { valueAt } from './fields.js';
import type { PointRecord } from './record.js';

/**
 * Saturation from throughput and stability (docs/results.md, "Stability and saturation"; 002 sec.
 * 7.1: "latency is infinite in a stable but saturated system"). Each point of a load sweep is judged
 * on its own: past saturation (`unstable`) when a seed ended with measured messages unfinished, or
 * when, pooled over its seeds, accepted throughput falls short of offered beyond the 95% interval or
 * latency grows from the first to the second half of the window beyond it (metrics/stability.ts).
 * A series' saturation is a bracket on the load axis: the first unstable load above which every
 * load is unstable too, and the last stable load below it.
 */
export type PointState = 'stable' | 'unstable' | 'failed' | 'unknown';

/**
 * The half-widths a shortfall or a latency growth must stay within for a point to be compared in a
 * claim: one, the claims' own standard (a difference beyond one combined 95% interval decides a
 * claim, docs/results.md). A point stable at STABILITY_K but not at one is within noise of
 * saturation ("near saturation"): its latency is dominated by the distance to the knee, so a
 * comparison there would decide a claim on which series happens to sit closer to its knee. Leaving
 * such points out of comparisons costs power, never validity; the brackets keep STABILITY_K.
 */
export const COMPARE_K = 1;

/** The state of one point from the records of its seeds, judged at `k` half-widths (STABILITY_K). */
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
  const growth = st.map((s) => s!.latencyGrowth);
  const lag1 = Math.max(...growth.map((g) => g.lag1 ?? 0));
  return beyond(pooled(st.map((s) => s!.shortfall)), k) || grows({ ...pooled(growth), lag1 }, k)
    ? 'unstable'
    : 'stable';
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
 * A series' saturation on its load grid: `lastStable` is the highest stable load below
 * `firstUnstable`, the lowest load from which every load is unstable (or failed). Undefined ends:
 * unstable from the lowest load on (no lastStable), or stable up to the highest (no firstUnstable).
 * `isolated` lists unstable loads below the bracket (the test's noise, or a series that recovers).
 */
export interface Bracket {
  lastStable?: number | undefined;
  firstUnstable?: number | undefined;
  isolated: number[];
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
  let first = states.length;
  while (first > 0 && bad(states[first - 1]!.state)) first--;
  const firstUnstable = first < states.length ? states[first]!.x : undefined;
  let lastStable: number | undefined;
  for (let i = first - 1; i >= 0; i--)
    if (states[i]!.state === 'stable') {
      lastStable = states[i]!.x;
      break;
    }
  const isolated = states
    .slice(0, first)
    .filter((s) => bad(s.state))
    .map((s) => s.x);
  return { lastStable, firstUnstable, isolated, states };
}

/**
 * The records past saturation, per series (`seriesPath`, or all one series) along `xPath`: every
 * point not judged stable (at `k` half-widths: STABILITY_K for plots and tables, COMPARE_K for the
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
  if (b.lastStable === undefined && b.firstUnstable !== undefined)
    return `unstable from ${hi} (the lowest load)`;
  if (b.firstUnstable === undefined)
    return `stable up to ${lo}${b.isolated.length ? ` (unstable at ${b.isolated.join(', ')})` : ''}`;
  return `(${lo}, ${hi}]${b.isolated.length ? ` (also unstable at ${b.isolated.join(', ')})` : ''}`;
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

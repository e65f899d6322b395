import type { Estimate } from '../../src/stats/compare.js';
import { combineSeeds, type SeedEstimate } from '../../src/stats/interval.js';
import { seedEstimate } from '../../src/sweep/estimates.js';
import { valueAt } from '../../src/sweep/fields.js';
import { dataPoints, type PointRecord } from '../../src/sweep/record.js';

/** A point of a series: x, the mean y over seeds with its 95% half-width h (Estimate), and its samples n. */
export interface XY extends Estimate {
  x: number;
  n: number;
}

/** Series name -> points sorted by x. */
export type Series = Map<string, XY[]>;

/**
 * What a claim reads from a record: a metric path (its value and the interval the run reported
 * for it), or a function giving an Estimate. A function that returns a bare number gives a value
 * without a known interval: comparisons with it can only tie, so a noisy quantity never passes for
 * an exact one by mistake; exact quantities say so with stats/compare.ts `exact`.
 */
export type Metric = string | ((r: PointRecord) => Estimate | number | undefined);

function seedOf(r: PointRecord, metric: Metric): SeedEstimate | undefined {
  if (typeof metric === 'string') return seedEstimate(r, metric);
  const v = metric(r);
  if (v === undefined) return undefined;
  if (typeof v === 'number') return Number.isFinite(v) ? { mean: v } : undefined;
  if (!Number.isFinite(v.y)) return undefined;
  return {
    mean: v.y,
    interval:
      v.h === null
        ? undefined
        : { n: 1, halfWidth: v.h, method: v.h === 0 ? 'exact' : 'batch-means', df: v.h === 0 ? 0 : 30 },
  };
}

/**
 * Mean of a metric per (series value, x value) over seeds with its interval (stats/interval.ts,
 * combineSeeds), from completed points only. The series and x are read at a swept parameter or at
 * any field of the record (e.g. metrics.plan.nodes).
 */
export function seriesOf(
  records: readonly PointRecord[],
  seriesPath: string,
  xPath: string,
  metric: Metric,
): Series {
  const acc = new Map<string, Map<number, SeedEstimate[]>>();
  for (const r of dataPoints(records)) {
    const e = seedOf(r, metric);
    if (e === undefined || Number.isNaN(e.mean)) continue;
    const s = String(valueAt(r, seriesPath));
    const x = Number(valueAt(r, xPath));
    if (!Number.isFinite(x)) continue;
    let m = acc.get(s);
    if (!m) acc.set(s, (m = new Map()));
    m.set(x, [...(m.get(x) ?? []), e]);
  }
  const out: Series = new Map();
  for (const [s, m] of acc)
    out.set(
      s,
      [...m]
        .sort((a, b) => a[0] - b[0])
        .map(([x, es]) => {
          const c = combineSeeds(es);
          // Exact per-seed values (h = 0) that agree are exact; differing seeds are a sample.
          return { x, y: c.mean, h: c.interval.halfWidth, n: c.interval.n };
        }),
    );
  return out;
}

/** The point of a series at x, if measured. */
export function at(s: Series, name: string, x: number): XY | undefined {
  return s.get(name)?.find((p) => p.x === x);
}

/** The x values at which every named series has a value, ascending. */
export function commonXs(s: Series, names: readonly string[]): number[] {
  const first = s.get(names[0]!) ?? [];
  return first.map((p) => p.x).filter((x) => names.every((n) => at(s, n, x) !== undefined));
}

/** Names among `names` with no data at all. */
export function missing(s: Series, names: readonly string[]): string[] {
  return names.filter((n) => (s.get(n) ?? []).length === 0);
}

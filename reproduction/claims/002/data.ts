import { pointEstimate } from '../../../src/sweep/estimates.js';
import { valueAt } from '../../../src/sweep/fields.js';
import { dataPoints, type PointRecord } from '../../../src/sweep/record.js';
import { type Bracket, bracketOf, COMPARE_K, fmtBracket, pointState } from '../../../src/sweep/saturation.js';
import type { XY } from '../series.js';

/**
 * Reading 002's figures from sweep records: schemes (hardware bit-string worms or U-Min, on
 * central- or input-buffer switches), saturation brackets and latency curves. Saturation is a
 * bracket on the load grid by the stability rule of src/sweep/saturation.ts (docs/results.md, "Stability
 * and saturation"). Latency curves hold only points below saturation ("latency curves are not
 * plotted above the saturation bandwidth", 002 sec. 7.1).
 *
 * Claims see completed points only (claims/index.ts claimsOf passes dataPoints): a point that failed (measured
 * messages unfinished after the drain, a deadlock) is missing from them. Such a point is past
 * saturation, and a bracket read without it would call a series stable up to its highest completed
 * load. So a series' bracket is taken on its figure's load grid (every load of its records: those
 * some series completed, when only completed ones are given), a load of the grid the series lacks
 * counting as failed.
 */

export const LOAD = 'workload.load';
export const M = 'workload.destinations.mean';

export interface Scheme {
  alg: 'bitstring' | 'umin';
  sw: 'central-buffer' | 'input-fifo';
}

export const HW_CB: Scheme = { alg: 'bitstring', sw: 'central-buffer' };
export const HW_IB: Scheme = { alg: 'bitstring', sw: 'input-fifo' };
export const SW_CB: Scheme = { alg: 'umin', sw: 'central-buffer' };
export const SW_IB: Scheme = { alg: 'umin', sw: 'input-fifo' };
export const SCHEMES = [HW_CB, HW_IB, SW_CB, SW_IB];

export function nameOf(s: Scheme): string {
  return `${s.alg === 'bitstring' ? 'HW' : 'SW'}-${s.sw === 'central-buffer' ? 'CB' : 'IB'}`;
}

/** Records of one scheme (and m, when given); a parameter a figure does not sweep matches any value. */
export function select(records: readonly PointRecord[], s: Scheme, m?: number): PointRecord[] {
  const is = (r: PointRecord, path: string, v: unknown) => !(path in r.params) || r.params[path] === v;
  return records.filter(
    (r) =>
      is(r, 'workload.algorithm', s.alg) &&
      is(r, 'network.switching', s.sw) &&
      (m === undefined || is(r, M, m)),
  );
}

/** The load grid of a figure: every load of its records, ascending. */
export function gridOf(records: readonly PointRecord[]): number[] {
  return [...new Set(records.map((r) => Number(valueAt(r, LOAD))))]
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
}

/** A stand-in for a point of the grid that a series lacks: it failed (see the head comment). */
function missingPoint(x: number): PointRecord {
  return {
    experiment: '',
    key: '',
    index: -1,
    params: { [LOAD]: x },
    seed: 0,
    status: 'failed',
    version: '',
    seconds: 0,
  };
}

/**
 * The saturation bracket of one series' records (saturation.ts) on the load grid `grid` (the
 * loads of its figure; a load the series lacks failed), or undefined without records.
 */
export function bracket(series: readonly PointRecord[], grid: readonly number[]): Bracket | undefined {
  const ok = dataPoints(series);
  if (ok.length === 0) return undefined;
  const have = new Set(ok.map((r) => Number(valueAt(r, LOAD))));
  const gaps = grid.filter((x) => !have.has(x)).map(missingPoint);
  return bracketOf([...ok, ...gaps], LOAD);
}

/** "HW-CB m=2 (0.6, 0.65]": a series' name and bracket, for the detail lines. */
export function showBracket(name: string, b: Bracket | undefined): string {
  return `${name} ${b === undefined ? 'no data' : fmtBracket(b)}`;
}

/**
 * Mean of `metric` per load with its 95% interval (seeds combined), ascending, for one series'
 * records; with `below` (the default) only its points below its first unstable load on the grid
 * `grid` that are stable at the claims' standard (COMPARE_K: near-saturation points are not
 * compared). Points past saturation keep their throughput (pass below = false) but not their
 * latency.
 */
export function curve(
  series: readonly PointRecord[],
  metric: string,
  grid: readonly number[],
  below = true,
): XY[] {
  const b = below ? bracket(series, grid) : undefined;
  const acc = new Map<number, PointRecord[]>();
  for (const r of dataPoints(series)) {
    const x = Number(valueAt(r, LOAD));
    if (!Number.isFinite(Number(valueAt(r, metric)))) continue;
    acc.set(x, [...(acc.get(x) ?? []), r]);
  }
  return [...acc]
    .sort((a, b) => a[0] - b[0])
    .filter(
      ([x, rs]) =>
        !below ||
        ((b?.firstUnstable === undefined || x < b.firstUnstable) && pointState(rs, COMPARE_K) === 'stable'),
    )
    .map(([x, rs]) => {
      const p = pointEstimate(rs, metric)!;
      return { x, y: p.mean, h: p.interval.halfWidth, n: p.interval.n };
    });
}

/** The points of two curves at their common loads. */
export function common(a: readonly XY[], b: readonly XY[]): Array<{ x: number; a: XY; b: XY }> {
  return a.flatMap((p) => {
    const q = b.find((v) => v.x === p.x);
    return q ? [{ x: p.x, a: p, b: q }] : [];
  });
}

/** The m values present among the records, ascending. */
export function msOf(records: readonly PointRecord[]): number[] {
  return [...new Set(records.map((r) => Number(r.params[M])))].filter(Number.isFinite).sort((a, b) => a - b);
}

/** A figure's completed records and its load grid. */
export interface Fig {
  recs: PointRecord[];
  grid: number[];
}

/** A figure from its records: the completed ones are its data, the loads of all make its grid. */
export const figOf = (records: PointRecord[]): Fig => ({ recs: dataPoints(records), grid: gridOf(records) });

export const LAT = 'metrics.latency.mean';

/** The saturation bracket of a scheme (and m) in a figure. */
export const satOf = (f: Fig, s: Scheme, m?: number): Bracket | undefined =>
  bracket(select(f.recs, s, m), f.grid);

/** A metric of a scheme (and m) at the loads below its saturation. */
export const latOf = (f: Fig, s: Scheme, m?: number, metric = LAT): XY[] =>
  curve(select(f.recs, s, m), metric, f.grid);

/** Every scheme of `ss` has data for every m of `ms` (and there is some m). */
export function have(f: Fig, ss: readonly Scheme[], ms: readonly number[]): boolean {
  return ms.length > 0 && ss.every((s) => ms.every((m) => select(f.recs, s, m).length > 0));
}

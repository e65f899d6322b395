import { pointEstimate } from '../estimates.js';
import { valueAt } from '../fields.js';
import { dataPoints, type PointRecord } from '../record.js';
import { type Bracket, bracketOf, saturatedPoints } from '../saturation.js';
import type { XY } from './series.js';

/**
 * Reading 002's figures from sweep records: schemes (hardware bit-string worms or U-Min, on
 * central- or input-buffer switches), saturation and latency curves. Saturation is a bracket on the
 * load grid by the stability rule of ../saturation.ts. Latency curves hold only points below
 * saturation ("latency curves are not plotted above the saturation bandwidth", 002 sec. 7.1).
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

/** The saturation bracket of one series' points (saturation.ts), or undefined without points. */
export function bracket(records: readonly PointRecord[]): Bracket | undefined {
  return records.length === 0 ? undefined : bracketOf(records, LOAD);
}

/**
 * The last stable load of a series (the lower end of its bracket; 0 when unstable from the lowest
 * load), or undefined without points. Claims comparing saturation use the whole bracket.
 */
export function sat(records: readonly PointRecord[]): number | undefined {
  const b = bracket(records);
  return b === undefined ? undefined : (b.lastStable ?? 0);
}

/**
 * Mean of `metric` per load with its 95% interval (seeds combined), ascending; with `below`, only
 * the points before saturation (saturation.ts: every point judged stable below the series' first
 * unstable load).
 */
export function curve(records: readonly PointRecord[], metric: string, below = true): XY[] {
  const past = below ? saturatedPoints(records, undefined, LOAD) : new Set<PointRecord>();
  const acc = new Map<number, PointRecord[]>();
  for (const r of dataPoints([...records])) {
    if (past.has(r)) continue;
    const x = Number(valueAt(r, LOAD));
    if (!Number.isFinite(Number(valueAt(r, metric)))) continue;
    acc.set(x, [...(acc.get(x) ?? []), r]);
  }
  return [...acc]
    .sort((a, b) => a[0] - b[0])
    .map(([x, rs]) => {
      const p = pointEstimate(rs, metric)!;
      return { x, y: p.mean, h: p.interval.halfWidth, n: p.interval.n };
    });
}

/** Pairs of two curves at their common loads. */
export function common(a: XY[], b: XY[]): Array<{ x: number; a: number; b: number }> {
  return a.flatMap((p) => {
    const q = b.find((v) => v.x === p.x);
    return q ? [{ x: p.x, a: p.y, b: q.y }] : [];
  });
}

/** The m values present among the records, ascending. */
export function msOf(records: readonly PointRecord[]): number[] {
  return [...new Set(records.map((r) => Number(r.params[M])))].filter(Number.isFinite).sort((a, b) => a - b);
}

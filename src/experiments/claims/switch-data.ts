import { valueAt } from '../fields.js';
import { dataPoints, type PointRecord } from '../record.js';
import { type SaturationRule, saturatedPoints } from '../saturation.js';
import type { XY } from './series.js';

/**
 * Reading 002's figures from sweep records: schemes (hardware bit-string worms or U-Min, on
 * central- or input-buffer switches), saturation and latency curves. A point is past saturation by
 * the rule of ../saturation.ts with RULE; sat(series) is the largest grid load such that it and
 * every lower grid load are not past saturation. Latency curves hold only
 * points below saturation ("latency curves are not plotted above the saturation bandwidth", 002 sec. 7.1).
 */

export const LOAD = 'workload.load';
export const M = 'workload.destinations.mean';
export const SAT_FRACTION = 0.9;

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

/** 002's saturation rule (docs/experiments/switch.md): received below 0.9 of applied, or latency above 10x its light-load value. */
export const RULE: SaturationRule = { received: SAT_FRACTION, latencyFactor: 10 };

/** Saturation load of a set of points (one series), or undefined without points. */
export function sat(records: readonly PointRecord[]): number | undefined {
  if (records.length === 0) return undefined;
  const past = saturatedPoints(records, undefined, LOAD, RULE);
  const loads = [...new Set(records.map((r) => Number(valueAt(r, LOAD))))].sort((a, b) => a - b);
  let last = 0;
  for (const x of loads) {
    if (records.some((r) => Number(valueAt(r, LOAD)) === x && past.has(r))) break;
    last = x;
  }
  return last;
}

/** Mean of `metric` per load over the points below saturation (seeds averaged), ascending. */
export function curve(records: readonly PointRecord[], metric: string, below = true): XY[] {
  const acc = new Map<number, number[]>();
  const limit = below ? (sat(records) ?? 0) : Number.POSITIVE_INFINITY;
  for (const r of dataPoints([...records])) {
    const x = Number(valueAt(r, LOAD));
    const y = Number(valueAt(r, metric));
    if (x > limit || !Number.isFinite(y)) continue;
    acc.set(x, [...(acc.get(x) ?? []), y]);
  }
  return [...acc]
    .sort((a, b) => a[0] - b[0])
    .map(([x, ys]) => ({ x, y: ys.reduce((a, b) => a + b, 0) / ys.length }));
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

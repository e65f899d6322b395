import { valueAt } from '../fields.js';
import { dataPoints, type PointRecord } from '../record.js';
import { at, type Series, seriesOf } from './series.js';

/**
 * The data 003's claims read: mean makespan (us) per (variant, message size) over seeds, and the
 * speedup of multicast over unicast both as a ratio R = T_uc / T_mc (the paper's "speedup") and as
 * time saved D = T_uc - T_mc (notes sec. 2.3, Q20).
 */
export const SIZE = 'workload.messageBytes';
export const VARIANT = 'workload.variant';
export const MAKESPAN = 'metrics.ib.makespan.us';

export function makespans(records: readonly PointRecord[]): Series {
  return seriesOf(records, VARIANT, SIZE, (r) => Number(valueAt(r, MAKESPAN)));
}

/** The (unicast, multicast) variant pairs of a figure with `vls` VLs: one per VL policy. */
export function pairs(vls: number): Array<[string, string]> {
  return vls === 1
    ? [['uc-1vl', 'mc-1vl']]
    : [
        ['uc-shared', 'mc-shared'],
        ['uc-dedicated', 'mc-dedicated'],
      ];
}

/** Sizes at which every named variant has a mean, ascending. */
export function sizesOf(s: Series, names: readonly string[]): number[] {
  const xs = new Set<number>();
  for (const n of names) for (const p of s.get(n) ?? []) xs.add(p.x);
  return [...xs].filter((x) => names.every((n) => at(s, n, x) !== undefined)).sort((a, b) => a - b);
}

export type Speedup = 'ratio' | 'saved';

/** Speedup of mc over uc at size x, as a ratio or as time saved (us). */
export function speedup(s: Series, [uc, mc]: [string, string], x: number, how: Speedup): number | undefined {
  const u = at(s, uc, x);
  const m = at(s, mc, x);
  if (u === undefined || m === undefined) return undefined;
  return how === 'ratio' ? u.y / m.y : u.y - m.y;
}

/** Every record of the given variants, for per-run checks (completed points only). */
export function runsOf(records: readonly PointRecord[], variants: readonly string[]): PointRecord[] {
  return dataPoints(records).filter((r) => variants.includes(String(valueAt(r, VARIANT))));
}

export const f2 = (v: number): string => (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2));

import { type Decision, type Estimate, exceeds, fmtEstimate } from '../../../src/stats/compare.js';
import { intervalAt } from '../../../src/sweep/estimates.js';
import { valueAt } from '../../../src/sweep/fields.js';
import { dataPoints, type PointRecord } from '../../../src/sweep/record.js';
import type { IbBuffer } from '../../ib-figures.js';
import { type Column, exactColumn, paired, type Q } from './paired.js';

/**
 * The data 003's claims read: the makespan (us) per (variant, message size, seed) of one figure
 * under one VL buffer model, and the speedup of multicast over unicast both as a ratio
 * R = T_uc / T_mc (the paper's "speedup", which it never defines) and as time saved
 * D = T_uc - T_mc, each a function of the points' means with its paired interval over the seeds
 * (paired.ts).
 */
export const SIZE = 'workload.messageBytes';
export const VARIANT = 'workload.variant';
export const BUFFER = 'workload.vlBuffer';
export const MAKESPAN = 'metrics.ib.makespan.us';

/** A record's VL buffer model (absent: the default, `packet`). */
export const bufferOf = (r: PointRecord): string => String(r.params[BUFFER] ?? 'packet');

/**
 * One figure's makespans under one buffer model: variant -> size -> seed -> us. A point whose runs
 * all report an exact makespan (src/ib/run.ts: the workload draws nothing at random) and agree is
 * an exact column, which pairs with any seed (paired.ts).
 */
export class Fig {
  private readonly runs = new Map<string, Map<number, Column>>();

  constructor(
    readonly id: string,
    records: readonly PointRecord[],
    readonly buffer: IbBuffer,
  ) {
    const points = new Map<string, { bySeed: Map<number, number>; exact: boolean }>();
    for (const r of dataPoints(records)) {
      if (bufferOf(r) !== buffer) continue;
      const v = Number(valueAt(r, MAKESPAN));
      if (!Number.isFinite(v)) continue;
      const key = JSON.stringify([String(valueAt(r, VARIANT)), Number(valueAt(r, SIZE))]);
      let p = points.get(key);
      if (!p) points.set(key, (p = { bySeed: new Map(), exact: true }));
      const first = p.bySeed.values().next().value;
      p.exact &&= (first === undefined || first === v) && intervalAt(r, MAKESPAN)?.method === 'exact';
      p.bySeed.set(r.seed, v);
    }
    for (const [key, { bySeed, exact }] of points) {
      const [name, x] = JSON.parse(key) as [string, number];
      let bySize = this.runs.get(name);
      if (!bySize) this.runs.set(name, (bySize = new Map()));
      const [seed, v] = bySeed.entries().next().value!;
      bySize.set(x, exact ? exactColumn(seed, v) : bySeed);
    }
  }

  /** The makespans of a variant at a size, by seed. */
  col(variant: string, x: number): Column | undefined {
    return this.runs.get(variant)?.get(x);
  }

  has(variant: string): boolean {
    return (this.runs.get(variant)?.size ?? 0) > 0;
  }

  /** Sizes at which every named variant was measured, ascending. */
  sizes(variants: readonly string[]): number[] {
    const first = this.runs.get(variants[0]!);
    if (!first) return [];
    return [...first.keys()]
      .filter((x) => variants.every((v) => this.col(v, x) !== undefined))
      .sort((a, b) => a - b);
  }

  /** The mean makespan of a variant at a size with its 95% interval over the seeds. */
  T(variant: string, x: number): Estimate {
    return paired([this.col(variant, x)!], ([t]) => t!);
  }
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

export type Speedup = 'ratio' | 'saved';

/** The speedup of means: T_uc / T_mc or T_uc - T_mc. */
export const speedupOf = (uc: Q, mc: Q, how: Speedup): Q => (how === 'ratio' ? uc.div(mc) : uc.sub(mc));

/** The columns of a (uc, mc) pair at size x in a figure (undefined if either is missing). */
export function pairCols(f: Fig, [uc, mc]: [string, string], x: number): [Column, Column] | undefined {
  const u = f.col(uc, x);
  const m = f.col(mc, x);
  return u && m ? [u, m] : undefined;
}

/** The speedup of a pair at size x with its paired interval. */
export function speedup(f: Fig, p: [string, string], x: number, how: Speedup): Estimate | undefined {
  const c = pairCols(f, p, x);
  return c && paired(c, ([u, m]) => speedupOf(u!, m!, how));
}

/** b - a on paired columns, with the larger of their mean magnitudes (the scale of its resolution band). */
export function gap(a: Column, b: Column): Estimate & { n: number; scale: number } {
  const ma = paired([a, b], ([x]) => x!).y;
  const mb = paired([a, b], ([, y]) => y!).y;
  return { ...paired([a, b], ([x, y]) => y!.sub(x!)), scale: Math.max(Math.abs(ma), Math.abs(mb)) };
}

/** The claim "a < b" (or a <= b, strict = false) on paired columns, with the resolution band (stats/compare.ts). */
export function lessPaired(a: Column, b: Column, strict = true): Decision {
  const g = gap(a, b);
  return exceeds(g, g.scale, strict);
}

/** Every record of the given variants under one buffer model, for per-run checks (completed points only). */
export function runsOf(
  records: readonly PointRecord[],
  variants: readonly string[],
  buffer: IbBuffer,
): PointRecord[] {
  return dataPoints(records).filter(
    (r) => bufferOf(r) === buffer && variants.includes(String(valueAt(r, VARIANT))),
  );
}

export const e = fmtEstimate;

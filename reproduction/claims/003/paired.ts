import type { Estimate } from '../../../src/stats/compare.js';
import { Moments } from '../../../src/stats/interval.js';

/**
 * Paired estimates over seeds, for 003's claims. A 003 seed fixes the sources and the group
 * (src/ib/workload.ts), whatever the scheme, VL policy, VL count or buffer model, so every
 * comparison of 003 is between runs on the same seeds. A function g of several points' means (a
 * difference, the speedup T_uc / T_mc, a difference of speedups) then has the interval of the
 * per-seed linearisation z_s = sum_j dg/dx_j (x_sj - mean_j) (the delta method on paired samples):
 * Student's t over the z_s. This is the interval of the difference itself, narrower than the
 * combined intervals of stats/compare.ts, which treat the points as independent; and where two
 * series are equal seed by seed (dedicated VLs and 1 VL, by construction) their difference is exact
 * (h = 0), so a strict claim about it is a tie and a non-strict one holds. A column marked `exact`
 * (its runs draw nothing at random: 003's Figs. 25-27, run on one seed) has the same value under
 * every seed, so it pairs with any other column's seeds and adds nothing to the interval.
 *
 * Candidate for the shared files (stats/compare.ts or ../series.ts): any paper whose schemes
 * are compared on the same seeds could decide with it.
 */

/** A value with its gradient over the compared points' means (forward-mode differentiation). */
export class Q {
  constructor(
    readonly v: number,
    readonly d: Float64Array,
  ) {}
  static of(v: number, k: number): Q {
    return new Q(v, new Float64Array(k));
  }
  add(o: Q | number): Q {
    return typeof o === 'number'
      ? new Q(this.v + o, this.d)
      : new Q(
          this.v + o.v,
          this.d.map((x, j) => x + o.d[j]!),
        );
  }
  sub(o: Q | number): Q {
    return typeof o === 'number'
      ? new Q(this.v - o, this.d)
      : new Q(
          this.v - o.v,
          this.d.map((x, j) => x - o.d[j]!),
        );
  }
  /** The quotient rule as (a' b - a b') / b^2, so that x / x has gradient exactly zero. */
  div(o: Q): Q {
    const b2 = o.v * o.v;
    return new Q(
      this.v / o.v,
      this.d.map((x, j) => (x * o.v - this.v * o.d[j]!) / b2),
    );
  }
  abs(): Q {
    return this.v < 0
      ? new Q(
          -this.v,
          this.d.map((x) => -x),
        )
      : this;
  }
}

/** One point's makespans by seed; `exact` when every seed gives the same run (one value for all). */
export type Column = ReadonlyMap<number, number> & { readonly exact?: boolean };

/** A column of one exact value, which stands for every seed. */
export function exactColumn(seed: number, v: number): Column {
  return Object.assign(new Map([[seed, v]]), { exact: true });
}

/** The value of a column under a seed (an exact column's one value under any seed). */
const under = (c: Column, s: number): number => (c.exact ? c.values().next().value! : c.get(s)!);

/** The seeds every column that varies by seed has (every column has, if none varies), ascending. */
export function commonSeeds(cols: readonly Column[]): number[] {
  const varying = cols.filter((c) => !c.exact);
  const from = varying.length ? varying : cols;
  if (from.length === 0) return [];
  return [...from[0]!.keys()].filter((s) => from.every((c) => c.has(s))).sort((a, b) => a - b);
}

/**
 * g of the columns' means over their common seeds, with the paired 95% half-width (null with fewer
 * than two common seeds, unless every column is exact: then g is exact).
 */
export function paired(cols: readonly Column[], g: (x: Q[]) => Q): Estimate & { n: number } {
  const seeds = commonSeeds(cols);
  const k = cols.length;
  const n = seeds.length;
  if (n === 0) return { y: Number.NaN, h: null, n };
  const means = cols.map((c) => seeds.reduce((a, s) => a + under(c, s), 0) / n);
  const out = g(
    means.map((m, j) => {
      const d = new Float64Array(k);
      d[j] = 1;
      return new Q(m, d);
    }),
  );
  if (cols.every((c) => c.exact)) return { y: out.v, h: 0, n };
  if (n < 2) return { y: out.v, h: null, n };
  const z = new Moments();
  for (const s of seeds) {
    let zs = 0;
    for (let j = 0; j < k; j++) if (out.d[j] !== 0) zs += out.d[j]! * (under(cols[j]!, s) - means[j]!);
    z.add(zs);
  }
  return { y: out.v, h: z.interval().halfWidth, n };
}

import type { Estimate } from '../../stats/compare.js';
import { Moments } from '../../stats/interval.js';

/**
 * Paired estimates over seeds, for 003's claims. A 003 seed fixes the sources and the group
 * (src/ib/workload.ts), whatever the scheme, VL policy, VL count or buffer model, so every
 * comparison of 003 is between runs on the same seeds. A function g of several points' means (a
 * difference, the speedup T_uc / T_mc, a difference of speedups) then has the interval of the
 * per-seed linearisation z_s = sum_j dg/dx_j (x_sj - mean_j) (the delta method on paired samples):
 * Student's t over the z_s. This is the interval of the difference itself, narrower than the
 * combined intervals of stats/compare.ts, which treat the points as independent; and where two
 * series are equal seed by seed (dedicated VLs and 1 VL, by construction) their difference is exact
 * (h = 0), so a strict claim about it is a tie and a non-strict one holds.
 *
 * Candidate for the shared files (stats/compare.ts or claims/series.ts): any paper whose schemes
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

/** One point's makespans by seed. */
export type Column = ReadonlyMap<number, number>;

/** The seeds every column has, ascending. */
export function commonSeeds(cols: readonly Column[]): number[] {
  if (cols.length === 0) return [];
  return [...cols[0]!.keys()].filter((s) => cols.every((c) => c.has(s))).sort((a, b) => a - b);
}

/**
 * g of the columns' means over their common seeds, with the paired 95% half-width (null with fewer
 * than two common seeds).
 */
export function paired(cols: readonly Column[], g: (x: Q[]) => Q): Estimate & { n: number } {
  const seeds = commonSeeds(cols);
  const k = cols.length;
  const n = seeds.length;
  if (n === 0) return { y: Number.NaN, h: null, n };
  const means = cols.map((c) => seeds.reduce((a, s) => a + c.get(s)!, 0) / n);
  const out = g(
    means.map((m, j) => {
      const d = new Float64Array(k);
      d[j] = 1;
      return new Q(m, d);
    }),
  );
  if (n < 2) return { y: out.v, h: null, n };
  const z = new Moments();
  for (const s of seeds) {
    let zs = 0;
    for (let j = 0; j < k; j++) if (out.d[j] !== 0) zs += out.d[j]! * (cols[j]!.get(s)! - means[j]!);
    z.add(zs);
  }
  return { y: out.v, h: z.interval().halfWidth, n };
}

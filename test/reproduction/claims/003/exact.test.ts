import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { commonSeeds, exactColumn, paired } from '../../../../reproduction/claims/003/paired.js';
import { IB_QUICK_SEEDS, IB_SEEDS, ibFigure, ibSeeds } from '../../../../reproduction/ib-figures.js';
import { t975 } from '../../../../src/stats/student-t.js';
import type { PointRecord } from '../../../../src/sweep/record.js';
import { claimsOf, K, n, ONE, recs } from './records.js';

/**
 * 003's Figs. 25-27 run one seed: their workload draws nothing at random, so every seed runs the
 * same collective and the run says its makespan is exact (src/ib/run.ts). The claims must read one
 * exact run as they read the same value repeated over many seeds.
 */

const col = (xs: number[], seed0 = 1) => new Map(xs.map((x, i) => [seed0 + i, x]));

describe('exact columns pair with any seed (reproduction/claims/003/paired.ts)', () => {
  it('an exact column is its value under every seed of the others and adds nothing to the interval', () => {
    const u = [11, 13, 12, 15];
    const e = paired([exactColumn(1, 10), col(u)], ([a, b]) => b!.sub(a!));
    const sd = Math.sqrt(u.reduce((s, x) => s + (x - 12.75) ** 2, 0) / 3);
    assert.equal(e.y, 2.75);
    assert.equal(e.n, 4);
    assert.ok(Math.abs(e.h! - (t975(3) * sd) / 2) < 1e-12);
    assert.deepEqual(commonSeeds([exactColumn(7, 1), col(u, 3)]), [3, 4, 5, 6]);
    // Exact against exact: an exact result; one plain seed against another: no interval.
    assert.deepEqual(
      paired([exactColumn(1, 10), exactColumn(1, 12)], ([a, b]) => b!.div(a!)),
      { y: 1.2, h: 0, n: 1 },
    );
    assert.equal(paired([col([10]), col([12])], ([a, b]) => b!.div(a!)).h, null);
  });

  it('pairing with an exact column equals pairing with that value repeated over the seeds', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1e4, noNaN: true }),
        fc.array(fc.double({ min: 1, max: 1e4, noNaN: true }), { minLength: 2, maxLength: 30 }),
        (v, xs) => {
          const a = paired([exactColumn(1, v), col(xs)], ([p, q]) => q!.div(p!));
          const b = paired([col(xs.map(() => v)), col(xs)], ([p, q]) => q!.div(p!));
          assert.equal(a.y, b.y);
          assert.ok(Math.abs(a.h! - b.h!) <= 1e-9 * Math.max(1, b.h!));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('003 Figs. 25-27: one seed, exact', () => {
  it('the figures whose workload draws nothing at random run one seed, the others 30 (8 quick)', () => {
    for (let figure = 10; figure <= 27; figure++) {
      const f = ibFigure(figure);
      const one = figure >= 25;
      assert.deepEqual(ibSeeds(f, false), one ? [1] : IB_SEEDS, String(figure));
      assert.deepEqual(ibSeeds(f, true), one ? [1] : IB_QUICK_SEEDS, String(figure));
    }
  });

  /**
   * Makespans of Figs. 13-15 (one source), 19-21 (multi-source), 22-24 and 25-27 (all-source, 40%
   * and 100% group): unicast 100 per 32 B on 1 VL, faster on shared VLs, multicast at a tenth,
   * scaled up with the number of sources; per-seed noise except in Figs. 25-27.
   */
  const t = (figure: number, v: string, x: number, s: number) => {
    const f = ibFigure(figure);
    const [k, policy] = v.split('-') as [string, string];
    const sources = f.family === 'one' ? 1 : f.family === 'multi' ? 3 : 5;
    const base = (k === 'uc' ? 100 : 10) * (x / 32) * sources * (f.groupFraction === 1 ? 2 : 1);
    const vl = policy === 'shared' ? 1 - 0.2 * Math.log2(f.vls) * (x === 32 ? 1 : 0.25) : 1;
    return base * vl + (figure >= 25 ? 0 : n(s));
  };
  const fig = (figure: number, opts: { seeds?: number[]; exact?: boolean } = {}) =>
    recs(ibFigure(figure).vls === 1 ? ONE : K, [32, 8192], (v, x, s) => t(figure, v, x, s), opts);

  const siblings = (last: Record<string, PointRecord[]>) => ({
    ...Object.fromEntries([13, 14, 15, 19, 20, 21, 22, 23, 24].map((g) => [`ib-fig${g}`, fig(g)])),
    ...last,
  });
  const verdicts = (last: (g: number) => PointRecord[]) => {
    const sib = siblings(Object.fromEntries([25, 26, 27].map((g) => [`ib-fig${g}`, last(g)])));
    return [25, 26, 27].flatMap((g) =>
      claimsOf(`ib-fig${g}`, sib[`ib-fig${g}`]!, sib).map(
        (c) => `${g} ${c.claim.split(' (')[0]} ${c.verdict}`,
      ),
    );
  };

  it('every claim of Figs. 25-27 has the same verdict on one exact run as on five equal seeds', () => {
    const one = verdicts((g) => fig(g, { seeds: [1], exact: true }));
    const five = verdicts((g) => fig(g));
    assert.deepEqual(one, five);
    // The claims were decided, not left unchecked: C3, C4, C5, C7 and C8 read the siblings.
    for (const tag of ['C1', 'C3', 'C4', 'C5a', 'C7', 'C8'])
      assert.ok(
        one.some((v) => v.includes(` ${tag} `) && v.endsWith(' holds')),
        `${tag} holds somewhere: ${one.join('; ')}`,
      );
    // One seed that does not say it is exact has no interval: the comparisons across figures tie.
    const bare = verdicts((g) => fig(g, { seeds: [1] }));
    assert.ok(bare.some((v, i) => v !== one[i] && v.endsWith(' tie')));
  });
});

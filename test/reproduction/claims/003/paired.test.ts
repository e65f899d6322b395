import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { commonSeeds, paired } from '../../../../reproduction/claims/003/paired.js';
import { t975 } from '../../../../src/stats/student-t.js';

const col = (xs: number[], seed0 = 1) => new Map(xs.map((x, i) => [seed0 + i, x]));

describe('003 paired estimates over seeds (reproduction/claims/003/paired.ts)', () => {
  it("one column: the mean with Student's t over the seeds", () => {
    const e = paired([col([1, 2, 3, 4])], ([a]) => a!);
    assert.equal(e.y, 2.5);
    assert.equal(e.n, 4);
    // sd = sqrt(5/3), h = t(3) sd / 2.
    assert.ok(Math.abs(e.h! - (t975(3) * Math.sqrt(5 / 3)) / 2) < 1e-12);
  });

  it('a difference is the t interval of the per-seed differences; equal columns give an exact zero', () => {
    const e = paired([col([10, 20, 30]), col([9, 18, 30])], ([a, b]) => a!.sub(b!));
    const d = [1, 2, 0];
    const sd = Math.sqrt(d.reduce((s, x) => s + (x - 1) ** 2, 0) / 2);
    assert.equal(e.y, 1);
    assert.ok(Math.abs(e.h! - (t975(2) * sd) / Math.sqrt(3)) < 1e-12);
    assert.deepEqual(
      paired([col([10, 21, 37]), col([10, 21, 37])], ([a, b]) => a!.sub(b!)),
      { y: 0, h: 0, n: 3 },
    );
  });

  it('ratios of equal columns and differences of equal ratios are exact, whatever the values', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 1, max: 1e5, noNaN: true }), { minLength: 2, maxLength: 30 }),
        (xs) => {
          const a = col(xs);
          const b = col([...xs]);
          const u = col(xs.map((x) => 3 * x + 1));
          assert.equal(paired([a, b], ([p, q]) => p!.div(q!)).h, 0);
          const d = paired([u, a, u, b], ([u0, a0, u1, b1]) => u0!.div(a0!).sub(u1!.div(b1!)));
          assert.deepEqual([d.y, d.h], [0, 0]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a ratio of means: the delta method on paired samples (the ratio estimator), zero when the ratio is the same every seed', () => {
    const e = paired([col([2, 4, 6, 8]), col([1, 2, 3, 4])], ([a, b]) => a!.div(b!));
    assert.deepEqual([e.y, e.h], [2, 0]);
    const u = [10, 14, 9, 13];
    const m = [5, 6, 5, 6];
    const r = paired([col(u), col(m)], ([a, b]) => a!.div(b!));
    const R = 46 / 22;
    const mbar = 22 / 4;
    const z = u.map((x, i) => (x - R * m[i]!) / mbar);
    const sd = Math.sqrt(z.reduce((s, x) => s + x * x, 0) / 3);
    assert.ok(Math.abs(r.y - R) < 1e-12);
    assert.ok(Math.abs(r.h! - (t975(3) * sd) / 2) < 1e-12);
  });

  it('pairs only the seeds every column has; fewer than two leave no interval', () => {
    assert.deepEqual(commonSeeds([col([1, 2, 3]), col([5, 6], 2)]), [2, 3]);
    const e = paired([col([1, 2, 3]), col([5, 6], 2)], ([a, b]) => b!.sub(a!));
    assert.deepEqual([e.y, e.n], [3, 2]);
    assert.equal(paired([col([1]), col([2])], ([a, b]) => b!.sub(a!)).h, null);
    assert.ok(Number.isNaN(paired([col([1]), col([2], 5)], ([a, b]) => b!.sub(a!)).y));
  });

  it('abs keeps the sign of the gradient right', () => {
    const e = paired([col([1, 2, 4]), col([3, 3, 3])], ([a, b]) => a!.sub(b!).abs());
    assert.ok(Math.abs(e.y - 2 / 3) < 1e-12);
    // |mean(a) - mean(b)| with mean(a) < mean(b): d/da = -1, d/db = +1, so z = -(a - mean a).
    const z = [1, 2, 4].map((x) => -(x - 7 / 3));
    const sd = Math.sqrt(z.reduce((s, x) => s + x * x, 0) / 2);
    assert.ok(Math.abs(e.h! - (t975(2) * sd) / Math.sqrt(3)) < 1e-12);
  });
});

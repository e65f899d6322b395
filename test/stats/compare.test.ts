import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { lowestAtEveryPoint, orderedAtEveryPoint } from '../../reproduction/claims/checks.js';
import type { Series } from '../../reproduction/claims/series.js';
import {
  above,
  atLeast,
  atMost,
  band,
  below,
  type Decision,
  exact,
  exceeds,
  greater,
  less,
  not,
  positive,
  SHARE,
} from '../../src/stats/compare.js';

const est = (y: number, h: number | null = 0) => ({ y, h });
const rank: Record<Decision, number> = { fails: 0, tie: 1, holds: 2 };

describe('the resolution band: a difference under 1% of the larger value decides nothing (stats/compare.ts)', () => {
  it('a 0.5% difference between exact values is a tie in both directions under a strict claim', () => {
    // 1000 against 1005: 5 apart, under 1% of 1005 (10.05).
    assert.equal(less(exact(1000), exact(1005)), 'tie');
    assert.equal(less(exact(1005), exact(1000)), 'tie');
    assert.equal(greater(exact(1005), exact(1000)), 'tie');
    assert.equal(greater(exact(1000), exact(1005)), 'tie');
    // Whatever the sign and the magnitude: -1000 against -1005 too.
    assert.equal(less(exact(-1005), exact(-1000)), 'tie');
  });

  it('2% with a tight interval holds, the opposite 2% fails; 2% inside a wide interval is a tie', () => {
    assert.equal(less(est(1000, 2), est(1020, 2)), 'holds');
    assert.equal(less(est(1020, 2), est(1000, 2)), 'fails');
    assert.equal(less(exact(1000), exact(1020)), 'holds');
    // 20 apart, half-widths 15 and 15 (combined 21.2): within noise.
    assert.equal(less(est(1000, 15), est(1020, 15)), 'tie');
    assert.equal(less(est(1020, 15), est(1000, 15)), 'tie');
  });

  it('a tight interval does not decide a difference under the band', () => {
    // 0.5% apart with half-widths of 0.01: beyond noise, within resolution.
    assert.equal(less(est(1000, 0.01), est(1005, 0.01)), 'tie');
    assert.equal(less(est(1005, 0.01), est(1000, 0.01)), 'tie');
  });

  it('the band edge: a difference of exactly 1% of the larger decides; counts up to 100 keep a difference of one', () => {
    assert.equal(band(99, 100), 1);
    assert.equal(less(exact(99), exact(100)), 'holds');
    assert.equal(greater(exact(99), exact(100)), 'fails');
    // Exact counts are not exempt: 1000 against 1005 channels is under 1%.
    assert.equal(less(exact(1000), exact(1005)), 'tie');
    assert.equal(less(exact(7), exact(8)), 'holds');
  });

  it('a non-strict claim accepts values equal within the band, fails only on an opposite difference of 1% or more', () => {
    // a <= b with a 0.5% above b, exact: equal within resolution, so it holds; 2% above fails.
    assert.equal(less(exact(1005), exact(1000), false), 'holds');
    assert.equal(less(exact(1000), exact(1005), false), 'holds');
    assert.equal(less(exact(1000), exact(1000), false), 'holds');
    assert.equal(less(exact(1020), exact(1000), false), 'fails');
    // 1 apart with half-widths 1 (combined 1.41): the opposite can reach at most 0.41, under the
    // band of 10: holds. With half-widths 10 (combined 14.1) the opposite could reach 1.3%: a tie.
    assert.equal(less(est(1001, 1), est(1000, 1), false), 'holds');
    assert.equal(less(est(1001, 10), est(1000, 10), false), 'tie');
    // The opposite beyond the band but within noise: a tie, not a failure.
    assert.equal(less(est(1020, 15), est(1000, 15), false), 'tie');
  });

  it('without a band (both values zero) the intervals alone decide, an exact equality as before', () => {
    assert.equal(less(exact(0), exact(0)), 'tie');
    assert.equal(less(exact(0), exact(0), false), 'holds');
    assert.equal(less(est(0, 1), est(0, 1), false), 'tie');
  });

  it('exceeds: a paired difference decided on the scale of the values it is taken between', () => {
    // 1005 - 1000 paired: exact 5 on a scale of 1005.
    assert.equal(exceeds(exact(5), 1005), 'tie');
    assert.equal(exceeds(exact(-5), 1005), 'tie');
    assert.equal(exceeds(exact(-5), 1005, false), 'holds');
    assert.equal(exceeds(est(20, 2), 1020), 'holds');
    assert.equal(exceeds(est(-20, 2), 1020), 'fails');
    assert.equal(exceeds(est(20, null), 1020), 'tie');
    // Shares (gains, relative gaps) tie within one percentage point: 0.8% against 0% is a tie,
    // 2% against 0% holds.
    assert.equal(exceeds(exact(0.008), SHARE), 'tie');
    assert.equal(exceeds(exact(-0.008), SHARE), 'tie');
    assert.equal(exceeds(exact(0.02), SHARE), 'holds');
    assert.equal(exceeds(exact(-0.02), SHARE), 'fails');
  });

  it('bounds against a constant keep the intervals alone: no band', () => {
    assert.equal(atMost(exact(1.005), 1), 'fails');
    assert.equal(atLeast(exact(0.995), 1), 'fails');
    assert.equal(below(exact(0.0995), 0.1), 'holds');
    assert.equal(below(exact(0.1), 0.1), 'tie');
    assert.equal(above(exact(0.1005), 0.1), 'holds');
    assert.equal(below(est(0.0995, 0.001), 0.1), 'tie');
  });

  it('the decision never falls as the difference grows, and a strict claim and its opposite mirror each other', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -50, max: 50, noNaN: true }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        fc.double({ min: 0, max: 20, noNaN: true }),
        fc.boolean(),
        (d, step, h, tol, strict) => {
          assert.ok(rank[positive(d, h, strict, tol)] <= rank[positive(d + step, h, strict, tol)]);
          // A non-strict claim is never weaker than the strict one.
          assert.ok(rank[positive(d, h, true, tol)] <= rank[positive(d, h, false, tol)]);
          if (strict) assert.equal(positive(-d, h, true, tol), not(positive(d, h, true, tol)));
          // Under the band nothing fails, and a strict claim never holds.
          if (Math.abs(d) < tol) {
            assert.notEqual(positive(d, h, strict, tol), 'fails');
            if (strict) assert.equal(positive(d, h, true, tol), 'tie');
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

/** Series of exact points ([x, y]) or points with a half-width ([x, y, h]). */
const series = (o: Record<string, Array<[number, number] | [number, number, number]>>): Series =>
  new Map(Object.entries(o).map(([k, v]) => [k, v.map(([x, y, h]) => ({ x, y, h: h ?? 0, n: 1 }))]));

describe('the checks built on less and greater (reproduction/claims/checks.ts) use the band', () => {
  it('deterministic series 0.5% apart tie at every point, 2% apart hold or fail', () => {
    const s = series({
      a: [
        [1, 200],
        [2, 1000],
      ],
      near: [
        [1, 201],
        [2, 1005],
      ],
      far: [
        [1, 204],
        [2, 1020],
      ],
    });
    assert.equal(lowestAtEveryPoint(s, 'a', ['a', 'near'], 'latency').verdict, 'tie');
    assert.equal(lowestAtEveryPoint(s, 'near', ['near', 'a'], 'latency').verdict, 'tie');
    assert.equal(lowestAtEveryPoint(s, 'a', ['a', 'far'], 'latency').verdict, 'holds');
    assert.equal(lowestAtEveryPoint(s, 'far', ['far', 'a'], 'latency').verdict, 'fails');
    assert.equal(orderedAtEveryPoint(s, ['a', 'far'], 'latency').verdict, 'holds');
    const tie = orderedAtEveryPoint(s, ['a', 'near', 'far'], 'latency');
    assert.equal(tie.verdict, 'tie');
    assert.match(tie.detail, /within noise or resolution: at 1: a 200 vs near 201/);
  });
});

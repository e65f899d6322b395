import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { BatchSeries } from '../../src/metrics/batches.js';
import { combineSeeds, Moments, ratioBatchMeans } from '../../src/stats/interval.js';
import { t975 } from '../../src/stats/student-t.js';
import { Rng } from '../../src/util/rng.js';

/** A standard normal draw (Box-Muller) from the project's seeded generator. */
function normal(rng: Rng): number {
  const u = 1 - rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

describe('Student t quantiles', () => {
  it('match the tables at 1, 10, 30 and the expansion beyond (60: 2.000, 120: 1.980)', () => {
    assert.equal(t975(1), 12.706);
    assert.equal(t975(10), 2.228);
    assert.equal(t975(30), 2.042);
    assert.ok(Math.abs(t975(60) - 2.0003) < 0.001);
    assert.ok(Math.abs(t975(120) - 1.9799) < 0.001);
    assert.equal(t975(0.5), Number.POSITIVE_INFINITY);
  });
});

describe('confidence intervals', () => {
  it('i.i.d.: the textbook interval of a worked sample (2, 4, 4, 4, 5, 5, 7, 9)', () => {
    const m = new Moments();
    for (const x of [2, 4, 4, 4, 5, 5, 7, 9]) m.add(x);
    // mean 5, sample sd sqrt(32/7), half-width t(7) * sd / sqrt(8).
    assert.equal(m.mean, 5);
    const iv = m.interval();
    assert.ok(Math.abs(iv.halfWidth! - (2.365 * Math.sqrt(32 / 7)) / Math.sqrt(8)) < 1e-12);
    assert.equal(iv.df, 7);
    assert.equal(new Moments().interval().halfWidth, null);
  });

  it('batch means with equal counts are the textbook batch-means interval', () => {
    const S = [10, 14, 12, 8];
    const N = [2, 2, 2, 2];
    const r = ratioBatchMeans(S, N, 4);
    const means = [5, 7, 6, 4];
    const sd = Math.sqrt(means.reduce((a, x) => a + (x - 5.5) ** 2, 0) / 3);
    assert.equal(r.mean, 5.5);
    assert.ok(Math.abs(r.halfWidth! - (3.182 * sd) / 2) < 1e-12);
  });

  it('a class in only some batches: degrees of freedom and variance from its filled batches alone', () => {
    // The four batches of the test above with four empty batches between them: the same interval,
    // t(3) over 4 batch means, 2.054. Counting the empty batches (K = 8) gave df 7 and a half-width
    // of 2.365 * sqrt(20 / 56) = 1.413, 31% too narrow.
    const r = ratioBatchMeans([10, 0, 0, 14, 0, 12, 0, 8], [2, 0, 0, 2, 0, 2, 0, 2], 8);
    const sd = Math.sqrt((0.25 + 2.25 + 0.25 + 2.25) / 3);
    assert.equal(r.mean, 5.5);
    assert.equal(r.df, 3);
    assert.ok(Math.abs(r.halfWidth! - (3.182 * sd) / 2) < 1e-12, `half-width ${r.halfWidth}`);
    // One filled batch: no interval, however many batches the window has.
    assert.equal(ratioBatchMeans([0, 9, 0, 0], [0, 3, 0, 0], 4).halfWidth, null);
  });

  it('empty batches anywhere change nothing; df = filled batches - 1, at most samples - 1', () => {
    const batch = fc.record({ n: fc.integer({ min: 0, max: 4 }), s: fc.integer({ min: -50, max: 50 }) });
    fc.assert(
      fc.property(fc.array(batch, { minLength: 1, maxLength: 40 }), fc.boolean(), (bs, correlated) => {
        const S = bs.map((b) => (b.n > 0 ? b.s + 10 * b.n : 0));
        const N = bs.map((b) => b.n);
        const r = ratioBatchMeans(S, N, bs.length, correlated);
        const filled = N.filter((n) => n > 0).length;
        const samples = N.reduce((a, n) => a + n, 0);
        const c = ratioBatchMeans(
          S.filter((_, k) => N[k]! > 0),
          N.filter((n) => n > 0),
          filled,
          correlated,
        );
        assert.deepEqual(r, c);
        if (filled >= 2) {
          assert.equal(r.df, filled - 1);
          assert.ok(r.df <= samples - 1);
        } else assert.equal(r.halfWidth, null);
      }),
      { numRuns: 500, seed: 11 },
    );
  });

  it('a rare class (about one sample in two batches) is covered about 95% of the time', () => {
    const rng = new Rng(9, 0);
    let covered = 0;
    let trials = 0;
    while (trials < 4000) {
      const K = 32;
      const S = new Float64Array(K);
      const N = new Float64Array(K);
      for (let k = 0; k < K; k++) {
        N[k] = rng.next() < 0.4 ? 1 + rng.int(2) : 0;
        for (let i = 0; i < N[k]!; i++) S[k]! += 100 + 10 * normal(rng);
      }
      const r = ratioBatchMeans(S, N, K);
      if (r.halfWidth === null) continue;
      trials++;
      if (Math.abs(r.mean - 100) <= r.halfWidth) covered++;
    }
    const share = covered / trials;
    assert.ok(share > 0.94 && share < 0.96, `coverage ${share}`);
  });

  it('cover the true mean about 95% of the time (i.i.d. normal batches of unequal counts)', () => {
    const rng = new Rng(7, 0);
    let covered = 0;
    const trials = 2000;
    for (let t = 0; t < trials; t++) {
      const K = 20;
      const S = new Float64Array(K);
      const N = new Float64Array(K);
      for (let k = 0; k < K; k++) {
        N[k] = 5 + rng.int(20);
        for (let i = 0; i < N[k]!; i++) S[k]! += 100 + 10 * normal(rng);
      }
      const r = ratioBatchMeans(S, N, K);
      if (Math.abs(r.mean - 100) <= r.halfWidth!) covered++;
    }
    const share = covered / trials;
    assert.ok(share > 0.93 && share < 0.97, `coverage ${share}`);
  });

  it('a strongly autocorrelated series is flagged (lag1) and its interval widened', () => {
    const rng = new Rng(3, 0);
    const K = 32;
    const S = new Float64Array(K);
    const N = new Float64Array(K).fill(1);
    let x = 0;
    for (let k = 0; k < K; k++) {
      x = 0.9 * x + normal(rng);
      S[k] = x;
    }
    const plain = ratioBatchMeans(S, N, K);
    const wide = ratioBatchMeans(S, N, K, true);
    assert.ok(plain.lag1 > 0.3, `lag1 ${plain.lag1}`);
    const r = plain.lag1;
    assert.ok(Math.abs(wide.halfWidth! / plain.halfWidth! - Math.sqrt((1 + r) / (1 - r))) < 1e-9);
  });

  it('seeds: pooled from within-run intervals, or t over the seed means without them', () => {
    const pooled = combineSeeds([
      { mean: 10, interval: { n: 100, halfWidth: 2.086, method: 'batch-means', df: 20 } },
      { mean: 12, interval: { n: 100, halfWidth: 2.086, method: 'batch-means', df: 20 } },
    ]);
    // Each seed's standard error 1: the mean of two has sqrt(2)/2, with 40 degrees of freedom.
    assert.equal(pooled.mean, 11);
    assert.equal(pooled.interval.method, 'pooled');
    assert.ok(Math.abs(pooled.interval.halfWidth! - t975(40) * Math.SQRT1_2) < 0.01);
    const seeds = combineSeeds([{ mean: 10 }, { mean: 12 }, { mean: 14 }]);
    assert.equal(seeds.interval.method, 'seeds');
    assert.ok(Math.abs(seeds.interval.halfWidth! - (4.303 * 2) / Math.sqrt(3)) < 1e-9);
    assert.equal(combineSeeds([{ mean: 3 }]).interval.halfWidth, null);
  });
});

describe('batch series', () => {
  it('merges in pairs as keys grow: totals kept, 16 to 32 batches once full', () => {
    const b = new BatchSeries(10, 32);
    const a = b.accumulator();
    let total = 0;
    for (let key = 0; key < 5000; key += 3) {
      b.add(a, key, key % 7);
      total += key % 7;
    }
    const K = b.batchesFor(5000);
    assert.ok(K >= 16 && K <= 32, `K ${K}`);
    assert.equal(b.length, 160);
    const sums = b.of(a);
    let got = 0;
    for (let k = 0; k < 32; k++) got += sums[k]!;
    assert.equal(got, total);
    // The last batch covers what is left of the window.
    assert.equal(b.span(K - 1, 5000), 5000 - (K - 1) * 160);
  });
});

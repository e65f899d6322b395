import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beyond, grows, widenedGrowth } from '../../src/metrics/stability.js';
import { LAG1_CORRECTABLE } from '../../src/stats/interval.js';

describe('latency growth on correlated batches (metrics/stability.ts)', () => {
  it('widens the interval by sqrt((1 + r) / (1 - r)), r from 0 up to LAG1_CORRECTABLE', () => {
    const g = (lag1: number) => widenedGrowth({ mean: 50, halfWidth: 10, df: 19, lag1 }).halfWidth!;
    assert.equal(g(0), 10);
    assert.equal(g(-0.4), 10, 'negatively correlated batches are not narrowed');
    assert.ok(Math.abs(g(0.8) - 30) < 1e-9);
    assert.ok(Math.abs(g(0.99) - 10 * Math.sqrt((1 + LAG1_CORRECTABLE) / (1 - LAG1_CORRECTABLE))) < 1e-9);
    assert.equal(widenedGrowth({ mean: 5, halfWidth: null, df: 0, lag1: 0.5 }).halfWidth, null);
  });

  it('the stop rule says nothing on correlated batches; the verdict on the window weighs them', () => {
    const steep = { mean: 70, halfWidth: 10, df: 19, lag1: 0.8 };
    assert.equal(grows(steep, 2), false);
    assert.equal(beyond(widenedGrowth(steep), 2), true, '70 > 2 x 30');
    const mild = { mean: 50, halfWidth: 10, df: 19, lag1: 0.8 };
    assert.equal(beyond(widenedGrowth(mild), 2), false, '50 < 2 x 30');
  });
});

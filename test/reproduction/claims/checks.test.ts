import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  growsAtLeast,
  improvedOver,
  lowestAtEveryPoint,
  nearlyConstant,
  noWorseThan,
  orderedAtEveryPoint,
} from '../../../reproduction/claims/checks.js';
import { CLAIMS } from '../../../reproduction/claims/index.js';
import type { Series } from '../../../reproduction/claims/series.js';
import type { PointRecord } from '../../../src/sweep/record.js';

/** Series of exact points ([x, y]) or points with a half-width ([x, y, h]). */
const series = (o: Record<string, Array<[number, number] | [number, number, number]>>): Series =>
  new Map(Object.entries(o).map(([k, v]) => [k, v.map(([x, y, h]) => ({ x, y, h: h ?? 0, n: 1 }))]));

describe('claims', () => {
  it('a claim over no data is not checked, never held, for every figure of every paper', () => {
    for (const [id, set] of Object.entries(CLAIMS)) {
      const out = set({ records: [], sibling: () => undefined });
      assert.ok(out.length > 0, id);
      for (const c of out) assert.equal(c.verdict, 'unchecked', `${id}: ${c.claim}`);
    }
  });

  it('failed points are not data: a figure whose points all failed has no claim that holds', () => {
    const failed: PointRecord = {
      experiment: 'x',
      key: 'k',
      index: 0,
      params: { 'workload.algorithm': 'tpm', 'workload.destinations': 20, 'workload.load': 0.1 },
      seed: 1,
      status: 'failed',
      error: 'deadlock at cycle 5',
      version: '0',
      seconds: 0,
    };
    for (const [id, set] of Object.entries(CLAIMS))
      for (const c of set({ records: [failed], sibling: () => undefined }))
        assert.notEqual(c.verdict, 'holds', id);
  });

  it('each check can fail, one-sided where the paper is', () => {
    const s = series({
      a: [
        [1, 10],
        [2, 12],
      ],
      b: [
        [1, 11],
        [2, 11],
      ],
      c: [
        [1, 30],
        [2, 60],
      ],
    });
    assert.equal(lowestAtEveryPoint(s, 'a', ['a', 'b'], 'latency').verdict, 'fails');
    assert.equal(lowestAtEveryPoint(s, 'a', ['a', 'c'], 'latency').verdict, 'holds');
    assert.equal(nearlyConstant(s, 'a', 1.25, 'latency').verdict, 'holds');
    assert.equal(nearlyConstant(s, 'c', 1.25, 'latency').verdict, 'fails');
    assert.equal(growsAtLeast(s, ['c'], 1.5, 'latency').verdict, 'holds');
    assert.equal(growsAtLeast(s, ['a', 'c'], 1.5, 'latency').verdict, 'fails');
    assert.equal(orderedAtEveryPoint(s, ['a', 'b', 'c'], 'latency').verdict, 'fails');
    assert.equal(orderedAtEveryPoint(s, ['b', 'c'], 'latency').verdict, 'holds');
    // "as good as": better is fine, much worse is not.
    assert.equal(noWorseThan(s, 'a', 'c', 0.15, 'latency').verdict, 'holds');
    assert.equal(noWorseThan(s, 'c', 'a', 0.15, 'latency').verdict, 'fails');
    assert.equal(
      improvedOver(
        s,
        series({
          c: [
            [1, 20],
            [2, 70],
          ],
        }),
        ['c'],
        'latency',
        'x',
      ).verdict,
      'fails',
    );
    assert.equal(
      improvedOver(
        s,
        series({
          c: [
            [1, 20],
            [2, 50],
          ],
        }),
        ['c'],
        'latency',
        'x',
      ).verdict,
      'holds',
    );
    assert.equal(improvedOver(undefined, s, ['c'], 'latency', 'x').verdict, 'unchecked');
    assert.equal(orderedAtEveryPoint(s, ['a', 'zz'], 'latency').verdict, 'unchecked');
  });

  it('a difference within the combined intervals is a tie, beyond them a verdict either way', () => {
    const s = series({
      a: [[1, 100, 3]],
      b: [[1, 104, 3]],
      c: [[1, 110, 3]],
      d: [[1, 100]],
      e: [[1, 90, 3]],
    });
    // 4 apart with half-widths 3 and 3 (combined 4.24): within noise.
    assert.equal(lowestAtEveryPoint(s, 'a', ['a', 'b'], 'latency').verdict, 'tie');
    assert.equal(lowestAtEveryPoint(s, 'a', ['a', 'c'], 'latency').verdict, 'holds');
    assert.equal(lowestAtEveryPoint(s, 'c', ['c', 'a'], 'latency').verdict, 'fails');
    // An exact equality reads as a tie under a strict claim, never as holds or fails.
    assert.equal(orderedAtEveryPoint(s, ['a', 'd'], 'latency').verdict, 'tie');
    // One part beyond noise the other way makes the whole claim fail, whatever the ties.
    assert.equal(lowestAtEveryPoint(s, 'a', ['a', 'b', 'e'], 'latency').verdict, 'fails');
    const detail = lowestAtEveryPoint(s, 'a', ['a', 'b'], 'latency').detail;
    assert.match(detail, /100 ± 3 vs b 104 ± 3/);
  });
});

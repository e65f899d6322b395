import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seriesOf } from '../../reproduction/claims/series.js';
import type { RunMetrics } from '../../src/metrics/types.js';
import { dataPoints, type PointRecord } from '../../src/sweep/record.js';

/** A completed point of series `alg` at x = 1 whose metric is `y`, as a sweep would write it. */
function rec(index: number, seed: number, y: number): PointRecord {
  const params = { 'workload.algorithm': 'a', x: 1 };
  return {
    experiment: 'order-test',
    key: JSON.stringify({ params, seed }),
    index,
    params,
    seed,
    status: 'ok',
    metrics: { latency: { mean: y } } as unknown as RunMetrics,
    version: 'test',
    seconds: 0,
  };
}

describe('records are read in point order, whatever order the workers wrote them in', () => {
  // (0.1 + 0.2) + 0.3 and (0.3 + 0.2) + 0.1 differ in the last bit: a mean summed in file order
  // would change with the order in which parallel workers finished the seeds.
  const inOrder = [rec(0, 1, 0.1), rec(1, 2, 0.2), rec(2, 3, 0.3)];
  const written = [inOrder[2]!, inOrder[1]!, inOrder[0]!];

  it('dataPoints sorts by point index, then seed', () => {
    assert.deepEqual(
      dataPoints(written).map((r) => r.index),
      [0, 1, 2],
    );
  });

  it('a mean over seeds is the same number, to the last bit, for any file order', () => {
    assert.notEqual((0.3 + 0.2 + 0.1) / 3, (0.1 + 0.2 + 0.3) / 3, 'the test values must be order-sensitive');
    const mean = (rs: PointRecord[]) =>
      seriesOf(rs, 'workload.algorithm', 'x', (r) => r.metrics?.latency.mean).get('a')![0]!.y;
    assert.equal(mean(written), mean(inOrder));
    assert.equal(mean(written), (0.1 + 0.2 + 0.3) / 3);
  });
});

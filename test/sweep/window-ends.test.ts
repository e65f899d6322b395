import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { WindowEnd } from '../../src/metrics/types.js';
import type { PointRecord } from '../../src/sweep/record.js';
import { windowEndsText } from '../../src/sweep/window-ends.js';

function rec(window: WindowEnd): PointRecord {
  return {
    experiment: 'x',
    key: '',
    index: 0,
    params: {},
    seed: 1,
    status: 'ok',
    metrics: { window } as PointRecord['metrics'],
    version: '',
    seconds: 0,
  };
}

const w = (endedBy: WindowEnd['endedBy'], belowMinimum?: Record<string, number>): WindowEnd => ({
  start: 0,
  end: 1,
  batches: 32,
  batchCycles: 1,
  endedBy,
  ...(belowMinimum ? { belowMinimum } : {}),
});

describe('window ends in a sweep summary', () => {
  it('counts the ends and names each class below the minimum with its counts', () => {
    const text = windowEndsText([
      rec(w('converged')),
      rec(w('cap', { multicast: 122 })),
      rec(w('cap', { multicast: 10 })),
      rec(w('cap', { all: 300, unicast: 290, multicast: 10 })),
      { ...rec(w('unstable', { multicast: 5 })), status: 'failed', params: { load: 0.1 } },
    ]);
    assert.deepEqual(text, [
      'Measurement windows of the 5 runs (docs/results.md, "Run length by convergence"): 1 converged, 3 reached the cap, 1 ended as unstable. ' +
        "Below the minimum count of finished measured messages, so not converged whatever their intervals (each mean keeps its run's own interval), in the runs that are data: " +
        'the multicast class in 3 run(s) (10 to 122 finished); all messages in 1 run(s) (300 to 300 finished); the unicast class in 1 run(s) (290 to 290 finished).',
      '',
    ]);
  });

  it('says nothing of fixed windows', () => {
    assert.deepEqual(windowEndsText([rec(w('fixed'))]), []);
  });
});

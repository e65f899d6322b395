import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as api from '../../src/index.js';

describe('the package entry (src/index.ts -> dist/index.js)', () => {
  it('exports the simulator and its sweeps', () => {
    for (const name of [
      'runSimulation',
      'parseConfig',
      'Engine',
      'runSweep',
      'runSweeps',
      'estimatedSeconds',
      'loadExperiment',
      'readSweepRecords',
    ])
      assert.equal(typeof (api as Record<string, unknown>)[name], 'function', name);
  });

  it("exports nothing of the papers' reproduction, the bench or the command line", () => {
    const foreign = Object.keys(api).filter((k) => /claims?$|^CLAIMS|paper|catalog|bench|^main$/i.test(k));
    assert.deepEqual(foreign, []);
  });
});

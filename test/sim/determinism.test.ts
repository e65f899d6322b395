import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseConfig } from '../../src/config/load.js';
import type { MessageRecord } from '../../src/run/record.js';
import { runSimulation } from '../../src/sim/run.js';

function run(input: unknown) {
  const records: MessageRecord[] = [];
  const r = runSimulation(parseConfig(input), { onRecord: (x) => records.push(x) });
  return JSON.stringify({ r, records });
}

describe('determinism', () => {
  const configs: unknown[] = [
    {
      seed: 5,
      network: { topology: 'mesh:6x6' },
      workload: { type: 'uniform', load: 0.15, warmup: 200, measure: 2000, drain: 3000 },
    },
    {
      seed: 8,
      network: { topology: 'torus:5x5', bufferDepth: 2 },
      workload: { type: 'uniform', load: 0.1, warmup: 200, measure: 1500 },
    },
    {
      seed: 2,
      network: { topology: 'ccc:4' },
      workload: { type: 'uniform', load: 0.05, warmup: 200, measure: 1500 },
    },
    {
      seed: 4,
      network: { topology: 'mesh:8x8', consumptionChannels: 8 },
      workload: { type: 'mixed', algorithm: 'tpm', load: 0.03, warmup: 200, measure: 2000 },
    },
  ];
  for (const c of configs) {
    it(`same config and seed give byte-identical results and records: ${JSON.stringify(c).slice(0, 60)}`, () => {
      const a = run(c);
      assert.equal(run(c), a);
      const other = run({ ...(c as object), seed: (c as { seed: number }).seed + 1 });
      assert.notEqual(other, a, 'a different seed gives different traffic');
    });
  }
});

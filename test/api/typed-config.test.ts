import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defineConfig, simulate } from '../../src/index.js';

// The lines marked @ts-expect-error must not type-check: `npm run typecheck` fails if one of them
// does (a typo the type checker let through).
export const typos = [
  // @ts-expect-error: misspelt field
  () => defineConfig({ network: { topolgy: 'mesh:4x4' } }),
  // @ts-expect-error: a number where a string is meant
  () => defineConfig({ network: { topology: 16 } }),
  // @ts-expect-error: a workload type that does not exist
  () => defineConfig({ workload: { type: 'uniformm' } }),
  // @ts-expect-error: a field of another workload type
  () => defineConfig({ workload: { type: 'uniform', destinations: 4 } }),
];

describe('configs written in TypeScript', () => {
  it('defineConfig takes a valid config as it is, and simulate runs it like mcsim run', () => {
    const config = defineConfig({
      seed: 3,
      network: { topology: 'mesh:4x4', routing: 'xy' },
      workload: { type: 'uniform', load: 0.05, warmup: 200, measure: 1000 },
    });
    const r = simulate(config);
    assert.equal(r.outcome.status, 'complete');
    assert.equal(r.seed, 3);
    assert.ok(r.metrics.messages.measured > 0);
    assert.deepEqual(simulate(config).metrics, r.metrics, 'same config and seed, same result');
  });
});

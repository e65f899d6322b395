import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parse as parseYaml } from 'yaml';
import { parseConfig } from '../../src/config/load.js';
import {
  configOf,
  DEFAULT_STATE,
  type PlayState,
  readState,
  runYaml,
  writeState,
} from '../../src/playground/app/state.js';
import { simulateMulticast } from '../../src/playground/simulate.js';
import { runSimulation } from '../../src/sim/run.js';

/** The playground's state (src/playground/app/state.ts): its URL and the config it exports. */
const states = fc.record({
  topology: fc.constantFrom('mesh:8x8', 'mesh:5x7'),
  a: fc.constantFrom('tpm', 'dual-path', 'umesh'),
  b: fc.constantFrom('multi-path', 'column-path', 'separate'),
  source: fc.constantFrom('0,0', '3,4', '4,2'),
  dests: fc.uniqueArray(fc.constantFrom('1,1', '4,4', '2,6', '0,3', '4,0', '1,5'), {
    minLength: 1,
    maxLength: 6,
  }),
  length: fc.integer({ min: 1, max: 40 }),
  bufferDepth: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
  vcs: fc.option(fc.integer({ min: 2, max: 4 }), { nil: undefined }),
  consumptionChannels: fc.option(fc.constantFrom(1, 2, 'all' as const), { nil: undefined }),
  startup: fc.option(fc.integer({ min: 0, max: 50 }), { nil: undefined }),
});

describe('the playground state', () => {
  it('reads back from its URL exactly', () => {
    fc.assert(
      fc.property(states, (s) => {
        const clean = Object.fromEntries(
          Object.entries(s).filter(([, v]) => v !== undefined),
        ) as unknown as PlayState;
        assert.deepEqual(readState(writeState(clean)), { ...DEFAULT_STATE, ...clean });
      }),
      { numRuns: 100, seed: 36 },
    );
  });

  it("exports a config whose mcsim run gives the playground's latency and traffic, buffers and timing included", () => {
    fc.assert(
      fc.property(states, (s) => {
        // Sources and destinations are drawn from disjoint sets: a destination is never the source.
        const st = { ...s };
        const { source: src, dests } = st;
        const input = parseYaml(runYaml(st, st.a));
        const cfg = parseConfig(input);
        assert.deepEqual({ ...input, workload: undefined }, { ...configOf(st), workload: undefined });
        const m = runSimulation(cfg).metrics;
        const played = simulateMulticast(configOf(st), {
          algorithm: st.a,
          source: src,
          dests,
          length: st.length,
        });
        assert.equal(m.latency.mean, played.latency);
        assert.equal(m.traffic.total, played.traffic);
      }),
      { numRuns: 25, seed: 36 },
    );
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { planMulticast } from '../../src/api/plan.js';
import { parseConfig } from '../../src/config/load.js';
import { simulateMulticast } from '../../src/playground/simulate.js';
import { runSimulation } from '../../src/sim/run.js';
import { McsimError } from '../../src/util/errors.js';

/**
 * A `messages` workload entry given by a scheme and destinations is the multicast `mcsim plan`
 * plans, run by `mcsim run`: the playground exports its comparisons as such configs.
 */
const run = (topology: string, algorithm: string, source: string, dests: string[]) =>
  runSimulation(
    parseConfig({
      network: { topology },
      workload: { type: 'messages', messages: [{ at: 0, source, algorithm, dests }] },
    }),
  );

describe('a message planned by a scheme', () => {
  it('runs as the traced plan: the same latency, mean over destinations and traffic, on random multicasts', () => {
    const cases = fc.oneof(
      fc.record({
        topology: fc.constant('mesh:8x8'),
        algorithm: fc.constantFrom('tpm', 'dual-path', 'multi-path', 'column-path', 'umesh', 'separate'),
      }),
      fc.record({
        topology: fc.constant('torus:6x6'),
        algorithm: fc.constantFrom('tasnem', 't2w', 'uniform'),
      }),
      fc.record({ topology: fc.constant('fattree:16'), algorithm: fc.constantFrom('bitstring', 'umin') }),
    );
    fc.assert(
      fc.property(cases, fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 10 }), (c, seed, k) => {
        const topo = planMulticast({
          topology: c.topology,
          algorithm: 'separate',
          source: 0,
          dests: [1],
        }).topology;
        const n = topo.numNodes;
        const source = seed % n;
        const dests = [
          ...new Set(Array.from({ length: k }, (_, i) => (source + 1 + ((seed * 7 + i * 13) % (n - 1))) % n)),
        ]
          .filter((d) => d !== source)
          .map((d) => topo.formatNode(d));
        const src = topo.formatNode(source);
        const played = simulateMulticast(
          { network: { topology: c.topology } },
          { algorithm: c.algorithm, source: src, dests },
        );
        const m = run(c.topology, c.algorithm, src, dests).metrics;
        assert.equal(played.status, 'complete');
        assert.equal(m.latency.mean, played.latency);
        const tails = played.arrivals.map((a) => a.tail);
        // Metrics carry three decimals (docs/results.md).
        assert.ok(Math.abs(m.latencyAvgDest.mean - tails.reduce((a, b) => a + b, 0) / tails.length) < 5e-4);
        assert.equal(m.traffic.total, played.traffic);
      }),
      { numRuns: 30, seed: 36 },
    );
  });

  it('names the message field of a bad scheme or destination', () => {
    assert.throws(
      () => run('mesh:4x4', 'tasnem', '0,0', ['1,1']),
      (e: unknown) => e instanceof McsimError && /^workload\.messages\[0\]\.algorithm: /.test(e.message),
    );
    assert.throws(
      () => run('mesh:4x4', 'tpm', '0,0', ['0,0']),
      (e: unknown) => e instanceof McsimError && /^workload\.messages\[0\]\.dests: /.test(e.message),
    );
  });
});

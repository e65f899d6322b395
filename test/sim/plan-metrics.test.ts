import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { routingResolver } from '../../src/api/plan.js';
import { parseConfig } from '../../src/config/load.js';
import { planMetrics } from '../../src/multicast/metrics.js';
import { plannerFor } from '../../src/multicast/registry.js';
import { runSimulation } from '../../src/sim/run.js';
import { parseTopology } from '../../src/topology/registry.js';
import { randomMulticast } from '../../src/traffic/destinations.js';
import { McsimError } from '../../src/util/errors.js';
import { Rng } from '../../src/util/rng.js';

/** The plan-metrics workload (001 sec. 3.4 measures, no flit simulation). */
function run(topology: string, workload: Record<string, unknown>, seed = 3) {
  return runSimulation(
    parseConfig({ seed, network: { topology }, workload: { type: 'plan-metrics', ...workload } }),
  ).metrics.plan!;
}

describe('plan-metrics workload', () => {
  for (const [topology, algorithm] of [
    ['torus:10x10', 'tasnem'],
    ['torus:10x10', 't2w'],
    ['torus:9x7', 't2w-shortest'],
    ['torus:7x9', 'uniform'],
    ['torus:7x9', 'multipath-hcm'],
    ['mesh:8x8', 'tpm'],
  ] as const)
    it(`${algorithm} on ${topology}: the means of the plans of the seed's random sets, exactly`, () => {
      const got = run(topology, { algorithm, destinations: 12, samples: 7 });
      const topo = parseTopology(topology);
      const def = plannerFor(algorithm, topo);
      const base = def.routingFor?.(topo) ?? 'xy';
      const rfFor = routingResolver(topo, base);
      const rng = new Rng(3, 0);
      let lat = 0;
      let tr = 0;
      let max = 0;
      for (let i = 0; i < 7; i++) {
        const { source, dests } = randomMulticast(rng, topo.numNodes, 12);
        const m = planMetrics(
          def.plan({ topology: topo, routing: rfFor(base), length: 1 }, source, dests),
          topo,
          rfFor,
        );
        lat += m.hopLatency;
        tr += m.traffic;
        max = Math.max(max, m.hopLatency);
      }
      const r = (x: number) => Math.round(x * 10000) / 10000;
      assert.equal(got.hopLatency, r(lat / 7));
      assert.equal(got.hopLatencyMax, max);
      assert.equal(got.traffic, r(tr / 7));
      assert.equal(got.latencyNs, r((lat / 7) * 25));
      assert.equal(got.nodes, topo.numNodes);
    });

  it('a broadcast on an even torus costs N - 1 channels for TASNEM, T2W (both readings) and Uniform', () => {
    for (const algorithm of ['tasnem', 't2w', 't2w-shortest', 'uniform'])
      assert.equal(run('torus:8x6', { algorithm, destinations: 47, samples: 20 }).traffic, 47);
  });

  it('destinationsFraction gives round(fraction * N) destinations (001 sec. 4.2: 20%)', () => {
    assert.equal(
      run('torus:15x15', { algorithm: 'tasnem', destinationsFraction: 0.2, samples: 2 }).destinations,
      45,
    );
    assert.equal(
      run('torus:5x5', { algorithm: 'tasnem', destinationsFraction: 0.2, samples: 2 }).destinations,
      5,
    );
  });

  it('rejects 1600 destinations on T40x40 (only 1599 other nodes), and both counts at once', () => {
    assert.throws(
      () => run('torus:40x40', { algorithm: 'tasnem', destinations: 1600, samples: 1 }),
      (e: unknown) => e instanceof McsimError && /at most the 1599/.test(e.message),
    );
    assert.throws(
      () =>
        run('torus:10x10', { algorithm: 'tasnem', destinations: 5, destinationsFraction: 0.2, samples: 1 }),
      McsimError,
    );
  });
});

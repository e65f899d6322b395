import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseConfig } from '../../src/config/load.js';
import { runSimulation } from '../../src/sim/run.js';
import { MIN_BATCHES } from '../../src/sim/window.js';

/** Uniform unicast on an 8x8 mesh (saturates near 0.33 flits/node/cycle with 8-flit buffers). */
function run(load: number, workload: Record<string, unknown> = {}) {
  return runSimulation(
    parseConfig({
      seed: 5,
      network: { topology: 'mesh:8x8', bufferDepth: 8 },
      workload: { type: 'uniform', load, warmup: 2000, measure: 100000, ...workload },
    }),
  ).metrics;
}

describe('measurement window', () => {
  it('a fixed window: 20 batches, every mean with its count and interval, centred ci95', () => {
    const m = run(0.1, { measure: 20000 });
    assert.deepEqual(m.window, { start: 2000, end: 22000, batches: 20, batchCycles: 1000, endedBy: 'fixed' });
    for (const key of [
      'latency.mean',
      'latencyAvgDest.mean',
      'headerLatency.mean',
      'traffic.perMessage',
      'throughput.offered',
      'throughput.accepted',
      'classes.unicast.latency.mean',
    ]) {
      const iv = m.intervals[key];
      assert.ok(iv && iv.halfWidth !== null && iv.halfWidth > 0 && iv.n > 1000, key);
      assert.equal(iv.method, 'batch-means');
      assert.equal(iv.df, 19);
    }
    const h = m.intervals['latency.mean']!.halfWidth!;
    assert.ok(Math.abs(m.latency.ci95![0] - (m.latency.mean - h)) < 0.002);
    assert.ok(Math.abs(m.latency.ci95![1] - (m.latency.mean + h)) < 0.002);
    assert.equal(m.stability?.stable, true);
  });

  it('ends by convergence: target reached on enough messages, at a batch boundary, well before the cap', () => {
    const m = run(0.1, { convergence: { halfWidth: 0.02, minMessages: 1000, batchCycles: 1000 } });
    assert.equal(m.window!.endedBy, 'converged');
    const iv = m.intervals['latency.mean']!;
    assert.ok(iv.halfWidth! <= 0.02 * m.latency.mean * 1.25, 'the final interval is near the target');
    assert.ok(iv.n >= 1000);
    assert.ok(m.window!.batches >= MIN_BATCHES);
    assert.equal((m.window!.end - m.window!.start) % m.window!.batchCycles, 0);
    assert.ok(m.window!.end < 102000);
    assert.equal(m.messages.unfinished, 0);
  });

  it('a window ended by convergence counts exactly the messages created in it (as a fixed one of the same span)', () => {
    // The batch length doubles as messages arrive; a check planned on the old length fell between
    // two boundaries of the new one and closed the window at the one before, keeping the messages
    // of the cycles since: 1.5% more offered load than the window had, on every seed here.
    for (const seed of [1, 2, 3]) {
      const cfg = (w: Record<string, unknown>) =>
        parseConfig({
          seed,
          network: { topology: 'mesh:4x4', bufferDepth: 8 },
          workload: { type: 'uniform', load: 0.3, warmup: 2000, drain: 20000, ...w },
        });
      const conv = runSimulation(
        cfg({ measure: 400000, convergence: { halfWidth: 0.02, batchCycles: 250 } }),
      ).metrics;
      assert.equal(conv.window!.endedBy, 'converged');
      const fixed = runSimulation(cfg({ measure: conv.window!.end - conv.window!.start })).metrics;
      assert.equal(conv.messages.measured, fixed.messages.measured, `seed ${seed}`);
      assert.equal(conv.throughput.offered, fixed.throughput.offered, `seed ${seed}`);
      assert.equal(conv.throughput.accepted, fixed.throughput.accepted, `seed ${seed}`);
    }
  });

  it('maxMeasure lets a light load run until every class can expect 1.25 x minMessages, no further', () => {
    // 4x4 mesh at load 0.02: 0.016 messages per cycle, 1,250 of them expected in 78,125 cycles.
    const cfg = (convergence: Record<string, unknown>) =>
      parseConfig({
        seed: 2,
        network: { topology: 'mesh:4x4', bufferDepth: 8 },
        workload: { type: 'uniform', load: 0.02, warmup: 1000, measure: 20000, drain: 5000, convergence },
      });
    const capped = runSimulation(cfg({ halfWidth: 0.001, minMessages: 1000, batchCycles: 250 })).metrics;
    assert.equal(capped.window!.end, 21000, 'without maxMeasure, measure is the cap');
    assert.ok(capped.messages.measured < 1000);
    const grown = runSimulation(
      cfg({ halfWidth: 0.001, minMessages: 1000, batchCycles: 250, maxMeasure: 1000000 }),
    ).metrics;
    assert.equal(grown.window!.end, 1000 + 78125);
    assert.ok(grown.messages.measured >= 1000, `${grown.messages.measured}`);
    const bounded = runSimulation(
      cfg({ halfWidth: 0.001, minMessages: 1000, batchCycles: 250, maxMeasure: 50000 }),
    ).metrics;
    assert.equal(bounded.window!.end, 51000, 'at most maxMeasure');
  });

  it('a tighter target takes longer', () => {
    const loose = run(0.1, { convergence: { halfWidth: 0.05 } });
    const tight = run(0.1, { convergence: { halfWidth: 0.005 } });
    assert.ok(tight.window!.end > loose.window!.end);
  });

  it('stops an overloaded run early as unstable, its shortfall beyond the interval', () => {
    const m = run(0.5, { convergence: {} });
    assert.equal(m.window!.endedBy, 'unstable');
    assert.ok(m.window!.end - m.window!.start <= 32000, `window ${m.window!.end - m.window!.start}`);
    assert.equal(m.stability!.stable, false);
    const s = m.stability!.shortfall;
    assert.ok(s.mean - s.halfWidth! > 0);
    assert.match(m.stability!.reason!, /short of offered/);
  });

  it('runs to the cap when neither converges (a target no run reaches)', () => {
    const m = run(0.1, { measure: 30000, convergence: { halfWidth: 0.0001 } });
    assert.equal(m.window!.endedBy, 'cap');
    assert.equal(m.window!.end, 32000);
  });

  it('a class below the minimum keeps the run from converging: it runs to the cap and says so', () => {
    // 8x8 mesh, TPM, 20% of deliveries multicast to 8 destinations on average: 3% of messages.
    const mixed = (minMessages: number) =>
      runSimulation(
        parseConfig({
          seed: 3,
          network: { topology: 'mesh:8x8', vcs: 2, bufferDepth: 1, consumptionChannels: 8 },
          workload: {
            type: 'mixed',
            algorithm: 'tpm',
            load: 0.04,
            multicastFraction: 0.2,
            destinations: { mean: 8, sd: 2, min: 2, max: 63 },
            warmup: 2000,
            measure: 100000,
            convergence: { halfWidth: 0.05, minMessages, batchCycles: 250 },
          },
        }),
      ).metrics;
    const n = (m: ReturnType<typeof mixed>, tag: string) => m.intervals[`classes.${tag}.latency.mean`]!.n;
    // A minimum of 1,000: the unicasts reach it (the old rule, counting all messages, converged at
    // cycle 18,000 on 50 multicasts); the multicasts do not before the cap.
    const capped = mixed(1000);
    assert.equal(capped.window!.endedBy, 'cap');
    assert.equal(capped.window!.end, 102000);
    assert.ok(n(capped, 'unicast') >= 1000);
    assert.ok(n(capped, 'multicast') < 1000);
    assert.deepEqual(capped.window!.belowMinimum, { multicast: n(capped, 'multicast') });
    // A minimum of 100 is within the multicasts' reach: converged, every class over it.
    const done = mixed(100);
    assert.equal(done.window!.endedBy, 'converged');
    assert.ok(done.window!.end < 102000);
    assert.ok(n(done, 'multicast') >= 100 && n(done, 'unicast') >= 100);
    assert.equal(done.window!.belowMinimum, undefined);
    for (const m of [capped, done]) {
      const iv = m.intervals['classes.multicast.latency.mean']!;
      assert.ok(iv.df <= Math.min(iv.n, m.window!.batches) - 1, `df ${iv.df}, n ${iv.n}`);
    }
  });

  it('is deterministic: the same seed gives the same window and metrics', () => {
    const a = run(0.2, { convergence: {} });
    const b = run(0.2, { convergence: {} });
    assert.deepEqual(a, b);
  });
});

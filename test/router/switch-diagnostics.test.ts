import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseConfig } from '../../src/config/load.js';
import { Engine } from '../../src/engine/engine.js';
import { SwitchDiagnostics } from '../../src/metrics/switch-diagnostics.js';
import type { SwitchDiagnosticsMetrics } from '../../src/metrics/types.js';
import { bitstringWorm } from '../../src/multicast/bitstring.js';
import { routerModel } from '../../src/router/registry.js';
import { runSimulation } from '../../src/sim/run.js';
import { McsimError } from '../../src/util/errors.js';
import { makeNet, PAPER_TIMING, SWITCH_002_OPTIONS, SWITCH_002_TIMING } from '../engine/harness.js';

const r6 = (x: number) => Math.round(x * 1e6) / 1e6;
const MODELS = ['central-buffer', 'input-fifo'] as const;

/** A given set of 64-flit unicasts on the 16-node fat tree with 002's switches (as switch-fig14). */
function unicasts(switching: string, msgs: Array<[number, number]>, diagnostics = true) {
  const config = parseConfig({
    network: {
      topology: 'fattree:16',
      switching,
      vcs: 16,
      bufferDepth: 320,
      injectionChannels: 16,
      switchOptions: {},
    },
    timing: { ...SWITCH_002_TIMING, deadlockCycles: 5000 },
    workload: {
      type: 'messages',
      packetLength: 64,
      messages: msgs.map(([s, d]) => ({ at: 0, source: String(s), dest: String(d) })),
    },
    ...(diagnostics ? { metrics: { switchDiagnostics: true } } : {}),
  });
  return runSimulation(config);
}

/** One hardware multicast at zero load, with the diagnostics watching the switch model. */
function multicast(switching: string, source: number, dests: number[]): SwitchDiagnosticsMetrics {
  const o = { switching, bufferDepth: 320, vcs: [16, 16], injection: 16, switchOptions: SWITCH_002_OPTIONS };
  const net = makeNet('fattree:16', o);
  const diag = new SwitchDiagnostics(net, 0, () => Number.MAX_SAFE_INTEGER);
  const e = new Engine(
    net,
    diag.instrument(routerModel(switching)),
    { ...PAPER_TIMING, ...SWITCH_002_TIMING },
    {
      onMessageDone: (m) => diag.onMessageDone(m),
    },
  );
  const msg = e.newMessage(source, 0, 'multicast', true, 64);
  e.startPhase(source, [bitstringWorm(net.topology, source, dests, 64)], 0, msg);
  while (e.liveMessages > 0) {
    if (e.idle) e.skipIdle(Number.MAX_SAFE_INTEGER);
    e.step();
  }
  return diag.metrics(e.now);
}

describe('switch diagnostics (metrics.switchDiagnostics, 002 sec. 6)', () => {
  it('a lone unicast never waits and blocks each head for its 64 flits', () => {
    for (const sw of MODELS) {
      const d = unicasts(sw, [[0, 12]]).metrics.switchDiagnostics!;
      // Leaf s1.0 (injection: down side), top switch (from below: down), leaf s1.3 (from above: up).
      assert.deepEqual(d.headWait, { down: { count: 2, mean: 0 }, up: { count: 1, mean: 0 } }, sw);
      // Flit path: the head is free again the cycle after the tail left, 64 cycles after the first flit.
      assert.deepEqual(d.headResidence.nonReplicating, { count: 3, mean: 64 }, sw);
      assert.equal(d.headResidence.replicating.count, 0);
      assert.deepEqual(d.centralBuffer.admitted, { down: 0, up: 0 });
    }
  });

  it('two unicasts meeting at up-side inputs: the exact waits of each switch', () => {
    // 0 -> 12 and 1 -> 12 start together at leaf s1.0 and need the same processor link at leaf
    // s1.3, which they reach by two up-side inputs.
    const cb = unicasts('central-buffer', [
      [0, 12],
      [1, 12],
    ]).metrics.switchDiagnostics!;
    // Central buffer: both ask for up port 4 in the same cycle (the choice is committed only when
    // granted); the loser takes port 5 one cycle later (a wait of 1 at a down-side input) and
    // reaches s1.3 one cycle after the other.
    assert.deepEqual(cb.headWait.down, { count: 4, mean: 0.25 });
    // There it finds the output busy at its first request and is written into the central buffer
    // in the cycle after its header chunk is complete (the chunk path): a wait of 2, freeing its FIFO.
    assert.deepEqual(cb.headWait.up, { count: 2, mean: 1 });
    assert.deepEqual(cb.centralBuffer.admitted, { down: 0, up: 1 });
    // Residences: 64 on the flit path, 65 for the one that waited a cycle, 2 for the written one.
    assert.deepEqual(cb.headResidence.nonReplicating, { count: 6, mean: r6((4 * 64 + 65 + 2) / 6) });
    const ib = unicasts('input-fifo', [
      [0, 12],
      [1, 12],
    ]).metrics.switchDiagnostics!;
    // Input FIFO: the up-port choice is committed when the request is queued (input-buffer.md), so
    // the two take ports 4 and 5 in the same cycle (no wait) and reach s1.3 together; the second's
    // request is served when the first's tail has left, 64 cycles later.
    assert.deepEqual(ib.headWait.down, { count: 4, mean: 0 });
    assert.deepEqual(ib.headWait.up, { count: 2, mean: 64 / 2 });
    assert.deepEqual(ib.centralBuffer.admitted, { down: 0, up: 0 });
    // ... and the one that waited 64 cycles at s1.3 holds that head for 64 + 64.
    assert.equal(ib.headResidence.nonReplicating.mean, r6((5 * 64 + 64 + 64) / 6));
  });

  it('three unicasts queued for one output of a top switch wait 0, 2, 3 (central buffer) or 0, 64, 128 (input FIFO)', () => {
    const msgs: Array<[number, number]> = [
      [0, 12],
      [4, 13],
      [8, 12],
    ];
    // Every leaf's first up port leads to top switch s2.0, whose down port 3 all three need.
    const cb = unicasts('central-buffer', msgs).metrics.switchDiagnostics!;
    // The first crosses; the two blocked ones are written into the central buffer, the first in the
    // cycle after its header chunk is complete (a wait of 2), the other one write later (3).
    assert.deepEqual(cb.headWait, { down: { count: 6, mean: r6(5 / 6) }, up: { count: 3, mean: 0 } });
    assert.deepEqual(cb.centralBuffer.admitted, { down: 2, up: 0 });
    const ib = unicasts('input-fifo', msgs).metrics.switchDiagnostics!;
    assert.deepEqual(ib.headWait, { down: { count: 6, mean: (64 + 128) / 6 }, up: { count: 3, mean: 0 } });
  });

  it('a replicated head: chunk delay and rank are not waiting; residence until its last port has read it', () => {
    for (const sw of MODELS) {
      // 0 -> {12, 13}: up at leaf s1.0, one port at the top switch, replicated (k = 2) at leaf s1.3.
      const d = multicast(sw, 0, [12, 13]);
      assert.deepEqual(d.headWait, { down: { count: 2, mean: 0 }, up: { count: 1, mean: 0 } }, sw);
      assert.equal(d.headResidence.nonReplicating.count, 2);
      // The two branches arrive one cycle apart (the rank stagger of the chunk path).
      assert.deepEqual(d.spread, { count: 1, mean: 1 });
      if (sw === 'input-fifo')
        // Its second port starts 7 + 1 cycles after the head and reads 64 flits: the head is free at +72.
        assert.deepEqual(d.headResidence.replicating, { count: 1, mean: 72 });
      else {
        // Written into the central buffer in the cycle after its header chunk is complete, two
        // cycles after its first (no wait: it could not be written earlier), which frees the head.
        assert.deepEqual(d.headResidence.replicating, { count: 1, mean: 2 });
        assert.deepEqual(d.centralBuffer.admitted, { down: 0, up: 1 });
      }
      // Each class of channel carried the packet once: one up link, one down link, two processor links.
      assert.ok(d.channelLoad.up1to2! > 0 && d.channelLoad.toProcessor! > 0);
    }
  });

  it('is off by default: the record has no diagnostics and the same metrics either way', () => {
    const msgs: Array<[number, number]> = [
      [0, 12],
      [1, 12],
      [5, 2],
    ];
    for (const sw of MODELS) {
      const off = unicasts(sw, msgs, false);
      const on = unicasts(sw, msgs, true);
      assert.equal('switchDiagnostics' in off.metrics, false);
      assert.equal('metrics' in off.config, false, 'the resolved config gains no field');
      const { switchDiagnostics, ...rest } = on.metrics;
      assert.ok(switchDiagnostics);
      assert.deepEqual(rest, off.metrics, sw);
    }
  });

  it('refuses topologies without switch levels and models that do not report their heads', () => {
    const run = (topology: string, switching: string) =>
      runSimulation(
        parseConfig({
          network: { topology, switching },
          workload: { type: 'uniform', load: 0.01, warmup: 10, measure: 10, drain: 100 },
          metrics: { switchDiagnostics: true },
        }),
      );
    assert.throws(
      () => run('mesh:4x4', 'wormhole'),
      (e) => e instanceof McsimError && e.field === 'metrics.switchDiagnostics',
    );
    assert.throws(
      () => run('fattree:16', 'wormhole'),
      (e) => e instanceof McsimError && e.field === 'metrics.switchDiagnostics',
    );
  });
});

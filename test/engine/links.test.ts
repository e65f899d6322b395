import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseConfig } from '../../src/config/load.js';
import { unicastWorm } from '../../src/plan/worm.js';
import { tracePath } from '../../src/routing/path.js';
import { runSimulation } from '../../src/sim/run.js';
import { latencyOf, makeNet, PAPER_TIMING, runMessages } from './harness.js';

/**
 * Zero-load latency of a unicast of L flits over h hops on links of latency W (flits in flight on
 * the wire) and credit delay C:
 *   startup + (h + 1) * (routingDelay + 1) + h * (W - 1) + (L - 1)
 * each network hop takes W cycles instead of 1; the body streams one flit per cycle when a buffer
 * covers the credit round trip, W + C flits (injection and consumption channels keep W = 1, C = 0).
 */
function formula(h: number, L: number, W: number): number {
  return PAPER_TIMING.startup + (h + 1) * (PAPER_TIMING.routingDelay + 1) + h * (W - 1) + (L - 1);
}

function unicast(spec: string, from: string, to: string, L: number, o: Parameters<typeof makeNet>[1]) {
  const net = makeNet(spec, o);
  const t = net.topology;
  const s = t.parseNode(from);
  const d = t.parseNode(to);
  const h = tracePath(t, net.routing, s, d).length;
  const { messages } = runMessages(net, [{ at: 0, source: s, worms: [unicastWorm(s, d, L)] }], o, (e) => {
    const bad = e.checkInvariants();
    if (bad) throw new Error(bad);
  });
  return { h, m: messages[0]! };
}

describe('link latency and credit delay', () => {
  for (const W of [1, 2, 3, 5])
    for (const C of [0, 1, 3])
      it(`zero-load latency with latency ${W}, credit delay ${C}, buffers of ${W + C} flits`, () => {
        const { h, m } = unicast('mesh:8x8', '0,0', '6,5', 20, {
          latency: W,
          creditDelay: C,
          bufferDepth: W + C,
        });
        assert.equal(h, 11);
        assert.equal(latencyOf(m), formula(h, 20, W));
        assert.equal(m.deliveries[0]!.header - m.created, formula(h, 1, W));
      });

  it('buffers shorter than the credit round trip throttle the body: 1-flit buffers, latency 3', () => {
    // Each flit holds the 1-flit buffer from leaving upstream until it leaves downstream, 3 cycles
    // on the wire; the next flit enters as it leaves (credit delay 0): one flit every 3 cycles.
    const { h, m } = unicast('mesh:8x8', '0,0', '3,0', 10, { latency: 3, bufferDepth: 1 });
    assert.equal(latencyOf(m), formula(h, 1, 3) + 9 * 3);
  });

  it('a credit delay without same-cycle reuse: 1-flit buffers, latency 1, credit delay 1', () => {
    // A slot freed in cycle f is seen upstream in f + 1, so a flit leaves every 2 cycles.
    const { h, m } = unicast('mesh:8x8', '0,0', '3,0', 10, { creditDelay: 1, bufferDepth: 1 });
    assert.equal(latencyOf(m), formula(h, 1, 1) + 9 * 2);
  });

  it("network.links sets latency per channel class; the default is today's timing exactly", () => {
    const base = {
      seed: 3,
      network: { topology: 'mesh:6x6', routing: 'xy', vcs: 2, bufferDepth: 4 },
      workload: { type: 'uniform', load: 0.05, packetLength: 8, warmup: 200, measure: 1000, drain: 3000 },
    };
    const plain = runSimulation(parseConfig(base)).metrics;
    const ones = runSimulation(
      parseConfig({ ...base, network: { ...base.network, links: { latency: 1, creditDelay: 0 } } }),
    ).metrics;
    assert.deepEqual(ones, plain);
    const slow = runSimulation(
      parseConfig({ ...base, network: { ...base.network, links: { link: { latency: 2, creditDelay: 2 } } } }),
    ).metrics;
    assert.ok(slow.latency.mean > plain.latency.mean);
    assert.equal(slow.messages.unfinished, 0);
  });

  it('an unknown channel class in network.links is refused', () => {
    const cfg = parseConfig({
      network: { topology: 'mesh:4x4', links: { cube: { latency: 2 } } },
      workload: { type: 'uniform', load: 0.01, warmup: 10, measure: 10, drain: 100 },
    });
    assert.throws(() => runSimulation(cfg), /unknown channel class "cube"/);
  });
});

describe('a released buffer is granted again only when its credit is in', () => {
  it('a worm waiting for the one VC another worm holds starts exactly C cycles later under credit delay C', () => {
    // 0,0 -> 2,0 and 1,0 -> 2,0 both need the single VC of channel 1,0 -> 2,0; buffers deep enough
    // that the delay never throttles the flits themselves, so only the hand-over of that VC moves.
    const run = (C: number) => {
      const net = makeNet('mesh:3x1', { vcs: [1], bufferDepth: 8, creditDelay: C, consumption: 2 });
      const t = net.topology;
      const [a, b, d] = ['0,0', '1,0', '2,0'].map((x) => t.parseNode(x)) as [number, number, number];
      const { messages } = runMessages(net, [
        { at: 0, source: a, worms: [unicastWorm(a, d, 20)] },
        { at: 0, source: b, worms: [unicastWorm(b, d, 20)] },
      ]);
      return messages.map(latencyOf);
    };
    const [a0, b0] = run(0) as [number, number];
    for (const C of [1, 3]) {
      const [a, b] = run(C) as [number, number];
      // Which worm wins the VC does not change; the loser's wait grows by the credit's delay.
      const first = Math.min(a0, b0);
      assert.equal(Math.min(a, b), first, `C = ${C}`);
      assert.equal(Math.max(a, b), Math.max(a0, b0) + C, `C = ${C}`);
    }
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { unicastWorm } from '../../src/plan/worm.js';
import { tracePath } from '../../src/routing/path.js';
import type { FatTree } from '../../src/topology/fattree.js';
import { parseTopology } from '../../src/topology/registry.js';
import { latencyOf, makeNet, PAPER_TIMING, runMessages } from '../engine/harness.js';

/**
 * Zero-load latency of a unicast of L flits crossing `switches` switches on a switch-based network
 * with links of latency W: every switch costs routingDelay + 1 (the decision, then one cycle onto
 * the next link); each of the switches - 1 switch-switch links adds W - 1 cycles on the wire; the
 * host links have latency 1; the body follows one flit per cycle (buffers of W flits or more).
 */
function formula(switches: number, L: number, W: number): number {
  const R = PAPER_TIMING.routingDelay;
  return PAPER_TIMING.startup + switches * (R + 1) + (switches - 1) * (W - 1) + (L - 1);
}

function unicast(spec: string, s: number, d: number, L: number, W: number) {
  const net = makeNet(spec, { latency: W, bufferDepth: W });
  const { messages } = runMessages(net, [{ at: 0, source: s, worms: [unicastWorm(s, d, L)] }]);
  return { net, m: messages[0]! };
}

describe('zero-load latency on switch-based networks equals the formula', () => {
  for (const N of [16, 64])
    for (const W of [1, 3])
      it(`fattree:${N}, every LCA level, link latency ${W}`, () => {
        const net = makeNet(`fattree:${N}`);
        const t = net.topology as FatTree;
        const seen = new Set<number>();
        for (let d = 1; d < N; d += 3) {
          const lambda = t.lcaLevel(0, d);
          seen.add(lambda);
          // 2 lambda - 1 switches: up lambda - 1 links, down as many (LCA turnaround).
          const { m } = unicast(`fattree:${N}`, 0, d, 20, W);
          assert.equal(m.hops, 2 * (lambda - 1));
          assert.equal(latencyOf(m), formula(2 * lambda - 1, 20, W), `0 -> ${d}, lambda ${lambda}`);
          assert.equal(m.deliveries[0]!.header - m.created, formula(2 * lambda - 1, 1, W));
        }
        assert.deepEqual(
          [...seen].sort(),
          Array.from({ length: t.levels }, (_, i) => i + 1),
        );
      });

  for (const W of [1, 2])
    it(`ibmesh:5x4, every hop count 0..7, link latency ${W}`, () => {
      const net = makeNet('ibmesh:5x4');
      const t = net.topology;
      const s = t.parseNode('0,0');
      for (let d = 1; d < t.numNodes; d++) {
        const [x, y] = t.coords(d) as [number, number];
        const h = x + y;
        const { m } = unicast('ibmesh:5x4', s, d, 8, W);
        assert.equal(m.hops, h);
        assert.equal(tracePath(t, net.routing, s, d).length, h);
        assert.equal(latencyOf(m), formula(h + 1, 8, W), `0,0 -> ${t.formatNode(d)}`);
      }
    });
});

describe('random traffic on switch-based networks (property)', () => {
  it('exactly-once delivery, no buffer over capacity, FIFO order, traffic = flits x hops, same result per seed', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('fattree:16', 'fattree:64', 'ibmesh:4x4', 'ibmesh:5x3'),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom('wormhole', 'vct', 'input-fifo'),
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.tuple(fc.nat(60), fc.nat(10_000), fc.nat(10_000), fc.integer({ min: 1, max: 12 })), {
          minLength: 1,
          maxLength: 40,
        }),
        (spec, depth, W, switching, V, raw) => {
          const bufferDepth = switching === 'vct' ? 12 : depth;
          // checkInvariants includes the switch model's own: an input FIFO never holds more than
          // its flits and releases its packets in arrival order.
          const vcs = parseTopology(spec).channelClasses.map(() => V);
          const o = { bufferDepth, latency: W, switching, vcs };
          const net = makeNet(spec, o);
          const N = net.numNodes;
          const msgs = raw
            .map(([at, a, b, L]) => ({ at, s: a % N, d: b % N, L }))
            .filter((m) => m.s !== m.d)
            .map((m) => ({ at: m.at, source: m.s, worms: [unicastWorm(m.s, m.d, m.L)] }));
          if (msgs.length === 0) return;
          const run = () =>
            runMessages(makeNet(spec, o), msgs, o, (e) => {
              const bad = e.checkInvariants();
              if (bad) throw new Error(bad);
            });
          const { messages, engine } = run();
          let flitHops = 0;
          messages.forEach((m, i) => {
            const w = msgs[i]!.worms[0]!;
            const dest = w.stops[0]!.node;
            assert.equal(m.deliveries.length, 1);
            assert.equal(m.deliveries[0]!.node, dest);
            const h = tracePath(net.topology, net.routing, m.source, dest).length;
            assert.equal(m.traffic, h * w.length);
            flitHops += h * w.length;
          });
          assert.equal(engine.flitHops, flitHops);
          assert.ok(engine.idle);
          const again = run().messages.map((m) => m.deliveries);
          assert.deepEqual(
            again,
            messages.map((m) => m.deliveries),
          );
        },
      ),
      { numRuns: 90, seed: 20261123 },
    );
  });

  it('a multidestination path worm through hosts on a fat tree delivers to each exactly once', () => {
    const net = makeNet('fattree:64', { bufferDepth: 4 });
    const dests = [3, 17, 18, 40, 63];
    const worm = {
      source: 0,
      length: 4,
      stops: dests.map((node, i) => ({ node, service: i < dests.length - 1 ? 'PAF' : 'ABS' }) as const),
    };
    const { messages } = runMessages(net, [{ at: 0, source: 0, worms: [worm] }]);
    assert.deepEqual(
      messages[0]!.deliveries.map((d) => d.node),
      dests,
    );
  });
});

describe('adaptive up routing on fat trees (002 sec. 3.3)', () => {
  it('worms leaving one leaf at once spread over its up ports: one cycle apart, not one packet apart', () => {
    // 0..3 share leaf s1.0, and 4, 8, 12 have the same digit at level 1: the fixed digit rule
    // would queue three of them on up port 4 (one VC), a whole packet each. Adaptively, all four
    // ask for the idle port 4 in the same cycle (the choice reads the start of the cycle); the
    // winner takes it and the others choose again next cycle, each time the next idle up port.
    const net = makeNet('fattree:16', { vcs: [1, 1] });
    const dests = [4, 8, 12, 5];
    const { messages } = runMessages(
      net,
      dests.map((d, s) => ({ at: 0, source: s, worms: [unicastWorm(s, d, 60)] })),
    );
    const zero = formula(3, 60, 1);
    assert.deepEqual(
      messages.map(latencyOf).sort((a, b) => a - b),
      [zero, zero + 1, zero + 2, zero + 3],
    );
  });

  it('a lone worm takes the first up port from the pointer: zero-load latency at every LCA level', () => {
    const net = makeNet('fattree:64');
    const t = net.topology as FatTree;
    for (const d of [1, 5, 20, 63]) {
      const lambda = t.lcaLevel(0, d);
      const { messages } = runMessages(net, [{ at: 0, source: 0, worms: [unicastWorm(0, d, 20)] }]);
      assert.equal(latencyOf(messages[0]!), formula(2 * lambda - 1, 20, 1), `0 -> ${d}`);
    }
  });
});

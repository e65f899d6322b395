import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unicastWorm } from '../../src/plan/worm.js';
import { tracePath } from '../../src/routing/path.js';
import { latencyOf, makeNet, PAPER_TIMING, runMessages } from './harness.js';

/**
 * Zero-load latency of one unicast of L flits over h hops (docs/engine.md):
 *   startup + (h + 1) * (routingDelay + 1) + (L - 1)
 * h network hops plus the hop into the consumption channel, each a routing decision and one cycle
 * on the link; the body follows the head one flit per cycle.
 */
function formula(h: number, L: number, S = PAPER_TIMING.startup, R = PAPER_TIMING.routingDelay): number {
  return S + (h + 1) * (R + 1) + (L - 1);
}

const cases: Array<[string, string, string, number]> = [
  ['mesh:16x16', '0,0', '15,15', 20],
  ['mesh:16x16', '3,4', '3,5', 1],
  ['mesh:8x4', '7,0', '0,3', 7],
  ['mesh:5x5', '2,2', '4,0', 32],
  ['torus:10x10', '0,0', '9,9', 20],
  ['torus:10x10', '1,7', '6,2', 20],
  ['mesh:4x4x4', '0,0,0', '3,2,1', 16],
  ['ccc:3', '1,000', '0,111', 20],
  ['ccc:5', '3,01010', '0,11000', 12],
  ['ccc:7', '0,0000000', '6,1111111', 20],
];

describe('zero-load latency of a single unicast equals the model formula', () => {
  for (const depth of [1, 2, 4]) {
    for (const [spec, from, to, L] of cases) {
      it(`${spec} ${from} -> ${to}, ${L} flits, ${depth}-flit buffers`, () => {
        const net = makeNet(spec, { bufferDepth: depth });
        const t = net.topology;
        const s = t.parseNode(from);
        const d = t.parseNode(to);
        const h = tracePath(t, net.routing, s, d).length;
        const { messages, engine } = runMessages(net, [{ at: 5, source: s, worms: [unicastWorm(s, d, L)] }]);
        const m = messages[0]!;
        assert.equal(m.deliveries.length, 1);
        assert.equal(m.deliveries[0]!.node, d);
        assert.equal(latencyOf(m), formula(h, L));
        assert.equal(m.deliveries[0]!.header - m.created, formula(h, 1));
        assert.equal(m.hops, h);
        assert.equal(m.traffic, h * L, 'traffic = flits x hops');
        assert.equal(engine.flitHops, h * L);
      });
    }
  }

  it('start-up: 33 cycles for the first message of a phase, 8 for each further one (000 sec. 5.1)', () => {
    const net = makeNet('mesh:8x8', { injection: 4, consumption: 4 });
    const t = net.topology;
    const s = t.parseNode('4,4');
    // Routes leave the source on different links, so the worms never meet.
    const dests = ['7,4', '0,4', '4,7'].map((x) => t.parseNode(x));
    const worms = dests.map((d) => unicastWorm(s, d, 10));
    const { messages } = runMessages(net, [{ at: 0, source: s, worms }]);
    const byNode = new Map(messages[0]!.deliveries.map((d) => [d.node, d.tail]));
    dests.forEach((d, i) => {
      const h = tracePath(t, net.routing, s, d).length;
      assert.equal(byNode.get(d), formula(h, 10, 33 + 8 * i));
    });
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unicastWorm } from '../../src/plan/worm.js';
import { makeNet, PAPER_TIMING, runMessages } from './harness.js';

/**
 * Streaming worms (streams.ts, docs/engine.md): a worm alone on its channels whose buffers behind
 * its header each hold a flit moves every one of them each cycle without a visit, behind its header
 * while that is on its way (an open front, with room) and behind the consumption channel once it is
 * delivered. Results with and without streaming are compared over random traffic in
 * fast/equivalence.test.ts; this checks the work is skipped.
 */
describe('streaming worms', () => {
  for (const [from, to] of [
    ['0,0', '7,7'],
    ['6,1', '2,5'],
    ['3,3', '3,4'],
  ] as const)
    it(`a lone 20-flit worm in 8-flit buffers, ${from} to ${to}: streams from its first hop to its tail, only its head visited`, () => {
      const net = makeNet('mesh:8x8', { bufferDepth: 8 });
      const t = net.topology;
      const s = t.parseNode(from);
      const d = t.parseNode(to);
      const streaming: number[] = [];
      const { engine, messages } = runMessages(
        net,
        [{ at: 0, source: s, worms: [unicastWorm(s, d, 20)] }],
        {},
        (e) => {
          const bad = e.checkInvariants();
          if (bad) throw new Error(bad);
          const stats = e.shortcutStats();
          if (stats.streamingWorms === 0) return;
          streaming.push(e.now - 1);
          // The buffer the header is in, until it reaches the consumption channel, is the only one visited.
          assert.ok(
            e.activeBuffers - stats.streamingBuffers <= 1,
            `cycle ${e.now - 1}: more than the head visited`,
          );
        },
      );
      const { startup, routingDelay } = PAPER_TIMING;
      const [sx, sy] = from.split(',').map(Number) as [number, number];
      const [dx, dy] = to.split(',').map(Number) as [number, number];
      const h = Math.abs(sx - dx) + Math.abs(sy - dy);
      // Zero-load latency (docs/engine.md, "Timing"); the header leaves the injection buffer
      // routingDelay + 1 cycles after start-up, and the worm streams from then to its tail.
      const tail = startup + (h + 1) * (routingDelay + 1) + 19;
      assert.equal(messages[0]!.deliveries[0]!.tail, tail);
      const first = startup + routingDelay + 1;
      assert.deepEqual(
        streaming,
        Array.from({ length: tail - first }, (_, i) => first + i),
      );
      assert.equal(engine.shortcutStats().streamStops, 0);
    });
});

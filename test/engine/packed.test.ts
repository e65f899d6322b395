import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unicastWorm } from '../../src/plan/worm.js';
import { LONE_ROUTES, makeNet, PAPER_TIMING, runMessages, runShortcutOnOff, unicasts } from './harness.js';

/**
 * Packed worms (packed.ts, docs/engine.md): a worm in full 1-flit buffers moves as one unit, the
 * link stage visiting only the buffer its header is in. A lone worm is packed from the cycle its
 * header leaves the injection buffer until it enters the consumption channel (then it streams),
 * with every buffer it holds but the header's a member. Results with and without packing are
 * compared over random traffic in fast/equivalence.test.ts; this checks the work is skipped.
 */
describe('packed worms', () => {
  for (const [from, to] of LONE_ROUTES)
    it(`a lone 20-flit worm in 1-flit buffers, ${from} to ${to}: packed at every hop, all but its head skipped`, () => {
      const net = makeNet('mesh:8x8', { bufferDepth: 1 });
      const t = net.topology;
      const s = t.parseNode(from);
      const d = t.parseNode(to);
      let packedCycles = 0;
      const { engine } = runMessages(net, [{ at: 0, source: s, worms: [unicastWorm(s, d, 20)] }], {}, (e) => {
        const bad = e.checkInvariants();
        if (bad) throw new Error(bad);
        const stats = e.shortcutStats();
        if (stats.packedWorms === 0) return;
        packedCycles++;
        assert.equal(
          stats.packedBuffers,
          e.activeBuffers - 1,
          `cycle ${e.now - 1}: members besides the head`,
        );
      });
      // The head leaves the injection buffer and each of the h routers after it: packed from the
      // first of those h + 1 moves to the last, routingDelay + 1 cycles apart.
      const [sx, sy] = from.split(',').map(Number) as [number, number];
      const [dx, dy] = to.split(',').map(Number) as [number, number];
      const h = Math.abs(sx - dx) + Math.abs(sy - dy);
      assert.equal(packedCycles, h * (PAPER_TIMING.routingDelay + 1));
      assert.equal(engine.shortcutStats().packStarts, 1);
      assert.equal(engine.shortcutStats().packStops, 0);
    });

  it('a worm of 8-flit buffers is not packed while it flows (its buffers are not full)', () => {
    const net = makeNet('mesh:8x8', { bufferDepth: 8 });
    const { engine } = runMessages(net, [{ at: 0, source: 0, worms: [unicastWorm(0, 63, 20)] }], {}, (e) => {
      assert.equal(e.shortcutStats().packedWorms, 0);
    });
    assert.equal(engine.shortcutStats().packStarts, 0);
  });

  it('the part of a worm behind a channel it shares is packed, its front feeding that channel; the run is the same as unpacked', () => {
    const net = makeNet('mesh:8x8', { bufferDepth: 1 });
    // X takes the other VC of channel (3,0)->(4,0) while W spans it: W's moves over that channel
    // depend on arbitration from then on, so W is no unit as a whole. Behind it W is alone: its
    // buffer at router (3,0) feeds the shared channel and is the front; its injection buffer and
    // its buffers at (1,0) and (2,0) are the members.
    const msgs = unicasts(net, [
      ['0,0', '7,0', 0],
      ['3,0', '4,0', 9],
    ]);
    let segmentCycles = 0;
    const on = runShortcutOnOff(net, msgs, { packed: false }, (e) => {
      // Both worms hold 10 buffers from cycle 54 to 80; only W's tail part can be packed then.
      const stats = e.shortcutStats();
      if (e.activeBuffers === 10 && stats.packedWorms === 1 && stats.packedBuffers === 3) segmentCycles++;
    });
    assert.equal(segmentCycles, 27);
    assert.equal(on.engine.shortcutStats().packStops, 0);
  });

  it('a worm whose oldest buffer feeds a shared channel is packed once that channel is its own again', () => {
    const net = makeNet('mesh:8x8', { bufferDepth: 1 });
    // X crosses (1,0)->(2,0), the channel W's injection buffer feeds, for its first 40 or so
    // cycles: W's header moves meanwhile find nothing to pack (tryPack answers from the oldest
    // buffer it remembers); the ones after X's tail has passed pack W behind its header again.
    const msgs = unicasts(net, [
      ['1,0', '7,7', 0],
      ['0,0', '5,0', 0],
    ]);
    let packedCycles = 0;
    const on = runShortcutOnOff(net, msgs, { packed: false }, (e) => {
      if (e.shortcutStats().packedWorms > 0) packedCycles++;
    });
    // The same with tryPack walking W's buffers at every header move (as before it remembered the
    // oldest); fewer if it wrongly took W's oldest to feed a shared channel still (3 then).
    assert.equal(packedCycles, 34);
    assert.equal(on.engine.shortcutStats().packStarts, 3);
  });

  it("another worm taking a VC of a packed worm's channel unpacks it; the run is the same as unpacked", () => {
    const net = makeNet('mesh:8x8', { bufferDepth: 1 });
    // Two worms along row 0: the second takes the other VC of channels the first holds.
    const msgs = [
      { at: 0, source: 0, worms: [unicastWorm(0, 7, 20)] },
      { at: 4, source: 1, worms: [unicastWorm(1, 6, 20)] },
    ];
    const on = runShortcutOnOff(net, msgs, { packed: false });
    assert.ok(on.engine.shortcutStats().packStops > 0, 'no packed worm was unpacked');
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LONG_WAIT } from '../../src/engine/fast/shortcuts.js';
import { unicastWorm } from '../../src/plan/worm.js';
import { LONE_ROUTES, makeNet, PAPER_TIMING, runMessages } from './harness.js';

/**
 * Sleeping buffers (docs/engine.md, "Buffer sleep"): a worm in 1-flit buffers whose
 * head waits for its output cannot move at all, and the whole chain of buffers behind the head
 * falls asleep in the cycle the head does, not one buffer per cycle; a header entering a router's
 * buffer waits there for its output, so the worm sleeps from the cycle it arrives. The property
 * tests check the rule itself (nothing that could move sleeps) every cycle; this checks that the
 * work is skipped.
 */
describe('sleeping buffers', () => {
  for (const [from, to] of LONE_ROUTES)
    it(`a lone 20-flit worm in 1-flit buffers, ${from} to ${to}: all of its buffers sleep or none`, () => {
      const net = makeNet('mesh:8x8', { bufferDepth: 1 });
      const t = net.topology;
      const s = t.parseNode(from);
      const d = t.parseNode(to);
      let asleepCycles = 0;
      // Packed worms (packed.ts) would skip the buffers behind the head another way: off here.
      runMessages(
        net,
        [{ at: 0, source: s, worms: [unicastWorm(s, d, 20)] }],
        { engine: { packed: false } },
        (e) => {
          const bad = e.checkInvariants();
          if (bad) throw new Error(bad);
          const sleeping = e.shortcutStats().sleepingBuffers;
          if (sleeping > 0) asleepCycles++;
          assert.ok(
            sleeping === 0 || sleeping === e.activeBuffers,
            `cycle ${e.now - 1}: ${sleeping} of ${e.activeBuffers} held buffers sleep`,
          );
        },
      );
      // The head waits out its routing delay at every router, from the end of the cycle it entered
      // (routingDelay + 1 cycles before it leaves) at each of the h routers it reaches over a link,
      // and from the end of the next cycle in the injection buffer (found blocked when visited).
      const [sx, sy] = from.split(',').map(Number) as [number, number];
      const [dx, dy] = to.split(',').map(Number) as [number, number];
      const h = Math.abs(sx - dx) + Math.abs(sy - dy);
      const wait = PAPER_TIMING.routingDelay + 1;
      assert.equal(asleepCycles, h * wait + (wait - 1));
    });

  it('sleep off (as under a switch model that counts space), only a head that waits long for its output sleeps (outputWaits)', () => {
    // One VC: a 400-flit worm holds the channels east of 0,0; a worm from 1,0 that starts after it
    // waits some 400 cycles for the channel east of 1,0, far longer than LONG_WAIT.
    const net = makeNet('mesh:8x8', { bufferDepth: 1, vcs: [1] });
    const at = (n: string) => net.topology.parseNode(n);
    let most = 0;
    let cycles = 0;
    runMessages(
      net,
      [
        { at: 0, source: at('0,0'), worms: [unicastWorm(at('0,0'), at('7,0'), 400)] },
        { at: 5, source: at('1,0'), worms: [unicastWorm(at('1,0'), at('7,0'), 20)] },
      ],
      { engine: { sleep: false, packed: false, streams: false, drainLines: false } },
      (e) => {
        const bad = e.checkInvariants();
        if (bad) throw new Error(bad);
        const n = e.shortcutStats().sleepingBuffers;
        most = Math.max(most, n);
        if (n > 0) cycles++;
      },
    );
    // The waiting head's buffer alone, never the chain behind it: those buffers' moves hang on
    // space, which such a model counts itself; and only after LONG_WAIT cycles.
    assert.equal(most, 1);
    assert.ok(cycles > 350 - LONG_WAIT && cycles < 430 - LONG_WAIT, `${cycles} cycles asleep`);
  });

  it('turned off (EngineOptions.sleep and outputWaits false), no buffer sleeps and the worm is still packed behind its header', () => {
    const net = makeNet('mesh:8x8', { bufferDepth: 1 });
    const s = net.topology.parseNode('0,0');
    const d = net.topology.parseNode('7,7');
    let starts = 0;
    runMessages(
      net,
      [{ at: 0, source: s, worms: [unicastWorm(s, d, 20)] }],
      { engine: { sleep: false, outputWaits: false } },
      (e) => {
        const bad = e.checkInvariants();
        if (bad) throw new Error(bad);
        const stats = e.shortcutStats();
        assert.equal(stats.sleepingBuffers, 0, `cycle ${e.now - 1}`);
        starts = stats.packStarts;
      },
    );
    // Packed worms form as a header enters a buffer (link-events.ts lists it without sleep too).
    assert.ok(starts > 0, `${starts} packs`);
  });
});

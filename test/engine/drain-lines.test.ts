import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unicastWorm } from '../../src/plan/worm.js';
import { makeNet, runMessages, runShortcutOnOff, unicasts } from './harness.js';

/**
 * Drain lines (drain-lines.ts, docs/engine.md): once a worm's header is delivered, its 1-flit
 * buffers after the last channel it shares move every flit one hop per cycle, gaps and all, and
 * the link stage skips them. Results with and without them are compared over random and
 * saturating traffic in fast/equivalence.test.ts; this checks which buffers are skipped, and when.
 */
describe('drain lines', () => {
  /** Runs W and X on an 8x8 mesh of 2 VCs of 1 flit; returns after each cycle the buffers of drain lines. */
  function scenario(w: [string, string], x: [string, string], xAt: number) {
    const net = makeNet('mesh:8x8', { bufferDepth: 1, vcs: [2] });
    const members = new Map<number, number>();
    const msgs = unicasts(net, [
      [...w, 0],
      [...x, xAt],
    ]);
    const on = runShortcutOnOff(net, msgs, { drainLines: false }, (e) => {
      const stats = e.shortcutStats();
      if (stats.drainingWorms > 0) members.set(e.now - 1, stats.drainingBuffers);
    });
    return { members, on };
  }

  it('a worm that shares a channel drains through its buffers after it once its header is delivered', () => {
    // X takes the other VC of (2,0)->(3,0) while W crosses it: W's flits come on with gaps. W's
    // header is delivered at (7,0) in cycle 57; from the end of it its buffers at routers 3..7 drain
    // as one line (its buffer at (2,0) feeds the shared channel and stays with the link stage), one
    // fewer after each cycle once the tail is in the line, until the tail is delivered in cycle 82.
    const { members, on } = scenario(['0,0', '7,0'], ['2,0', '3,0'], 0);
    assert.deepEqual(on.messages[0]!.deliveries, [{ node: 7, header: 57, tail: 82 }]);
    const expected = new Map<number, number>();
    for (let c = 57; c <= 77; c++) expected.set(c, 5);
    for (let c = 78; c <= 81; c++) expected.set(c, 82 - c);
    assert.deepEqual(members, expected);
    assert.equal(on.engine.shortcutStats().drainStarts, 1);
    assert.equal(on.engine.shortcutStats().drainStops, 0);
  });

  it('the buffer feeding a line joins it when the other worm has left its channel', () => {
    // W turns down at column 7 to (7,3); X shares (2,0)->(3,0) and (3,0)->(4,0) with it until its
    // tail is delivered at (4,0) in cycle 76. W's header is delivered in cycle 66: its line is its
    // 7 buffers from router (4,0) on; after cycle 77 its buffer at (3,0), whose channel is W's alone
    // again, has joined it.
    const { members, on } = scenario(['0,0', '7,3'], ['2,0', '4,0'], 3);
    assert.equal(on.messages[0]!.deliveries[0]!.header, 66);
    assert.equal(on.messages[1]!.deliveries[0]!.tail, 76);
    assert.equal(members.get(66), 7);
    assert.equal(members.get(76), 7);
    assert.equal(members.get(77), 8);
    assert.equal(on.engine.shortcutStats().drainStarts, 1);
  });

  it('a worm alone on its channels streams instead (no line)', () => {
    const net = makeNet('mesh:8x8', { bufferDepth: 1, vcs: [2] });
    const { engine } = runMessages(net, [{ at: 0, source: 0, worms: [unicastWorm(0, 63, 20)] }]);
    assert.equal(engine.shortcutStats().drainStarts, 0);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unicastWorm } from '../../src/plan/worm.js';
import { latencyOf, makeNet, PAPER_TIMING, runMessages } from '../engine/harness.js';

/**
 * Head-of-line blocking in the input-FIFO switch (002 sec. 5), on ibmesh:3x2:
 *   P0: 40 flits from host 1,0 to 2,0 holds switch 1,0's east output until cycle 75;
 *   P1: 4 flits from 0,0 to 2,0 waits for that output in the west input FIFO of switch 1,0;
 *   P2: 4 flits from 0,0 to 1,1, behind P1 in the same FIFO, wants the free north output.
 * Start-ups are 33 cycles, one at a time per processor: P0 and P1 enter the network at 33, P2 at 66.
 */
function holCase(switching: string, bufferDepth: number) {
  const o = { vcs: [2], bufferDepth, switching };
  const net = makeNet('ibmesh:3x2', o);
  const n = (s: string) => net.topology.parseNode(s);
  const msgs = [
    { at: 0, source: n('1,0'), worms: [unicastWorm(n('1,0'), n('2,0'), 40)] },
    { at: 0, source: n('0,0'), worms: [unicastWorm(n('0,0'), n('2,0'), 4)] },
    { at: 0, source: n('0,0'), worms: [unicastWorm(n('0,0'), n('1,1'), 4)] },
  ];
  return runMessages(net, msgs, o, (e) => {
    const bad = e.checkInvariants();
    if (bad) throw new Error(bad);
  }).messages;
}

describe('input-FIFO switch', () => {
  it('a packet behind a blocked one leaves its input FIFO only after it (head-of-line blocking)', () => {
    const R = PAPER_TIMING.routingDelay + 1;
    const [p0, p1, p2] = holCase('input-fifo', 8);
    // P0 streams into switch 2,0's FIFO; its tail enters it at 33 + 3 + 39 = 75 and is consumed at 78.
    assert.equal(p0!.deliveries[0]!.tail, 78);
    // P1 follows P0 back to back into that FIFO at 76 (the cycle after P0's tail entered) and
    // takes the consumption channel P0 frees: header 79, tail 82, so its tail left switch 1,0 at 79.
    assert.deepEqual([p1!.deliveries[0]!.header, p1!.deliveries[0]!.tail], [79, 82]);
    // P2 becomes the FIFO's front when P1's tail has left, and leaves switch 1,0 at cycle 80:
    // it reaches 1,1 one switch later, at 80 + 3.
    const p2Leaves = p2!.deliveries[0]!.header - R;
    assert.equal(p2Leaves, 80);
    assert.equal(latencyOf(p2!), 86);
  });

  it('with two VCs per input instead, the follower passes the blocked packet at zero-load time', () => {
    const R = PAPER_TIMING.routingDelay + 1;
    const [, , p2] = holCase('wormhole', 4);
    // 66 + 3 switches x 3 cycles: 0,0 -> 1,0 -> 1,1 -> host; P2 leaves switch 1,0 at 72, not 80.
    assert.equal(p2!.deliveries[0]!.header, 66 + 3 * R);
    assert.equal(p2!.deliveries[0]!.header - R, 72);
  });

  it('a FIFO of one packet (vcs 1) with a deep buffer behaves as the VC router with one VC at zero load', () => {
    for (const switching of ['input-fifo', 'wormhole']) {
      const o = { vcs: [1, 1], bufferDepth: 4, switching };
      const net = makeNet('fattree:64', o);
      const { messages } = runMessages(net, [{ at: 0, source: 0, worms: [unicastWorm(0, 63, 20)] }], o);
      // LCA level 3: 5 switches.
      assert.equal(latencyOf(messages[0]!), PAPER_TIMING.startup + 5 * 3 + 19, switching);
    }
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DeadlockError } from '../../src/engine/engine.js';
import { bitstringWorm } from '../../src/multicast/bitstring.js';
import { unicastWorm } from '../../src/plan/worm.js';
import {
  makeNet,
  type NetOpts,
  runMessages,
  SWITCH_002_OPTIONS,
  SWITCH_002_TIMING,
} from '../engine/harness.js';

/**
 * 002 Fig. 2, second example (sec. 3): two worms, each for the four outputs of two right-hand
 * switches, each reserving the outputs of one of them; "the input ports of the right hand switches
 * fill up with flits from each of the multidestination worms" when buffers are smaller than a packet.
 *
 * On fattree:16 (docs/switched-networks.md): A from node 0 (leaf s1.0) and B from node 4 (leaf
 * s1.1), both for {8, 9, 12, 13}, turn around at the top (lambda = 2) and replicate to leaves s1.2
 * and s1.3. The unicast C (5 -> 12, 256 flits) goes up first from s1.1, so it takes s2.0 like A
 * (idle-first up ports, docs/switched-networks.md, "Routing") and holds s2.0's link down to s1.3:
 * A's branch to s1.3 is late, B's (via s2.1) is early. A is first at s1.2 (B starts 2 cycles later)
 * and takes outputs 8, 9; B is first at s1.3 and takes 12, 13 (after C) — the crossing of Fig. 2. C
 * starts one cycle before A so that it is first in s2.0's queue for the port down to s1.3: outputs
 * serve their requests in order, and same-cycle requests by ascending input
 * (docs/algorithms/input-buffer.md), which would put A (input down0) first.
 */
function traffic(net: ReturnType<typeof makeNet>, withBlocker = true) {
  const t = net.topology;
  const ms = [
    { at: 1, source: 0, worms: [bitstringWorm(t, 0, [8, 9, 12, 13], 64)] },
    { at: 3, source: 4, worms: [bitstringWorm(t, 4, [8, 9, 12, 13], 64)] },
  ];
  return withBlocker ? [{ at: 0, source: 5, worms: [unicastWorm(5, 12, 256)] }, ...ms] : ms;
}

function netOpts(switching: string, bufferDepth: number, acceptDeadlock = false): NetOpts {
  return {
    switching,
    bufferDepth,
    vcs: [8, 8],
    injection: 8,
    timing: { ...SWITCH_002_TIMING, deadlockCycles: 1000 },
    switchOptions: { ...SWITCH_002_OPTIONS, acceptDeadlock },
  };
}

function run(o: NetOpts, withBlocker = true) {
  const net = makeNet('fattree:16', o);
  try {
    return { messages: runMessages(net, traffic(net, withBlocker), o).messages };
  } catch (e) {
    if (!(e instanceof DeadlockError)) throw e;
    return { deadlock: e.report };
  }
}

describe('002 Fig. 2, two-stage case: worms crossing over two right-hand switches', () => {
  it('input FIFOs of 8 flits (< the 64-flit packet, acceptDeadlock): the detector reports the cycle', () => {
    const { deadlock } = run(netOpts('input-fifo', 8, true));
    assert.ok(deadlock, 'no deadlock');
    assert.equal(deadlock.worms.length, 2, deadlock.text);
    const [a, b] = deadlock.text.split(/\n {2}message 2/);
    // A holds the top switch s2.0's input and its branches into both right-hand leaves, has reached
    // 8 and 9 (leaf s1.2) and waits for 12, 13 (leaf s1.3), held by B; B the mirror image via s2.1.
    assert.match(a!, /input port down0 of switch s2\.0/);
    assert.match(a!, /input port up0 of switch s1\.2/);
    assert.match(a!, /input port up0 of switch s1\.3/);
    assert.match(a!, /holds consumption channel 0 of node 8\n.*holds consumption channel 0 of node 9/);
    assert.match(a!, /waits for a consumption channel of node 12 \(#0 held by message 2/);
    assert.match(a!, /waits for a consumption channel of node 13 \(#0 held by message 2/);
    assert.match(b!, /input port up1 of switch s1\.2/);
    assert.match(b!, /input port up1 of switch s1\.3/);
    assert.match(b!, /holds consumption channel 0 of node 12\n.*holds consumption channel 0 of node 13/);
    assert.match(b!, /waits for a consumption channel of node 8 \(#0 held by message 1/);
  });

  it('without the blocker the worms do not cross and the same small buffers complete', () => {
    assert.ok(run(netOpts('input-fifo', 8, true), false).messages);
  });

  it('the same traffic completes under the paper conditions (input FIFOs of 320 flits, central buffer)', () => {
    for (const [sw, depth] of [
      ['input-fifo', 320],
      ['central-buffer', 256],
    ] as const) {
      const { messages, deadlock } = run(netOpts(sw, depth));
      assert.equal(deadlock, undefined, deadlock?.text);
      assert.deepEqual(
        messages!.map((m) => m.deliveries.map((d) => d.node).sort((x, y) => x - y)),
        [[12], [8, 9, 12, 13], [8, 9, 12, 13]],
        sw,
      );
      // The crossing happened: B reached 13 (leaf s1.3) before A did, A reached 8 before B.
      const tail = (i: number, n: number) => messages![i]!.deliveries.find((d) => d.node === n)!.tail;
      assert.ok(tail(2, 13) < tail(1, 13) && tail(1, 8) < tail(2, 8), sw);
    }
  });
});

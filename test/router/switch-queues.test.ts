import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Engine } from '../../src/engine/engine.js';
import type { MessageState } from '../../src/engine/message.js';
import { BUF_SINK } from '../../src/engine/network.js';
import { bitstringWorm } from '../../src/multicast/bitstring.js';
import { unicastWorm } from '../../src/plan/worm.js';
import { routerModel } from '../../src/router/registry.js';
import {
  makeNet,
  type NetOpts,
  PAPER_TIMING,
  runMessages,
  SWITCH_002_OPTIONS,
  SWITCH_002_TIMING,
} from '../engine/harness.js';

/**
 * The per-output queues of 002's switches and the chunk path of a packet queued in the central
 * buffer, exactly (002 sec. 4.1, 5.1; docs/algorithms/central-buffer.md and input-buffer.md).
 * Cycles are the engine's: a flit counts as delivered in the cycle it crosses the last link, so a
 * delivery cycle is the emission cycle at the destination's leaf switch. On fattree:16, nodes 0-3
 * hang on ports 0-3 of leaf s1.0.
 */
const CB: NetOpts = {
  switching: 'central-buffer',
  bufferDepth: 256,
  vcs: [8, 8],
  injection: 8,
  timing: SWITCH_002_TIMING,
  switchOptions: SWITCH_002_OPTIONS,
};
const IB: NetOpts = { ...CB, switching: 'input-fifo', bufferDepth: 320 };

interface Msg {
  at: number;
  source: number;
  dest: number;
  length: number;
}

/** Runs unicasts to completion; per message, the flit delivery cycles at its destination. */
function run(o: NetOpts, msgs: Msg[]): number[][] {
  const net = makeNet('fattree:16', o);
  const flits = new Map<number, number[]>();
  const wormMsg: MessageState[] = [];
  const e = new Engine(
    net,
    routerModel(o.switching!),
    { ...PAPER_TIMING, ...o.timing },
    {
      trace: {
        wormStart: (w, m) => {
          wormMsg[w] = m;
        },
        flitIn: (w, b, _flit, t) => {
          if (net.bufKind[b] !== BUF_SINK) return;
          const id = wormMsg[w]!.id;
          flits.set(id, [...(flits.get(id) ?? []), t]);
        },
        release: () => {},
      },
    },
  );
  const order = msgs.map((_, i) => i).sort((a, b) => msgs[a]!.at - msgs[b]!.at || a - b);
  const ids: number[] = [];
  for (const i of order) {
    const m = msgs[i]!;
    const st = e.newMessage(m.source, m.at, 'test', true, m.length);
    ids[i] = st.id;
    e.startPhase(m.source, [unicastWorm(m.source, m.dest, m.length)], m.at, st);
  }
  for (let guard = 0; e.liveMessages > 0; guard++) {
    if (e.idle) e.skipIdle(Number.MAX_SAFE_INTEGER);
    e.step();
    assert.ok(guard < 100_000);
  }
  return ids.map((id) => flits.get(id)!);
}

const span = (f: number[]) => [f[0], f.at(-1)];
const consecutive = (f: number[]) => f.every((t, j) => t === f[0]! + j);

describe('002 central-buffer switch: per-output queues in header-write order (002 sec. 4.1)', () => {
  // X (0 -> 3, 256 flits) holds the port to node 3 until its tail leaves at 2 + 6 + 255 = 263. P
  // (4 -> 3) and Q (8 -> 3) come down into leaf s1.0 meanwhile, find the port busy and are written
  // into the central buffer (chunk path). The port is idle from 264: the packet whose header was
  // written first has its header chunk read at 264 and sends flit j at 264 + 4 + j (268..331); the
  // other's header chunk is read as soon as at most 4 of the first one's flits are unsent (at 328:
  // the output takes the next packet after reading the last chunk), so it follows back to back,
  // 332..395. D (6 -> 12) goes up
  // from P's leaf s1.1 first and moves its adaptive pointer on, so P goes up through s2.1 and enters
  // s1.0 by input up1, Q (from s1.2) through s2.0 by up0. The engine's round-robin by requesting
  // buffer (the allocator without the model's queues) serves up0 first after X, i.e. Q first even
  // when P was written first: the first case below tells the two orders apart.
  for (const [first, second] of [
    [4, 8],
    [8, 4],
  ] as const)
    it(`node ${first}'s packet, written first, is served first`, () => {
      const [, x, a, b] = run(CB, [
        { at: 0, source: 6, dest: 12, length: 8 },
        { at: 0, source: 0, dest: 3, length: 256 },
        { at: 1, source: first, dest: 3, length: 64 },
        { at: 5, source: second, dest: 3, length: 64 },
      ]);
      assert.deepEqual(span(x!), [8, 263]);
      assert.deepEqual(span(a!), [268, 331]);
      assert.ok(consecutive(a!));
      assert.deepEqual(span(b!), [332, 395]);
      assert.ok(consecutive(b!));
    });

  it("a processor's packet blocked at its input joins the queue in header-write order like any other", () => {
    // R (1 -> 3) asks for node 3's port at 8, while X holds it, and is written into the central
    // buffer at 10 (below), before P and Q: the port serves R, then P, then Q, back to back. The
    // processor's port is an ordinary input of its leaf (002 sec. 4.1).
    const [, a, b, r] = run(CB, [
      { at: 0, source: 0, dest: 3, length: 256 },
      { at: 0, source: 4, dest: 3, length: 64 },
      { at: 4, source: 8, dest: 3, length: 64 },
      { at: 0, source: 1, dest: 3, length: 64 },
    ]);
    assert.deepEqual(
      [span(r!), span(a!), span(b!)],
      [
        [268, 331],
        [332, 395],
        [396, 459],
      ],
    );
  });
});

describe("002 central-buffer switch: the processor's port is an ordinary input (002 sec. 4.1)", () => {
  // R (1 -> 3, created at 0) enters node 1's input of leaf s1.0 one flit per cycle, flit j in
  // engine cycle 1 + j (arrived at 2 + j), and asks for node 3's port at 1 + 7 = 8, where X (0 -> 3,
  // asking at 8 too from input 0) wins it. R found the port busy: its header chunk, complete when
  // flit 7 arrived at 9, is written into the central buffer at 10 (the cycle after), and every later
  // chunk c at 10 + 8c.
  it('written at 10 as the port frees: the chunk path, flit j at 15 + j', () => {
    // X of 2 flits leaves its tail at 9: the port takes R at 10, reads its header chunk at 11 (W +
    // 1), and flit j leaves at 11 + 4 + j, 13 cycles after it arrived (the flit path would give
    // 10 + j).
    const [x, r] = run(CB, [
      { at: 0, source: 0, dest: 3, length: 2 },
      { at: 0, source: 1, dest: 3, length: 64 },
    ]);
    assert.deepEqual(span(x!), [8, 9]);
    assert.deepEqual(span(r!), [15, 78]);
    assert.ok(consecutive(r!));
  });

  it("the node's next packet goes on while the blocked one waits in the central buffer", () => {
    // X (256 flits) holds node 3's port until its tail leaves at 263; R, written at 10, has its
    // header chunk read at 264 and sends 268..331. R2 (1 -> 2, created at 0) follows R on node 1's
    // link: its header enters after R's tail, at 1 + 64 = 65, finds R gone from the input (written
    // into the central buffer) and node 2's port idle, and crosses on the flit path at 65 + 7 =
    // 72, tail at 135. A processor's packet that waited at its input for the crossbar would hold
    // R2 behind it until R's tail had left, at 327.
    const [x, r, r2] = run(CB, [
      { at: 0, source: 0, dest: 3, length: 256 },
      { at: 0, source: 1, dest: 3, length: 64 },
      { at: 0, source: 1, dest: 2, length: 64 },
    ]);
    assert.deepEqual(span(x!), [8, 263]);
    assert.deepEqual(span(r!), [268, 331]);
    assert.deepEqual(span(r2!), [72, 135]);
    assert.ok(consecutive(r2!));
  });

  it("a replicated packet from the processor: the node's next packet goes on once it is written", () => {
    // M (1 -> {2, 3}) is replicated at s1.0 (k = 2): written at 10, tails 78 and 79 (the zero-load
    // formula, rank 0 and 1). R2 (1 -> 0) enters at 65 behind M's tail and crosses at 72 on the flit
    // path, instead of waiting until M's last tail has left the switch (79).
    const net = makeNet('fattree:16', CB);
    const { messages } = runMessages(
      net,
      [
        { at: 0, source: 1, worms: [bitstringWorm(net.topology, 1, [2, 3], 64)] },
        { at: 0, source: 1, worms: [unicastWorm(1, 0, 64)] },
      ],
      CB,
    );
    const tail = (i: number) => Object.fromEntries(messages[i]!.deliveries.map((d) => [d.node, d.tail]));
    assert.deepEqual(tail(0), { 2: 78, 3: 79 });
    assert.deepEqual(
      messages[1]!.deliveries.map((d) => [d.node, d.header, d.tail]),
      [[0, 72, 135]],
    );
  });
});

describe('002 central-buffer switch: a queued unicast takes the chunk path', () => {
  // P (4 -> 3, created at 0) crosses two switches at zero load and its header reaches leaf s1.0 at
  // 15 (engine; arrived at 16), ready at 22: with the port free it would cross on the flit path,
  // flit j at 22 + j (tail 85, a lone unicast with LCA level 2). X (0 -> 3) of 16 flits holds the
  // port until 23, so P asks at 22 and is written into the central buffer: its header chunk,
  // complete when flit 7 arrived at 23, is written at 24 (the cycle after), the port takes it at 24
  // and reads it at 25 (W + 1), and flit j leaves at 25 + 4 + j = 29 + j, every later chunk c read
  // at 25 + 8c as it is written (A_c + 2): 13 cycles after it arrived, as a replicated packet,
  // instead of 6.
  it('written just as its port frees: flit j at 29 + j (chunk path), not 24 + j', () => {
    const [x, p] = run(CB, [
      { at: 0, source: 0, dest: 3, length: 16 },
      { at: 0, source: 4, dest: 3, length: 64 },
    ]);
    assert.deepEqual(span(x!), [8, 23]);
    assert.deepEqual(span(p!), [29, 92]);
    assert.ok(consecutive(p!));
  });

  it('without the blocker the same packet takes the flit path (tail 85)', () => {
    const [p] = run(CB, [{ at: 0, source: 4, dest: 3, length: 64 }]);
    assert.deepEqual(span(p!), [22, 85]);
  });
});

describe('002 input-buffer switch: request queues, same-cycle requests by ascending input', () => {
  // X (2 -> 3, 16 flits) leaves its tail at 23 and moves the round-robin pointer of node 3's port
  // past node 2's first injection buffer. Q (2 -> 3, created at 0, behind X on node 2's link) and P
  // (1 -> 3, created at 16) both have their headers in leaf s1.0 at 17 and request the port at 24:
  // the queue puts P (input port 1) before Q (input port 2), so P crosses at 24..87 (flit path) and
  // Q after P's tail, at 88..151. Round-robin from the pointer would have served Q first.
  it('P (input 1) before Q (input 2)', () => {
    const [x, q, p] = run(IB, [
      { at: 0, source: 2, dest: 3, length: 16 },
      { at: 0, source: 2, dest: 3, length: 64 },
      { at: 16, source: 1, dest: 3, length: 64 },
    ]);
    assert.deepEqual(span(x!), [8, 23]);
    assert.deepEqual(span(p!), [24, 87]);
    assert.deepEqual(span(q!), [88, 151]);
  });
});

describe('002 input-buffer switch: same-cycle up-port choices in input order, whatever the visiting order', () => {
  /** The up port of leaf s1.0 that the worm of each message took (ports 4-7 lead up). */
  function upPorts(order: Array<[number, number]>): Map<number, number> {
    const net = makeNet('fattree:16', IB);
    const leaf = net.nodeSwitch[0]!;
    const portOf = new Map<number, number>();
    for (let p = 0; p < net.numPorts; p++) portOf.set(net.portChannel[leaf * net.numPorts + p]!, p);
    const wormSrc: number[] = [];
    const up = new Map<number, number>();
    const e = new Engine(
      net,
      routerModel('input-fifo'),
      { ...PAPER_TIMING, ...IB.timing },
      {
        trace: {
          wormStart: (w, _m, spec) => {
            wormSrc[w] = spec.source;
          },
          flitIn: (w, b, flit) => {
            const pc = net.bufPc[b]!;
            if (
              flit === 1 &&
              net.bufKind[b] !== BUF_SINK &&
              net.pcSrc[pc] === leaf &&
              pc < net.numNetChannels
            )
              up.set(wormSrc[w]!, portOf.get(pc)!);
          },
          release: () => {},
        },
      },
    );
    // Started in the given order at cycle 0: the heads reach leaf s1.0 in the same cycle, and the
    // one started first is visited first by the allocator.
    for (const [src, dst] of order) {
      const st = e.newMessage(src, 0, 'test', true, 64);
      e.startPhase(src, [unicastWorm(src, dst, 64)], 0, st);
    }
    while (e.liveMessages > 0) {
      if (e.idle) e.skipIdle(Number.MAX_SAFE_INTEGER);
      e.step();
    }
    return up;
  }

  it('node 0 (input 0) takes the pointer port 4 and node 1 (input 1) the next, in either start order', () => {
    for (const order of [
      [
        [0, 12],
        [1, 13],
      ],
      [
        [1, 13],
        [0, 12],
      ],
    ] as Array<Array<[number, number]>>) {
      const up = upPorts(order);
      assert.equal(up.get(0), 4, JSON.stringify(order));
      assert.equal(up.get(1), 5, JSON.stringify(order));
    }
  });
});

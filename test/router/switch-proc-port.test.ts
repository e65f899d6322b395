import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Engine } from '../../src/engine/engine.js';
import type { MessageState } from '../../src/engine/message.js';
import { BUF_INJ, BUF_SINK } from '../../src/engine/network.js';
import { unicastWorm } from '../../src/plan/worm.js';
import { routerModel } from '../../src/router/registry.js';
import { McsimError } from '../../src/util/errors.js';
import {
  makeNet,
  type NetOpts,
  PAPER_TIMING,
  SWITCH_002_OPTIONS,
  SWITCH_002_TIMING,
} from '../engine/harness.js';

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

interface Run {
  /** Per message: the cycles its flits reached the destination. */
  out: number[][];
  /** Per message: the cycles its flits entered the processor's port (its injection buffer). */
  in: number[][];
}

/** Runs unicasts to completion on fattree:16, with the engine's and the model's invariants every cycle. */
function run(o: NetOpts, msgs: Msg[]): Run {
  const net = makeNet('fattree:16', o);
  const out = new Map<number, number[]>();
  const inj = new Map<number, number[]>();
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
          const to = net.bufKind[b] === BUF_SINK ? out : net.bufKind[b] === BUF_INJ ? inj : undefined;
          if (to === undefined) return;
          const id = wormMsg[w]!.id;
          to.set(id, [...(to.get(id) ?? []), t]);
        },
        release: () => {},
      },
    },
  );
  const ids: number[] = [];
  for (const [i, m] of msgs.entries()) {
    const st = e.newMessage(m.source, m.at, 'test', true, m.length);
    ids[i] = st.id;
    e.startPhase(m.source, [unicastWorm(m.source, m.dest, m.length)], m.at, st);
  }
  for (let guard = 0; e.liveMessages > 0; guard++) {
    if (e.idle) e.skipIdle(Number.MAX_SAFE_INTEGER);
    e.step();
    const bad = e.checkInvariants();
    assert.equal(bad, undefined, bad);
    assert.ok(guard < 100_000);
  }
  return { out: ids.map((id) => out.get(id)!), in: ids.map((id) => inj.get(id)!) };
}

const span = (f: number[]) => [f[0], f.at(-1)];

describe("002 switches: the processor's port has the packet slots of a switch link's input (002 sec. 4.1, 5)", () => {
  // X (0 -> 3, 256 flits) holds node 3's port of leaf s1.0 until its tail leaves at 263. Node 1
  // sends R and R2 to node 3, then R3 to node 2, back to back on its link (flit j of the k-th packet
  // enters at 1 + 64k + j). R asks for node 3's port at 8 and is written into the central buffer at
  // 10; R2 enters at 65, asks at 72 and is written at 73; both wait there for the port (R sends
  // 268..331, R2 332..395). R3 enters at 129 and, node 2's port idle, crosses on the flit path at
  // 129 + 7 = 136, tail 199: a switch link's input with 8 slots would take a third packet while two
  // of its packets wait in the central buffer, and so does the processor's port.
  const traffic: Msg[] = [
    { at: 0, source: 0, dest: 3, length: 256 },
    { at: 0, source: 1, dest: 3, length: 64 },
    { at: 0, source: 1, dest: 3, length: 64 },
    { at: 0, source: 1, dest: 2, length: 64 },
  ];

  it('a third packet from one processor enters its leaf while two wait in the central buffer', () => {
    const r = run(CB, traffic);
    assert.deepEqual(r.out.map(span), [
      [8, 263],
      [268, 331],
      [332, 395],
      [136, 199],
    ]);
    assert.deepEqual(r.in.map(span), [
      [1, 256],
      [1, 64],
      [65, 128],
      [129, 192],
    ]);
    // With 2 injection channels (the slots of the 002 experiments' processor ports before) R3 would
    // wait for R's slot, as in the case below: a port with fewer slots than a switch link's input
    // is refused.
    const two = makeNet('fattree:16', { ...CB, injection: 2 });
    assert.throws(
      () => new Engine(two, routerModel('central-buffer'), { ...PAPER_TIMING, ...SWITCH_002_TIMING }),
      McsimError,
    );
  });

  it('with 2 VCs per channel the port has 2 slots: the third packet waits for the first one to leave', () => {
    // A switch link's input with 2 slots holds two packets until the first one's tail has left the
    // switch; the processor's port too, whatever the injection channels (8 here): R3 takes R's slot
    // when R's tail has left at 331, enters from 332 and crosses at 339..402.
    const r = run({ ...CB, vcs: [2, 2] }, traffic);
    assert.deepEqual(r.out.map(span), [
      [8, 263],
      [268, 331],
      [332, 395],
      [339, 402],
    ]);
    assert.deepEqual(span(r.in[3]!), [332, 395]);
  });

  it('input FIFO: the same slots; with 2 VCs per channel the third packet enters when the first has left', () => {
    // R (1 -> 3) waits at the head of node 1's port behind X until 263 and crosses at 264..327; R2
    // (1 -> 2) and R3 (1 -> 0) queue behind it (head-of-line blocking) and leave back to back. With
    // 8 slots R3 enters the port's FIFO at 129, behind R2's tail; with 2 it takes R's slot once R's
    // tail has left the switch, at 328. Its delivery does not move: it was blocked behind R anyway.
    const traffic4: Msg[] = [
      { at: 0, source: 0, dest: 3, length: 256 },
      { at: 0, source: 1, dest: 3, length: 64 },
      { at: 0, source: 1, dest: 2, length: 64 },
      { at: 0, source: 1, dest: 0, length: 64 },
    ];
    const out = [
      [8, 263],
      [264, 327],
      [328, 391],
      [392, 455],
    ];
    for (const [v, r3] of [
      [8, [129, 192]],
      [2, [328, 391]],
    ] as const) {
      const r = run({ ...IB, vcs: [v, v] }, traffic4);
      assert.deepEqual(r.out.map(span), out);
      assert.deepEqual(r.in.map(span), [[1, 256], [1, 64], [65, 128], r3]);
    }
  });

  it('fewer injection channels than a switch input has slots are refused, naming network.injectionChannels', () => {
    for (const o of [CB, IB]) {
      const net = makeNet('fattree:16', { ...o, injection: 2 });
      const model = routerModel(o.switching!);
      const refused = (e: unknown) =>
        e instanceof McsimError &&
        e.field === 'network.injectionChannels' &&
        /8 packet slots .* at least 8 of them or 'all' \(got 2\)$/.test(e.message);
      assert.throws(() => model.validate(net, 64), refused);
      assert.throws(() => new Engine(net, model, { ...PAPER_TIMING, ...SWITCH_002_TIMING }), refused);
    }
  });
});

describe("002 switches: the processor's port FIFO holds as many flits as a switch link's input", () => {
  /** Runs of consecutive cycles in f, as [first, last] pairs. */
  const runs = (f: number[]) => {
    const r: number[][] = [];
    for (const [j, t] of f.entries())
      if (j > 0 && t === f[j - 1]! + 1) r.at(-1)![1] = t;
      else r.push([t, t]);
    return r;
  };

  it('central buffer: a unicast blocked at the head fills the 64-flit FIFO, and the next packet waits for room', () => {
    // A multicast reserve of the whole central buffer keeps unicasts out of it, so R (1 -> 3, 64
    // flits) waits at the head of node 1's port while X holds node 3's port; its flits enter at
    // 1..64 and fill the port's FIFO (inputFifoFlits = 64). R2 (1 -> 2) takes the next injection
    // channel once R's tail is in, but its processor may send a flit only while the port holds
    // fewer than 64 (credit from the downstream FIFO): R crosses from 264 on the flit path (after
    // X's tail, 263), and R2's flits follow R's out of the FIFO, entering at 265..328. The port
    // never holds both packets whole, as no switch link's input would. R2 then crosses behind R's
    // tail, 328..391.
    const o: NetOpts = { ...CB, switchOptions: { ...SWITCH_002_OPTIONS, multicastReserveChunks: 256 } };
    const r = run(o, [
      { at: 0, source: 0, dest: 3, length: 256 },
      { at: 0, source: 1, dest: 3, length: 64 },
      { at: 0, source: 1, dest: 2, length: 64 },
    ]);
    assert.deepEqual(r.out.map(span), [
      [8, 263],
      [264, 327],
      [328, 391],
    ]);
    assert.deepEqual(r.in.map(runs), [[[1, 256]], [[1, 64]], [[265, 328]]]);
  });

  it('input FIFO: a blocked packet and the one behind it share the 320-flit FIFO', () => {
    // X (0 -> 3) and X2 (4 -> 3), 256 flits each, hold node 3's port of leaf s1.0 until 519; R
    // (1 -> 3, created at 20) asks for it at 28, after X2 (22), and waits at the head of node 1's
    // port with its 256 flits (21..276). R2 (1 -> 2) behind it may add only 64 flits (277..340)
    // to the port's FIFO of bufferDepth = 320 flits; the rest enter one for each flit R sends, from
    // 521 (R crosses from 520). R2 leaves behind R's tail (head-of-line blocking), 776..1031.
    const r = run(IB, [
      { at: 0, source: 0, dest: 3, length: 256 },
      { at: 0, source: 4, dest: 3, length: 256 },
      { at: 20, source: 1, dest: 3, length: 256 },
      { at: 20, source: 1, dest: 2, length: 256 },
    ]);
    assert.deepEqual(r.out.map(span), [
      [8, 263],
      [264, 519],
      [520, 775],
      [776, 1031],
    ]);
    assert.deepEqual(r.in.slice(2).map(runs), [
      [[21, 276]],
      [
        [277, 340],
        [521, 712],
      ],
    ]);
  });
});

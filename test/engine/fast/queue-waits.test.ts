import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Engine, type EngineOptions } from '../../../src/engine/engine.js';
import type { MessageState } from '../../../src/engine/message.js';
import type { SwitchModel, SwitchPolicy } from '../../../src/engine/policy.js';
import { plannerFor } from '../../../src/multicast/registry.js';
import { routerModel } from '../../../src/router/registry.js';
import { Rng } from '../../../src/util/rng.js';
import { makeNet, PAPER_TIMING, SWITCH_002_OPTIONS, SWITCH_002_TIMING } from '../harness.js';

/** A burst: each node sends `count` messages of `length` flits to `fanout` random others, one every `gap` cycles. */
interface Burst {
  count: number;
  length: number;
  fanout: number;
  gap: number;
  /** The central buffer's chunks (002's 256 unless said). */
  chunks?: number;
}

/**
 * 002's 64-flit multicasts to 15 destinations, 6 per node: packets pile up in the central buffer
 * or the input FIFOs, and most branches wait in their outputs' queues behind another packet, or at
 * the front for an output that cannot take them yet.
 */
const LONG: Burst = { count: 6, length: 64, fanout: 15, gap: 40 };
/**
 * Short packets into a small central buffer: an input FIFO of 64 flits holds several packets, so
 * packets wait behind others in their inputs, and unicasts not yet written wait for full outputs.
 */
const SHORT: Burst = { count: 30, length: 16, fanout: 3, gap: 8, chunks: 64 };

/**
 * 002's switches on a 16-node fat tree under a burst of multicasts. Returns what was delivered
 * when, the flit-hops after every cycle, the most heads the queueWaits, frontWaits and inputWaits
 * shortcuts passed over at once, and their sum over the cycles.
 */
function burst(name: string, algorithm: string, options: EngineOptions, load: Burst = LONG) {
  const net = makeNet('fattree:16', {
    bufferDepth: 320,
    vcs: [16, 16],
    injection: 16,
    switchOptions: { ...SWITCH_002_OPTIONS, centralBufferChunks: load.chunks ?? 256 },
  });
  const planner = plannerFor(algorithm, net.topology);
  const done: string[] = [];
  const engine = new Engine(
    net,
    routerModel(name),
    { ...PAPER_TIMING, ...SWITCH_002_TIMING },
    {
      onMessageDone: (m: MessageState) =>
        done.push(`${m.id}@${engine.now}:${m.deliveries.map((d) => `${d.node}/${d.tail}`).join(',')}`),
    },
    options,
  );
  const rng = new Rng(7, 1);
  const { count, length, fanout, gap } = load;
  for (let k = 0; k < count; k++)
    for (let s = 0; s < 16; s++) {
      const dests = rng.sample(16, fanout, s);
      const plan = planner.plan({ topology: net.topology, routing: net.routing, length }, s, dests);
      engine.startPhase(s, plan.worms, gap * k, engine.newMessage(s, gap * k, 'x', true, length));
    }
  const hops: number[] = [];
  let mostQueued = 0;
  let passedOver = 0;
  let setAside = 0;
  while ((!engine.idle || engine.nextEventTime() < Number.POSITIVE_INFINITY) && engine.now < 100_000) {
    engine.step();
    hops.push(engine.flitHops);
    const stats = engine.shortcutStats();
    const queued = stats.queuedHeads;
    setAside += stats.setAsideHeads;
    mostQueued = Math.max(mostQueued, queued);
    passedOver += queued;
    const bad = engine.checkInvariants();
    if (bad) throw new Error(bad);
  }
  return { done, hops, mostQueued, passedOver, setAside, idle: engine.idle };
}

describe('queueWaits: a head whose branches all wait behind other packets in their queues is passed over', () => {
  for (const [name, algorithm] of [
    ['central-buffer', 'bitstring'],
    ['input-fifo', 'bitstring'],
    ['input-fifo', 'umin'],
  ] as const)
    it(`${name}, ${algorithm}: the same flit-hops every cycle and the same deliveries, with heads passed over`, () => {
      const on = burst(name, algorithm, {});
      // inputWaits passes heads over too (counted alike): off as well, to count queueWaits' alone.
      const off = burst(name, algorithm, { queueWaits: false, inputWaits: false });
      assert.ok(on.idle && off.idle);
      assert.equal(on.done.length, 96);
      assert.deepEqual(on.done, off.done);
      assert.deepEqual(on.hops, off.hops);
      // The shortcut had work: heads waited in queues (none are counted with it off).
      assert.ok(on.mostQueued >= 3, `at most ${on.mostQueued} heads passed over at once`);
      assert.equal(off.mostQueued, 0);
    });
});

/**
 * A shortcut that passes more heads over: with it on and off (`off`), the same deliveries and the
 * same flit-hops every cycle, and more than `more` times the head-cycles passed over with it on.
 */
function passesMoreOver(name: string, algorithm: string, off: EngineOptions, more: number, load = LONG) {
  const on = burst(name, algorithm, {}, load);
  const without = burst(name, algorithm, off, load);
  assert.ok(on.idle && without.idle);
  assert.equal(on.done.length, 16 * load.count);
  assert.deepEqual(on.done, without.done);
  assert.deepEqual(on.hops, without.hops);
  assert.ok(
    on.passedOver > more * without.passedOver,
    `${on.passedOver} head-cycles passed over, ${without.passedOver} without`,
  );
}

describe('inputWaits: a head behind another packet in its input FIFO is passed over until it is at the front', () => {
  // Heads behind others in their inputs are passed over on top of those waiting in output queues;
  // in the central buffer also a replicated packet at the head, until it is written.
  for (const [name, algorithm, more] of [
    ['central-buffer', 'bitstring', 1.05],
    ['input-fifo', 'bitstring', 1.1],
    ['input-fifo', 'umin', 1.1],
  ] as const)
    it(`${name}, ${algorithm}: the same flit-hops every cycle and the same deliveries, with more heads passed over`, () =>
      passesMoreOver(name, algorithm, { inputWaits: false }, more));
  // The central buffer's inputs hold several short packets: unicasts and multicasts wait behind
  // others, at switch inputs and at processors' ports, and look again when the one ahead leaves.
  it('central-buffer, short packets, bitstring: the same flit-hops every cycle and the same deliveries, with more heads passed over', () =>
    passesMoreOver('central-buffer', 'bitstring', { inputWaits: false }, 1.3, SHORT));
});

describe('frontWaits: a head whose open branches are at the fronts of queues their outputs cannot take yet is passed over', () => {
  // Fronts refused by a full output or an input still receiving its newest packet wait on top of
  // the heads behind others in their queues.
  for (const [name, algorithm] of [
    ['central-buffer', 'bitstring'],
    ['central-buffer', 'umin'],
    ['input-fifo', 'bitstring'],
    ['input-fifo', 'umin'],
  ] as const)
    it(`${name}, ${algorithm}: the same flit-hops every cycle and the same deliveries, with more heads passed over`, () =>
      passesMoreOver(name, algorithm, { frontWaits: false }, 1.05));
  // Unicasts not yet written into the central buffer wait for a release in their full outputs, or
  // for their write; the first request (which puts them up for a write) is made before they wait.
  for (const algorithm of ['bitstring', 'umin'])
    it(`central-buffer, short packets, ${algorithm}: the same flit-hops every cycle and the same deliveries, with more heads passed over`, () =>
      passesMoreOver('central-buffer', algorithm, { frontWaits: false }, 1.15, SHORT));
});

describe("inputWaits at processors' ports: a packet behind another at its port waits for its turn", () => {
  // In the input FIFOs a packet leaves its processor's port only with its tail, so under load the
  // packets behind it wait there as those behind another in a switch's input FIFO do; the port
  // (InjectionQueue) tells the allocator when the next one reaches its front.
  for (const name of ['input-fifo', 'central-buffer'])
    it(`${name}: waitsInInput holds exactly for the held injection buffers past their port's first place`, () => {
      const net = makeNet('fattree:16', {
        bufferDepth: 320,
        vcs: [16, 16],
        injection: 16,
        switchOptions: { ...SWITCH_002_OPTIONS },
      });
      const model = routerModel(name);
      let policy: SwitchPolicy | undefined;
      const spy: SwitchModel = { ...model, create: (n, v) => (policy = model.create(n, v)) };
      const engine = new Engine(net, spy, { ...PAPER_TIMING, ...SWITCH_002_TIMING }, {}, {});
      const planner = plannerFor('bitstring', net.topology);
      const rng = new Rng(7, 2);
      for (let k = 0; k < 12; k++)
        for (let s = 0; s < 16; s++) {
          const plan = planner.plan(
            { topology: net.topology, routing: net.routing, length: 64 },
            s,
            rng.sample(16, 4, s),
          );
          engine.startPhase(s, plan.worms, 0, engine.newMessage(s, 0, 'x', true, 64));
        }
      let behind = 0;
      let first = 0;
      while ((!engine.idle || engine.nextEventTime() < Number.POSITIVE_INFINITY) && engine.now < 20_000) {
        engine.step();
        for (let n = 0; n < 16; n++)
          for (let b = net.injFirst[n]!; b < net.injFirst[n]! + net.injPerNode; b++) {
            // "processor port position i of n" while its packet is at the port.
            const at = /^processor port position (\d+) of/.exec(policy!.describe!(b) ?? '');
            if (at === null) continue;
            const waits = policy!.waitsInInput!(b);
            assert.equal(waits, at[1] !== '1', `cycle ${engine.now}: buffer ${b} at position ${at[1]}`);
            if (waits) behind++;
            else first++;
          }
      }
      assert.ok(engine.idle);
      assert.ok(behind > 500 && first > 500, `${behind} buffer-cycles behind, ${first} first`);
    });
});

describe('chunkWaits: a head the central buffer cannot write for want of free chunks is set aside until its switch has them', () => {
  // A small central buffer under short packets and 002's long multicasts: heads wait at their
  // inputs' heads for chunks, replicated packets for all of theirs.
  for (const [algorithm, load] of [
    ['bitstring', SHORT],
    ['umin', SHORT],
    ['bitstring', { ...LONG, chunks: 64 }],
  ] as const)
    it(`central-buffer, ${algorithm}, ${load.length}-flit packets into ${load.chunks} chunks: the same flit-hops every cycle and the same deliveries, with more heads set aside`, () => {
      const on = burst('central-buffer', algorithm, {}, load);
      const off = burst('central-buffer', algorithm, { chunkWaits: false }, load);
      assert.ok(on.idle && off.idle);
      assert.equal(on.done.length, 16 * load.count);
      assert.deepEqual(on.done, off.done);
      assert.deepEqual(on.hops, off.hops);
      // With it off only packets on the chunk path are set aside.
      assert.ok(
        on.setAside > 1.1 * off.setAside,
        `${on.setAside} head-cycles set aside, ${off.setAside} without`,
      );
    });
});

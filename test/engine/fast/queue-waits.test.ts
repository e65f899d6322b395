import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Engine, type EngineOptions } from '../../../src/engine/engine.js';
import type { MessageState } from '../../../src/engine/message.js';
import { plannerFor } from '../../../src/multicast/registry.js';
import { routerModel } from '../../../src/router/registry.js';
import { Rng } from '../../../src/util/rng.js';
import { makeNet, PAPER_TIMING, SWITCH_002_OPTIONS, SWITCH_002_TIMING } from '../harness.js';

/**
 * 002's switches on a 16-node fat tree under a burst of multicasts (each node sends 6 of 64 flits
 * to 15 random destinations, one every 40 cycles): packets pile up in the central buffer or the
 * input FIFOs, and most branches wait in their outputs' queues behind another packet, or at the
 * front for an output that cannot take them yet. Returns what was delivered when, the flit-hops
 * after every cycle, the most heads the queueWaits, frontWaits and inputWaits shortcuts passed over
 * at once, and their sum over the cycles.
 */
function burst(name: string, algorithm: string, options: EngineOptions) {
  const net = makeNet('fattree:16', {
    bufferDepth: 320,
    vcs: [16, 16],
    injection: 16,
    switchOptions: SWITCH_002_OPTIONS,
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
  for (let k = 0; k < 6; k++)
    for (let s = 0; s < 16; s++) {
      const dests = rng.sample(16, 15, s);
      const plan = planner.plan({ topology: net.topology, routing: net.routing, length: 64 }, s, dests);
      engine.startPhase(s, plan.worms, 40 * k, engine.newMessage(s, 40 * k, 'x', true, 64));
    }
  const hops: number[] = [];
  let mostQueued = 0;
  let passedOver = 0;
  while ((!engine.idle || engine.nextEventTime() < Number.POSITIVE_INFINITY) && engine.now < 100_000) {
    engine.step();
    hops.push(engine.flitHops);
    const queued = engine.shortcutStats().queuedHeads;
    mostQueued = Math.max(mostQueued, queued);
    passedOver += queued;
    const bad = engine.checkInvariants();
    if (bad) throw new Error(bad);
  }
  return { done, hops, mostQueued, passedOver, idle: engine.idle };
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
function passesMoreOver(name: string, algorithm: string, off: EngineOptions, more: number) {
  const on = burst(name, algorithm, {});
  const without = burst(name, algorithm, off);
  assert.ok(on.idle && without.idle);
  assert.equal(on.done.length, 96);
  assert.deepEqual(on.done, without.done);
  assert.deepEqual(on.hops, without.hops);
  assert.ok(
    on.passedOver > more * without.passedOver,
    `${on.passedOver} head-cycles passed over, ${without.passedOver} without`,
  );
}

describe('inputWaits: a head behind another packet in its input FIFO is passed over until it is at the front', () => {
  // Heads behind others in their inputs are passed over on top of those waiting in output queues.
  for (const [name, algorithm] of [
    ['input-fifo', 'bitstring'],
    ['input-fifo', 'umin'],
  ] as const)
    it(`${name}, ${algorithm}: the same flit-hops every cycle and the same deliveries, with more heads passed over`, () =>
      passesMoreOver(name, algorithm, { inputWaits: false }, 1.1));
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
});

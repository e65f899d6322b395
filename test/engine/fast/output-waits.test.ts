import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EngineOptions } from '../../../src/engine/engine.js';
import { bitstringWorm } from '../../../src/multicast/bitstring.js';
import { unicastWorm } from '../../../src/plan/worm.js';
import { routerModel } from '../../../src/router/registry.js';
import { Rng } from '../../../src/util/rng.js';
import { makeNet, runMessages, type Submitted, SWITCH_002_OPTIONS } from '../harness.js';
import { recording, runToIdle } from './counting.js';

/**
 * outputWaits runs where buffer sleep does not: under a switch model that counts space or gates
 * flits (002's, covered by the equivalence tests), and on links of a latency above one cycle or with
 * credits that come back late, where a flit's arrival and a buffer's room follow the clock. There a
 * buffer without an output still cannot send before its grant. Random unicasts heavy enough that
 * heads wait long for their outputs: with it on and off, the same flit-hops after every cycle and the
 * same deliveries, and some buffer did sleep.
 */
function traffic(nodes: number, seed: number): Submitted[] {
  const rng = new Rng(seed, 1);
  const msgs: Submitted[] = [];
  for (let i = 0; i < 200; i++) {
    const s = rng.int(nodes);
    let d = rng.int(nodes - 1);
    if (d >= s) d++;
    msgs.push({ at: rng.int(150), source: s, worms: [unicastWorm(s, d, 10 + rng.int(50))] });
  }
  return msgs;
}

function run(
  opts: { latency?: number; creditDelay?: number; bufferDepth: number },
  msgs: Submitted[],
  on: boolean,
) {
  const net = makeNet('mesh:4x4', { ...opts, vcs: [1] });
  const hops: number[] = [];
  let slept = 0;
  const r = runMessages(net, msgs, { engine: { outputWaits: on } }, (e) => {
    hops.push(e.flitHops);
    slept = Math.max(slept, e.shortcutStats().sleepingBuffers);
    const bad = e.checkInvariants();
    if (bad) throw new Error(bad);
  });
  return { hops, slept, deliveries: r.messages.map((m) => m.deliveries) };
}

describe('outputWaits on links that follow the clock', () => {
  for (const opts of [
    { latency: 2, bufferDepth: 2 },
    { creditDelay: 1, bufferDepth: 2 },
    { latency: 3, creditDelay: 2, bufferDepth: 6 },
  ])
    it(`latency ${opts.latency ?? 1}, credit delay ${opts.creditDelay ?? 0}, ${opts.bufferDepth}-flit buffers: the same moves every cycle`, () => {
      for (const seed of [1, 2, 3]) {
        const msgs = traffic(16, seed);
        const on = run(opts, msgs, true);
        const off = run(opts, msgs, false);
        assert.deepEqual(on.hops, off.hops, `seed ${seed}`);
        assert.deepEqual(on.deliveries, off.deliveries, `seed ${seed}`);
        assert.ok(on.slept > 0, `seed ${seed}: no buffer slept`);
        assert.equal(off.slept, 0);
      }
    });
});

/**
 * 002's central buffer on the 16-node fat tree: every node starts 6 bit-string multicasts of 64
 * flits to 9 nodes at once. A packet's copies leave the central buffer one port at a time, and
 * while its last ports wait in their outputs' queues, the ports that have sent all keep no visit
 * worth making: with outputWaits such a buffer sleeps until a grant. On and off, the same flits
 * move in every cycle and messages finish in the same cycles; the engine's and the model's
 * invariants hold every cycle.
 */
function multicastBurst(options: EngineOptions) {
  const net = makeNet('fattree:16', {
    switching: 'central-buffer',
    bufferDepth: 320,
    vcs: [8, 8],
    injection: 8,
    switchOptions: SWITCH_002_OPTIONS,
  });
  const { engine, done } = recording(net, routerModel('central-buffer'), options);
  const rng = new Rng(5, 1);
  for (let s = 0; s < 16; s++)
    for (let k = 0; k < 6; k++) {
      const dests = rng.sample(16, 9, s).sort((a, b) => a - b);
      engine.startPhase(
        s,
        [bitstringWorm(net.topology, s, dests, 64)],
        0,
        engine.newMessage(s, 0, 'x', true, 64),
      );
    }
  const hops: number[] = [];
  let sent = 0;
  let bad: string | undefined;
  runToIdle(engine, 100000, () => {
    hops.push(engine.flitHops);
    sent = Math.max(sent, engine.shortcutStats().sleepingSent);
    bad ??= engine.checkInvariants();
  });
  return { hops, done, sent, bad, idle: engine.idle };
}

describe('outputWaits: a multicast copy whose ports have sent all or wait for outputs', () => {
  it('central-buffer: the same moves every cycle, and such buffers slept', () => {
    const on = multicastBurst({});
    const off = multicastBurst({ outputWaits: false });
    assert.ok(on.idle && off.idle);
    assert.equal(on.bad, undefined, on.bad);
    assert.equal(on.done.length, 96);
    assert.deepEqual(on.hops, off.hops);
    assert.deepEqual(on.done, off.done);
    assert.ok(on.sent > 0, 'no buffer slept with a branch that had sent all');
    assert.equal(off.sent, 0);
  });
});

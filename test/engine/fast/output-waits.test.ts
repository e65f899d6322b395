import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unicastWorm } from '../../../src/plan/worm.js';
import { Rng } from '../../../src/util/rng.js';
import { makeNet, runMessages, type Submitted } from '../harness.js';

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

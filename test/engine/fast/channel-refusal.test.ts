import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Engine, type EngineOptions } from '../../../src/engine/engine.js';
import { bitstringWorm } from '../../../src/multicast/bitstring.js';
import { unicastWorm } from '../../../src/plan/worm.js';
import { makeNet, PAPER_TIMING, SWITCH_002_OPTIONS, SWITCH_002_TIMING } from '../harness.js';
import { counting, recording, runToIdle } from './counting.js';

/**
 * 002's switches on the 16-node fat tree with 8 packet slots per input: every node starts 8
 * packets of 64 flits at once, one in three a bit-string multicast to 3 nodes, so that inputs have
 * packets queued behind one whose tail is not yet in (the central buffer then refuses every slot of
 * that input, central-buffer.ts canAllocate). The engine's invariants are checked every cycle.
 */
function burst(name: string, options: EngineOptions, declare?: boolean) {
  const net = makeNet('fattree:16', {
    switching: name,
    bufferDepth: 320,
    vcs: [8, 8],
    injection: 8,
    switchOptions: SWITCH_002_OPTIONS,
  });
  const { model, calls } = counting(
    name,
    'canAllocate',
    declare === undefined ? {} : { allocatesByChannel: declare },
  );
  const { engine, done } = recording(net, model, options);
  for (let s = 0; s < 16; s++)
    for (let k = 1; k <= 8; k++) {
      const dests = k % 3 === 0 ? [1, 5, 11].map((d) => (s + d + k) % 16).sort((a, b) => a - b) : [];
      const worm =
        dests.length > 0 && !dests.includes(s)
          ? bitstringWorm(net.topology, s, dests, 64)
          : unicastWorm(s, (s + k) % 16, 64);
      engine.startPhase(s, [worm], 0, engine.newMessage(s, 0, 'x', true, 64));
    }
  let bad: string | undefined;
  // The check asks canAllocate too: its calls are not allocation's.
  let checking = 0;
  runToIdle(engine, 50000, () => {
    const before = calls();
    bad ??= engine.checkInvariants();
    checking += calls() - before;
  });
  return { done, calls: calls() - checking, idle: engine.idle, bad, on: engine.shortcuts.channelRefusal };
}

describe('channelRefusal: one refusal of canAllocate stands for the channel in that request', () => {
  it('central-buffer: the same deliveries in the same cycles, with fewer questions to the model', () => {
    const on = burst('central-buffer', {});
    const off = burst('central-buffer', { channelRefusal: false });
    assert.ok(on.on && !off.on);
    assert.ok(on.idle && off.idle);
    assert.equal(on.bad, undefined, on.bad);
    assert.equal(on.done.length, 128);
    assert.deepEqual(on.done, off.done);
    // Off, every free slot of an input is asked while its newest packet's tail is not in; on, the
    // first refusal ends the request's look at that input.
    assert.ok(2 * on.calls < off.calls, `${on.calls} calls on, ${off.calls} off`);
  });

  it('a model that declares allocatesByChannel but answers per VC is caught by checkInvariants', () => {
    // input-fifo takes an input's slots in turn (the next VC only): its answers differ by VC.
    const net = makeNet('fattree:16', {
      switching: 'input-fifo',
      bufferDepth: 320,
      vcs: [8, 8],
      injection: 8,
    });
    const engine = (declare?: boolean) =>
      new Engine(
        net,
        counting('input-fifo', 'canAllocate', declare === undefined ? {} : { allocatesByChannel: declare })
          .model,
        { ...PAPER_TIMING, ...SWITCH_002_TIMING },
      );
    const wrong = engine(true);
    assert.ok(wrong.shortcuts.channelRefusal);
    assert.match(
      wrong.checkInvariants() ?? '',
      /^allocatesByChannel: canAllocate answers VC 0 and VC 1 of channel 0 differently$/,
    );
    assert.ok(!engine().shortcuts.channelRefusal);
    assert.equal(engine().checkInvariants(), undefined);
  });
});

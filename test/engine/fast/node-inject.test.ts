import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EngineOptions } from '../../../src/engine/engine.js';
import { unicastWorm } from '../../../src/plan/worm.js';
import { makeNet, SWITCH_002_OPTIONS } from '../harness.js';
import { counting, recording, runToIdle } from './counting.js';

/**
 * 002's processor port on a 16-node fat tree (4 packet slots per input): every node starts 6 worms
 * of 40 flits at once to the nodes 1..6 after it, so each waits for the tail of the one before it to
 * enter the port (injection-queue.ts) while the port's other slots are free.
 */
function burst(name: string, options: EngineOptions) {
  const net = makeNet('fattree:16', {
    bufferDepth: 120,
    vcs: [4, 4],
    injection: 4,
    switchOptions: SWITCH_002_OPTIONS,
  });
  const { model, calls } = counting(name, 'canInject');
  const { engine, done } = recording(net, model, options);
  for (let s = 0; s < 16; s++)
    for (let k = 1; k <= 6; k++)
      engine.startPhase(s, [unicastWorm(s, (s + k) % 16, 40)], 0, engine.newMessage(s, 0, 'x', true, 40));
  runToIdle(engine, 20000);
  return { done, calls: calls(), idle: engine.idle };
}

describe('nodeInject: one refusal of the processor port stands for the node in that cycle', () => {
  for (const name of ['input-fifo', 'central-buffer'])
    it(`${name}: the same deliveries in the same cycles, with fewer questions to the model`, () => {
      const on = burst(name, {});
      const off = burst(name, { nodeInject: false });
      assert.ok(on.idle && off.idle);
      assert.equal(on.done.length, 96);
      assert.deepEqual(on.done, off.done);
      // Off, every free injection buffer of a waiting node is asked in every cycle (2 or 3 of 4
      // while packets are at the port); on, the first refusal ends the node's turn.
      assert.ok(2 * on.calls < off.calls, `${on.calls} calls on, ${off.calls} off`);
    });
});

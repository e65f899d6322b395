import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Engine } from '../../src/engine/engine.js';
import { checkNeeds, type Need, type SwitchPolicy } from '../../src/engine/policy.js';
import { EngineState } from '../../src/engine/state.js';
import { SwitchView } from '../../src/engine/view.js';
import { wormholeRouter } from '../../src/router/wormhole.js';
import { McsimError } from '../../src/util/errors.js';
import { SWITCHES } from '../engine/fast/cases.js';
import { makeNet, PAPER_TIMING } from '../engine/harness.js';

const plain: SwitchPolicy = { canAllocate: () => true, ordered: false };

/** A hook set on the plain policy, and the need it calls for. */
const HOOKS: [string, Partial<SwitchPolicy>, Need][] = [
  ['room', { room: () => true }, 'sharedSpace'],
  ['injectRoom', { injectRoom: () => true }, 'sharedPort'],
  ['flitGate', { flitGate: () => true }, 'flitGate'],
  ['wholePackets', { wholePackets: true }, 'wholePackets'],
  ['ordered', { ordered: true, mayRequest: () => true }, 'orderedRequests'],
  ['onRequest', { onRequest: () => {} }, 'requestQueues'],
  ['mayClaim', { mayClaim: () => true }, 'requestQueues'],
];

describe('switch models declare what they need of the engine (policy.ts NEEDS)', () => {
  it('every registered model, in each configuration the equivalence test runs, declares the needs of its hooks', () => {
    for (const sw of SWITCHES)
      for (const spec of ['mesh:4x4', 'fattree:16', 'ibmesh:3x3']) {
        const net = sw.net(spec, { depth: 2, injection: 1, consumption: 1, pick: 1 });
        const policy = sw.model.create(net, new SwitchView(new EngineState(net, {})));
        assert.doesNotThrow(() => checkNeeds(sw.label, policy), `${sw.label} on ${spec}`);
      }
  });

  it('a hook without its need is refused, naming the model, the hook and the need', () => {
    assert.doesNotThrow(() => checkNeeds('plain', plain));
    assert.doesNotThrow(() => checkNeeds('plain', { ...plain, wholePackets: false }));
    for (const [hook, set, need] of HOOKS) {
      const policy = { ...plain, ...set };
      assert.throws(
        () => checkNeeds('mine', policy),
        (e: unknown) =>
          e instanceof McsimError &&
          e.message.includes(`switch model "mine" sets ${hook} but does not declare the need "${need}"`),
        hook,
      );
      assert.doesNotThrow(() => checkNeeds('mine', { ...policy, needs: [need] }), hook);
      const others = HOOKS.map((h) => h[2]).filter((n) => n !== need);
      assert.throws(() => checkNeeds('mine', { ...policy, needs: others }), McsimError, hook);
    }
  });

  it('the engine refuses, when it is built, a model whose policy sets a hook without its need', () => {
    const net = makeNet('mesh:4x4');
    const model = { ...wormholeRouter, name: 'gated', create: () => ({ ...plain, flitGate: () => true }) };
    assert.throws(
      () => new Engine(net, model, PAPER_TIMING),
      /switch model "gated" sets flitGate but does not declare the need "flitGate"/,
    );
    const declared = {
      ...model,
      create: () => ({ ...plain, flitGate: () => true, needs: ['flitGate' as const] }),
    };
    assert.doesNotThrow(() => new Engine(net, declared, PAPER_TIMING));
  });

  it('the models need what they do: nothing for wormhole, whole packets and the VL by SL for ib, a FIFO for input-fifo', () => {
    const net = makeNet('mesh:4x4', { bufferDepth: 12 });
    const needs = (label: string) =>
      SWITCHES.find((s) => s.label === label)!.model.create(net, new SwitchView(new EngineState(net, {})))
        .needs ?? [];
    assert.deepEqual(needs('wormhole'), []);
    assert.deepEqual(needs('vct'), []);
    assert.deepEqual(needs('ib'), ['wholePackets', 'injectChoice']);
    assert.deepEqual(needs('input-fifo'), ['orderedRequests', 'sharedSpace']);
  });
});

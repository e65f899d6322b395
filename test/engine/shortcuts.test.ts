import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Engine } from '../../src/engine/engine.js';
import type { Need, SwitchPolicy } from '../../src/engine/policy.js';
import {
  chooseShortcuts,
  SHORTCUTS,
  type ShortcutName,
  type ShortcutSet,
} from '../../src/engine/shortcuts.js';
import type { TraceSink } from '../../src/engine/state.js';
import { routerModel } from '../../src/router/registry.js';
import { makeNet, PAPER_TIMING } from './harness.js';

/** Every shortcut on but those named. */
function allBut(...off: ShortcutName[]): ShortcutSet {
  const set = Object.fromEntries(Object.keys(SHORTCUTS).map((n) => [n, true])) as Record<
    ShortcutName,
    boolean
  >;
  for (const n of off) set[n] = false;
  return set;
}

const UNITS: ShortcutName[] = ['streams', 'packed', 'drainLines'];
const plainPolicy: SwitchPolicy = { canAllocate: () => true, ordered: false };
const noTrace: TraceSink = { wormStart() {}, flitIn() {}, release() {} };

describe('which shortcuts run (chooseShortcuts)', () => {
  const net = makeNet('mesh:4x4');

  it('runs every shortcut for wormhole switches on plain links', () => {
    const e = new Engine(net, routerModel('wormhole'), PAPER_TIMING);
    assert.deepEqual(e.shortcuts, allBut());
  });

  it('turns off what the caller turns off; packed worms and drain lines go with the streams', () => {
    const cases: [Parameters<typeof chooseShortcuts>[0], ShortcutName[]][] = [
      [{ soleBidders: false }, ['soleBidders']],
      [{ packed: false }, ['packed']],
      [{ drainLines: false }, ['drainLines']],
      [{ streams: false }, UNITS],
      [{ streams: false, soleBidders: false }, ['soleBidders', ...UNITS]],
    ];
    for (const [wish, off] of cases)
      assert.deepEqual(chooseShortcuts(wish, net, plainPolicy, {}), allBut(...off), JSON.stringify(wish));
  });

  it('moves no worm as a unit under a trace, a shared processor port or whole-packet links; buffers still sleep', () => {
    assert.deepEqual(chooseShortcuts({}, net, plainPolicy, { trace: noTrace }), allBut(...UNITS));
    const injectRoom: SwitchPolicy = { ...plainPolicy, injectRoom: () => true, needs: ['sharedPort'] };
    assert.deepEqual(chooseShortcuts({}, net, injectRoom, {}), allBut(...UNITS));
    const whole: SwitchPolicy = { ...plainPolicy, wholePackets: true, needs: ['wholePackets'] };
    assert.deepEqual(chooseShortcuts({}, net, whole, {}), allBut(...UNITS));
  });

  it('lets no buffer sleep, nor a worm move as a unit, where space or arrival follow the clock', () => {
    for (const [what, n, policy] of [
      ['link latency 2', makeNet('mesh:4x4', { latency: 2 }), plainPolicy],
      ['credit delay 1', makeNet('mesh:4x4', { creditDelay: 1 }), plainPolicy],
      ['shared space', net, { ...plainPolicy, room: () => true, needs: ['sharedSpace'] }],
      ['a flit gate', net, { ...plainPolicy, flitGate: () => true, needs: ['flitGate'] }],
    ] as const)
      assert.deepEqual(chooseShortcuts({}, n, policy, {}), allBut('sleep', ...UNITS), what);
  });

  it('keeps every head pending where a request depends on more than free buffers', () => {
    for (const policy of [
      { ...plainPolicy, ordered: true, needs: ['orderedRequests'] },
      { ...plainPolicy, onRequest: () => {}, needs: ['requestQueues'] },
      { ...plainPolicy, mayClaim: () => true, needs: ['requestQueues'] },
    ] satisfies SwitchPolicy[])
      assert.deepEqual(chooseShortcuts({}, net, policy, {}), allBut('groupWaits'));
  });

  it('decides from the needs a model declares, not from the hooks it sets', () => {
    const everyHook: SwitchPolicy = {
      ...plainPolicy,
      room: () => true,
      injectRoom: () => true,
      flitGate: () => true,
      onRequest: () => {},
    };
    assert.deepEqual(chooseShortcuts({}, net, everyHook, {}), allBut());
    const cases: [Need, ShortcutName[]][] = [
      ['sharedSpace', ['sleep', ...UNITS]],
      ['flitGate', ['sleep', ...UNITS]],
      ['sharedPort', UNITS],
      ['wholePackets', UNITS],
      ['orderedRequests', ['groupWaits']],
      ['requestQueues', ['groupWaits']],
    ];
    for (const [need, off] of cases)
      assert.deepEqual(chooseShortcuts({}, net, { ...plainPolicy, needs: [need] }, {}), allBut(...off), need);
  });
});

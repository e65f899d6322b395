import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { Engine } from '../../src/engine/engine.js';
import {
  chooseShortcuts,
  SHORTCUTS,
  type ShortcutName,
  type ShortcutSet,
} from '../../src/engine/fast/shortcuts.js';
import type { Need, SwitchPolicy } from '../../src/engine/policy.js';
import type { TraceSink } from '../../src/engine/state.js';
import { routerModel } from '../../src/router/registry.js';
import { makeNet, PAPER_TIMING, SWITCH_002_OPTIONS } from './harness.js';

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
/** A policy every shortcut may run for (allocatesByChannel: its canAllocate answers alike). */
const plainPolicy: SwitchPolicy = { canAllocate: () => true, ordered: false, allocatesByChannel: true };
const noTrace: TraceSink = { wormStart() {}, flitIn() {}, release() {} };

describe('which shortcuts run (chooseShortcuts)', () => {
  const net = makeNet('mesh:4x4');

  it('runs every shortcut for wormhole switches on plain links but channelRefusal, which its model does not declare', () => {
    const e = new Engine(net, routerModel('wormhole'), PAPER_TIMING);
    assert.deepEqual(e.shortcuts, allBut('channelRefusal'));
  });

  it('every shortcut of SHORTCUTS can be turned off alone, the others staying on', () => {
    for (const n of Object.keys(SHORTCUTS) as ShortcutName[])
      assert.deepEqual(chooseShortcuts({ [n]: false }, net, plainPolicy, {}), allBut(n), n);
  });

  it('turns off what the caller turns off, each alone', () => {
    const cases: [Parameters<typeof chooseShortcuts>[0], ShortcutName[]][] = [
      [{ sleep: false }, ['sleep']],
      [{ groupWaits: false }, ['groupWaits']],
      [{ routingWheel: false }, ['routingWheel']],
      [{ soleBidders: false }, ['soleBidders']],
      [{ packed: false }, ['packed']],
      [{ drainLines: false }, ['drainLines']],
      [{ streams: false }, ['streams']],
      [{ nodeInject: false }, ['nodeInject']],
      [{ channelRefusal: false }, ['channelRefusal']],
      [{ streams: false, soleBidders: false }, ['soleBidders', 'streams']],
      [{ streams: false, packed: false, drainLines: false }, UNITS],
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
      assert.deepEqual(chooseShortcuts({}, net, policy, {}), allBut('groupWaits', 'routingWheel'));
  });

  it('takes one refusal of canAllocate for the channel only where the model declares it answers per channel', () => {
    const perVc: SwitchPolicy = { ...plainPolicy, allocatesByChannel: undefined };
    assert.deepEqual(chooseShortcuts({}, net, perVc, {}), allBut('channelRefusal'));
    assert.deepEqual(
      chooseShortcuts({}, net, { ...perVc, allocatesByChannel: false }, {}),
      allBut('channelRefusal'),
    );
    const cb = new Engine(
      makeNet('fattree:16', {
        switching: 'central-buffer',
        bufferDepth: 64,
        switchOptions: SWITCH_002_OPTIONS,
      }),
      routerModel('central-buffer'),
      PAPER_TIMING,
    );
    assert.equal(cb.shortcuts.channelRefusal, true);
    for (const name of ['input-fifo', 'ib', 'vct'])
      assert.equal(
        new Engine(makeNet('mesh:4x4', { bufferDepth: 20 }), routerModel(name), PAPER_TIMING).shortcuts
          .channelRefusal,
        false,
        name,
      );
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
      ['orderedRequests', ['groupWaits', 'routingWheel']],
      ['requestQueues', ['groupWaits', 'routingWheel']],
      ['injectChoice', ['nodeInject']],
    ];
    for (const [need, off] of cases)
      assert.deepEqual(chooseShortcuts({}, net, { ...plainPolicy, needs: [need] }, {}), allBut(...off), need);
  });
});

describe('the docs', () => {
  it("docs/engine.md's table of shortcuts has one row per shortcut of SHORTCUTS, with its module", () => {
    const page = readFileSync(new URL('../../docs/engine.md', import.meta.url), 'utf8');
    const rows = [...page.matchAll(/^\| `(\w+)` \| .* \| `([\w./-]+\.ts)` \| `\{ (\w+): false \}` \|$/gm)];
    assert.deepEqual(rows.map((r) => r[1]).sort(), Object.keys(SHORTCUTS).sort());
    for (const [, name, module, off] of rows) {
      const def = SHORTCUTS[name as ShortcutName];
      assert.equal(module, def.module.startsWith('../') ? def.module.slice(3) : `fast/${def.module}`, name);
      assert.equal(off, name);
    }
  });
});

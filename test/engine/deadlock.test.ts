import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DeadlockError } from '../../src/engine/engine.js';
import type { WormSpec } from '../../src/plan/worm.js';
import { makeNet, runMessages } from './harness.js';

/**
 * 000 Fig. 2: on a linear array, node 1 sends A to nodes 2 and 3 while node 4 sends B to 3 and 2,
 * one consumption channel per node. A holds c2 and waits for c3; B holds c3 and waits for c2.
 * (Nodes 1..4 of the paper are 0..3 here.)
 */
function fig2(): Array<{ at: number; source: number; worms: WormSpec[] }> {
  const a: WormSpec = {
    source: 0,
    length: 20,
    stops: [
      { node: 1, service: 'PAF' },
      { node: 2, service: 'ABS' },
    ],
  };
  const b: WormSpec = {
    source: 3,
    length: 20,
    stops: [
      { node: 2, service: 'PAF' },
      { node: 1, service: 'ABS' },
    ],
  };
  return [
    { at: 0, source: 0, worms: [a] },
    { at: 0, source: 3, worms: [b] },
  ];
}

describe('consumption-channel deadlock of 000 Fig. 2', () => {
  it('is detected and reported with what each message holds and waits for', () => {
    const net = makeNet('mesh:4x1', { consumption: 1 });
    let err: unknown;
    try {
      runMessages(net, fig2());
    } catch (e) {
      err = e;
    }
    assert.ok(err instanceof DeadlockError, 'the run stops with a deadlock report');
    const r = err.report;
    assert.equal(r.worms.length, 2);
    const [wa, wb] = r.worms;
    assert.ok(wa!.holds.includes('consumption channel 0 of node 1,0'), wa!.holds.join('|'));
    assert.ok(
      wa!.waitsFor.some(
        (x) => x.startsWith('a consumption channel of node 2,0') && x.includes(`message ${wb!.message}`),
      ),
    );
    assert.ok(wb!.holds.includes('consumption channel 0 of node 2,0'));
    assert.ok(
      wb!.waitsFor.some(
        (x) => x.startsWith('a consumption channel of node 1,0') && x.includes(`message ${wa!.message}`),
      ),
    );
    assert.match(r.text, /deadlock at cycle \d+/);
  });

  it('completes with two consumption channels per node', () => {
    const net = makeNet('mesh:4x1', { consumption: 2 });
    const { messages } = runMessages(net, fig2());
    assert.deepEqual(
      messages.map((m) => m.deliveries.map((d) => d.node)),
      [
        [1, 2],
        [2, 1],
      ],
    );
  });
});

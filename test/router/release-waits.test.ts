import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ReleaseWaits } from '../../src/router/release-waits.js';
import { Rng } from '../../src/util/rng.js';

/** A ReleaseWaits over 3 groups and 40 buffers, and the buffers it told to look again, in order. */
function waits() {
  const looked: number[] = [];
  return { w: new ReleaseWaits(3, 40, (b) => looked.push(b)), looked };
}

describe('the heads waiting for a release in their group (release-waits.ts)', () => {
  it("tells every head of a group to look again at the group's release, once, and no other group's", () => {
    const { w, looked } = waits();
    w.add(4, 1);
    w.add(9, 1);
    w.add(7, 2);
    w.add(4, 1); // already waiting there: once
    w.released(0);
    assert.deepEqual(looked, []);
    w.released(1);
    assert.deepEqual(
      [...looked].sort((a, b) => a - b),
      [4, 9],
    );
    assert.equal(w.groupOf(4), -1);
    assert.ok(w.isEmpty(1) && !w.isEmpty(2));
    w.released(1);
    assert.equal(looked.length, 2);
    assert.equal(w.groupOf(7), 2);
  });

  it('forgets a head that left its list, from its front, middle or end, and one that moved to another group', () => {
    const { w, looked } = waits();
    for (const b of [1, 2, 3, 4, 5]) w.add(b, 0);
    w.leave(3); // middle
    w.leave(5); // the front (added last)
    w.leave(1); // the end
    w.leave(1); // not waiting: nothing
    w.add(2, 2); // moves
    w.released(0);
    assert.deepEqual(looked, [4]);
    w.released(2);
    assert.deepEqual(looked, [4, 2]);
  });

  it('matches a plain set per group over many random adds, leaves and releases', () => {
    const rng = new Rng(3, 1);
    const { w, looked } = waits();
    const sets = [new Set<number>(), new Set<number>(), new Set<number>()];
    for (let step = 0; step < 5000; step++) {
      const b = rng.int(40);
      const g = rng.int(3);
      const op = rng.int(3);
      if (op === 0) {
        for (const s of sets) s.delete(b);
        sets[g]!.add(b);
        w.add(b, g);
      } else if (op === 1) {
        for (const s of sets) s.delete(b);
        w.leave(b);
      } else {
        looked.length = 0;
        w.released(g);
        assert.deepEqual(
          [...looked].sort((x, y) => x - y),
          [...sets[g]!].sort((x, y) => x - y),
        );
        sets[g]!.clear();
      }
      for (let x = 0; x < 40; x++) {
        const at = sets.findIndex((s) => s.has(x));
        assert.equal(w.groupOf(x), at);
      }
    }
  });
});

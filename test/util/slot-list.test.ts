import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { SlotList } from '../../src/util/slot-list.js';

const members = (l: SlotList) => Array.from({ length: l.size }, (_, i) => l.at(i));

describe('SlotList', () => {
  it('a removed member is replaced by the last; places follow', () => {
    const l = new SlotList(10);
    for (const x of [4, 7, 1, 9]) l.add(x);
    l.add(7);
    assert.deepEqual(members(l), [4, 7, 1, 9]);
    l.remove(7);
    assert.deepEqual(members(l), [4, 9, 1]);
    assert.equal(l.placeOf(9), 1);
    assert.equal(l.placeOf(7), -1);
    assert.ok(!l.has(7) && l.has(1));
    l.remove(7);
    assert.equal(l.size, 3);
  });

  it('holds exactly what was added and not removed, each place right, under random use', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.nat(31)), { maxLength: 200 }), (ops) => {
        const l = new SlotList(32);
        const ref = new Set<number>();
        for (const [add, x] of ops) {
          if (add) {
            l.add(x);
            ref.add(x);
          } else {
            l.remove(x);
            ref.delete(x);
          }
        }
        assert.deepEqual(
          members(l).sort((a, b) => a - b),
          [...ref].sort((a, b) => a - b),
        );
        for (const [i, x] of members(l).entries()) assert.equal(l.placeOf(x), i);
      }),
    );
  });

  it('sortBy orders the members by key and keeps places right', () => {
    const l = new SlotList(10);
    for (const x of [3, 8, 0, 5, 2]) l.add(x);
    const key = [9, 0, 4, 1, 0, 7, 0, 0, 2, 0];
    l.sortBy((x) => key[x]!);
    assert.deepEqual(members(l), [3, 8, 2, 5, 0]);
    for (const [i, x] of members(l).entries()) assert.equal(l.placeOf(x), i);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ListBits } from '../../../src/engine/fast/list-bits.js';
import { PendingHeads } from '../../../src/engine/pending-heads.js';
import { Rng } from '../../../src/util/rng.js';

/** The places a loop over `bits` visits, below `count`. */
function visited(bits: ListBits, count: number): number[] {
  const out: number[] = [];
  for (let i = bits.next(0, count); i !== -1; i = bits.next(i + 1, count)) out.push(i);
  return out;
}

describe('the bits of a dense list (fast/list-bits.ts)', () => {
  it('finds the set places in order, across words, below the count only', () => {
    const bits = new ListBits(100);
    for (const i of [0, 31, 32, 33, 63, 64, 95, 99]) bits.set(i);
    assert.deepEqual(visited(bits, 100), [0, 31, 32, 33, 63, 64, 95, 99]);
    assert.deepEqual(visited(bits, 64), [0, 31, 32, 33, 63]);
    assert.deepEqual(visited(bits, 0), []);
    assert.equal(bits.next(34, 100), 63);
    assert.equal(bits.next(100, 100), -1);
    bits.clear(63);
    assert.equal(bits.next(34, 100), 64);
  });

  it('moves the last place into an emptied one with its bit, and clears the last', () => {
    const bits = new ListBits(40);
    bits.set(35);
    bits.moveLast(35, 3);
    assert.deepEqual(visited(bits, 40), [3]);
    bits.moveLast(20, 3); // the last place's bit is clear: so is the emptied one's now
    assert.deepEqual(visited(bits, 40), []);
  });

  it('matches a plain array of flags over many random sets, clears, moves and searches', () => {
    const rng = new Rng(11, 1);
    const n = 130;
    const bits = new ListBits(n);
    const flags = new Array<boolean>(n).fill(false);
    for (let step = 0; step < 20000; step++) {
      const i = rng.int(n);
      const op = rng.int(4);
      if (op === 0) {
        bits.set(i);
        flags[i] = true;
      } else if (op === 1) {
        bits.clear(i);
        flags[i] = false;
      } else if (op === 2) {
        const last = rng.int(n);
        bits.moveLast(last, i);
        flags[i] = flags[last]!;
        if (last !== i) flags[last] = false;
        else flags[i] = false;
      } else {
        const count = rng.int(n + 1);
        let want = -1;
        for (let p = i; p < count; p++)
          if (flags[p]) {
            want = p;
            break;
          }
        assert.equal(bits.next(i, count), want, `step ${step}: next(${i}, ${count})`);
      }
    }
  });
});

describe("the pending list's places (pending-heads.ts)", () => {
  it('follow their heads through adds, removals, parking, fronts and setting aside, in the list order', () => {
    const rng = new Rng(5, 2);
    const NB = 70;
    const p = new PendingHeads(NB);
    const parked = new Set<number>(); // the model: parked until added again or at the front
    const check = () => (p as unknown as { checkPlaces(): string | undefined }).checkPlaces();
    for (let step = 0; step < 20000; step++) {
      const b = rng.int(NB);
      const op = rng.int(5);
      if (op === 0) {
        p.addPending(b);
        parked.delete(b);
      } else if (op === 1) {
        p.unpend(b);
        parked.delete(b);
      } else if (op === 2 && p.pendPos[b] !== -1) {
        p.park(b);
        parked.add(b);
      } else if (op === 3) {
        p.queueFront(b);
        parked.delete(b);
      } else p.setAside(b, rng.int(2) === 1);
      assert.equal(check(), undefined, `step ${step}`);
      // The loops visit exactly the places of heads not parked (or not set aside), in list order.
      const asking: number[] = [];
      const watched: number[] = [];
      for (let i = 0; i < p.pendCount; i++) {
        if (!parked.has(p.pend[i]!)) asking.push(i);
        if (p.aside[p.pend[i]!] === 0) watched.push(i);
      }
      assert.deepEqual(visited(p.asking, p.pendCount), asking);
      assert.deepEqual(visited(p.watched, p.pendCount), watched);
      assert.equal(p.parkedCount, p.pendCount - asking.length);
    }
  });
});

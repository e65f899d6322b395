import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FrontWaits } from '../../src/router/front-waits.js';

/** A FrontWaits over 4 groups and the slots it told to look again, in order. */
function fronts() {
  const looked: number[] = [];
  return { f: new FrontWaits(4, (slot) => looked.push(slot)), looked };
}

describe('the fronts waiting for their outputs (front-waits.ts)', () => {
  it('tells a front waiting for a release to look again at the first release in its group only', () => {
    const { f, looked } = fronts();
    f.wait(17, 2, Number.POSITIVE_INFINITY, 10);
    assert.equal(f.waiting(2), 17);
    f.released(1);
    for (let t = 11; t < 600; t++) f.tick(t);
    assert.deepEqual(looked, []);
    f.released(2);
    f.released(2);
    assert.deepEqual(looked, [17]);
    assert.equal(f.waiting(2), -1);
  });

  it('tells a front waiting for a cycle to look again in that cycle, or at a release before it', () => {
    const { f, looked } = fronts();
    f.wait(5, 0, 40, 10);
    f.wait(6, 1, 40, 10);
    for (let t = 11; t < 40; t++) f.tick(t);
    f.released(1);
    assert.deepEqual(looked, [6]);
    f.tick(40);
    assert.deepEqual(looked, [6, 5]);
    for (let t = 41; t < 2000; t++) f.tick(t);
    assert.deepEqual(looked, [6, 5]);
  });

  it('keeps only the latest wait of a group: an earlier clock of it is not due', () => {
    const { f, looked } = fronts();
    f.wait(5, 3, 20, 10);
    f.wait(9, 3, 30, 12);
    for (let t = 13; t < 30; t++) f.tick(t);
    assert.deepEqual(looked, []);
    f.tick(30);
    assert.deepEqual(looked, [9]);
    // Waiting for a release only: no clock is due.
    f.wait(4, 3, 50, 31);
    f.wait(4, 3, Number.POSITIVE_INFINITY, 32);
    for (let t = 33; t < 700; t++) f.tick(t);
    assert.deepEqual(looked, [9]);
  });

  it('looks early at a clock beyond the wheel, never late', () => {
    const { f, looked } = fronts();
    f.wait(8, 0, 5000, 100);
    let at = -1;
    for (let t = 101; t <= 5000 && at < 0; t++) {
      f.tick(t);
      if (looked.length > 0) at = t;
    }
    assert.ok(at > 100 && at <= 5000, `looked at ${at}`);
  });

  it('holds many groups due in one cycle', () => {
    const looked: number[] = [];
    const f = new FrontWaits(100, (slot) => looked.push(slot));
    for (let g = 0; g < 100; g++) f.wait(1000 + g, g, 77, 70);
    f.tick(77);
    assert.equal(looked.length, 100);
    assert.deepEqual(
      looked.sort((a, b) => a - b),
      Array.from({ length: 100 }, (_, g) => 1000 + g),
    );
  });
});

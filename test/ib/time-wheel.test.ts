import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { TimeWheel } from '../../src/ib/time-wheel.js';

/** A wheel's horizon, and rounds of events to schedule: (cycles ahead, kind, id), up to 6 a round. */
const HORIZON = fc.integer({ min: 1, max: 40 });
const ROUNDS = fc.array(
  fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 7 }), fc.nat({ max: 1e6 })), { maxLength: 6 }),
  { minLength: 1, maxLength: 60 },
);

describe("the packet path's timing wheel", () => {
  it('gives back every event once, in time order, as the packet path schedules them', () => {
    fc.assert(
      fc.property(HORIZON, ROUNDS, (horizon, rounds) => {
        const wheel = new TimeWheel(horizon);
        const pending: Array<[number, number, number]> = [[0, 3, 0]];
        wheel.push(0, 3, 0);
        const taken: Array<[number, number, number]> = [];
        let now = 0;
        for (const round of rounds) {
          if (wheel.size === 0) break;
          // Take every event of the earliest cycle, then schedule new ones 1..horizon ahead.
          now = wheel.peekTime();
          while (wheel.size > 0 && wheel.peekTime() === now) {
            const kind = wheel.peekKind();
            taken.push([now, kind, wheel.pop()]);
          }
          for (const [ahead, kind, id] of round) {
            const t = now + 1 + (ahead % horizon);
            wheel.push(t, kind, id);
            pending.push([t, kind, id]);
          }
        }
        while (wheel.size > 0) {
          const t = wheel.peekTime();
          assert.ok(t >= now);
          now = t;
          const kind = wheel.peekKind();
          taken.push([t, kind, wheel.pop()]);
        }
        for (let i = 1; i < taken.length; i++) assert.ok(taken[i]![0] >= taken[i - 1]![0], 'in time order');
        const key = (e: [number, number, number]) => e.join(',');
        assert.deepEqual(taken.map(key).sort(), pending.map(key).sort());
        assert.equal(wheel.peekTime(), Number.POSITIVE_INFINITY);
      }),
    );
  });

  it('takeAt takes the events of the earliest cycle in the order pop does', () => {
    fc.assert(
      fc.property(HORIZON, ROUNDS, (horizon, rounds) => {
        const a = new TimeWheel(horizon);
        const b = new TimeWheel(horizon);
        const byPop: number[][] = [];
        const byTake: number[][] = [];
        a.push(0, 3, 0);
        b.push(0, 3, 0);
        for (let r = 0; a.size > 0; r++) {
          const now = a.peekTime();
          assert.equal(b.peekTime(), now);
          while (a.size > 0 && a.peekTime() === now) {
            const kind = a.peekKind();
            byPop.push([now, kind, a.pop()]);
          }
          for (let e = b.takeAt(now); e >= 0; e = b.takeAt(now)) byTake.push([now, e & 7, e >> 3]);
          assert.equal(b.size, a.size);
          // Cycles at most `horizon` ahead of the last one taken.
          for (const [ahead, kind, id] of rounds[r] ?? []) {
            const t = now + 1 + (ahead % horizon);
            a.push(t, kind, id);
            b.push(t, kind, id);
          }
        }
        assert.deepEqual(byTake, byPop);
      }),
    );
  });

  it('refuses an event further ahead than its horizon, or in the past', () => {
    const wheel = new TimeWheel(4);
    wheel.push(2, 0, 1);
    assert.throws(() => wheel.push(7, 0, 2), /outside the wheel/);
    wheel.pop();
    assert.throws(() => wheel.push(1, 0, 3), /outside the wheel/);
    wheel.push(6, 0, 4);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WritePort } from '../../src/router/write-port.js';

/** Winners of one cycle's bids: [switch, input port, buffer, place among the waiting heads or -1]. */
function cycle(wp: WritePort, t: number, bids: [number, number, number, number][]) {
  wp.open();
  for (const [r, port, b, i] of bids) wp.bid(r, port, b, t, i);
  const any = wp.settle();
  return {
    any,
    writes: [...wp.writes.subarray(0, wp.nwrites)],
    admits: [...wp.admits.subarray(0, wp.nadmits)],
  };
}

describe('the central buffer write port (write-port.ts)', () => {
  it('gives each switch to the least recently served input port, the first bid on a tie', () => {
    const wp = new WritePort(2, 16);
    // No port served yet: the lowest port wins; on switch 1 two bids of port 3, the first wins.
    const a = cycle(wp, 0, [
      [0, 5, 50, -1],
      [0, 2, 20, -1],
      [1, 3, 31, -1],
      [1, 3, 32, -1],
    ]);
    assert.deepEqual(a, { any: true, writes: [20, 31], admits: [] });
    wp.wrote(0, 2, 0, 1);
    wp.wrote(1, 3, 0, 1);
    // Port 2 of switch 0 was served: port 5 comes before port 1 now (the pointer stands at 3).
    assert.deepEqual(
      cycle(wp, 1, [
        [0, 1, 10, -1],
        [0, 5, 50, -1],
      ]).writes,
      [50],
    );
  });

  it('lists the admissions in the order of the waiting heads, after the later chunks', () => {
    const wp = new WritePort(4, 16);
    const c = cycle(wp, 0, [
      [3, 0, 30, 2],
      [1, 0, 10, 0],
      [2, 0, 20, -1],
      [0, 0, 5, 1],
    ]);
    assert.deepEqual(c, { any: true, writes: [20], admits: [10, 5, 30] });
    assert.deepEqual(cycle(wp, 1, []), { any: false, writes: [], admits: [] });
  });

  it('keeps the port busy for the cycles of a write, and reports two writes in one cycle', () => {
    const wp = new WritePort(1, 16);
    wp.wrote(0, 4, 10, 3);
    assert.deepEqual(
      [10, 11, 12, 13].map((t) => wp.isFree(0, t)),
      [false, false, false, true],
    );
    assert.equal(wp.check(), undefined);
    wp.wrote(0, 4, 10, 1);
    assert.match(wp.check() ?? '', /two chunk writes into switch 0's central buffer in cycle 10/);
  });
});

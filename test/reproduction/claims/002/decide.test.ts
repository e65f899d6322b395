import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agrees, overall, satTrend } from '../../../../reproduction/claims/002/decide.js';
import type { Bracket } from '../../../../src/sweep/saturation.js';

/** A bracket (lastStable, firstUnstable]; undefined ends as saturation.ts gives them. */
const b = (lastStable?: number, firstUnstable?: number): Bracket => ({
  lastStable,
  firstUnstable,
  isolated: [],
  undetermined: [],
  states: [],
});

const named = (...bs: Bracket[]) => bs.map((x, i) => ({ name: `m${i}`, b: x }));

describe('002 decisions on brackets and intervals (reproduction/claims/002/decide.ts)', () => {
  it('overall: fails on any opposite comparison, holds when none is and one shows the claim, else ties', () => {
    assert.equal(overall(['holds', 'tie', 'tie']), 'holds');
    assert.equal(overall(['tie', 'tie']), 'tie');
    assert.equal(overall(['holds', 'fails', 'holds']), 'fails');
    assert.equal(overall([]), 'tie', 'nothing shown');
  });

  it('satTrend: the ends beyond the grid and no step against holds; equal steps tie; a step against fails', () => {
    assert.equal(satTrend(named(b(0.6, 0.65), b(0.6, 0.65), b(0.4, 0.45)), 'down').d, 'holds');
    assert.equal(satTrend(named(b(0.4, 0.45), b(0.6, 0.65)), 'up').d, 'holds');
    assert.equal(satTrend(named(b(0.6, 0.65), b(0.6, 0.65)), 'down').d, 'tie');
    // A bracket two steps wide overlapping both neighbours: no step against, the ends resolved.
    assert.equal(satTrend(named(b(0.6, 0.65), b(0.5, 0.65), b(0.45, 0.5)), 'down').d, 'holds');
    // Wide enough to overlap the other end too: the trend is not resolved.
    assert.equal(satTrend(named(b(0.6, 0.65), b(undefined, 0.7)), 'down').d, 'tie');
    const back = satTrend(named(b(0.6, 0.65), b(0.4, 0.45), b(0.5, 0.55)), 'down');
    assert.equal(back.d, 'fails');
    assert.match(back.text, /against the trend at m2/);
    // Stable up to the highest load is beyond every bracket that closes below it.
    assert.equal(satTrend(named(b(0.6, 0.65), b(1, undefined)), 'up').d, 'holds');
  });

  it('agrees: equal within the combined intervals holds, beyond them fails, an unknown interval ties', () => {
    assert.equal(agrees({ y: 0.5, h: 0.003 }, { y: 0.497, h: 0.002 }), 'holds');
    assert.equal(agrees({ y: 0.5, h: 0.003 }, { y: 0.49, h: 0.002 }), 'fails');
    assert.equal(agrees({ y: 0.5, h: null }, { y: 0.5, h: 0.002 }), 'tie');
    assert.equal(agrees({ y: 0.5, h: 0 }, { y: 0.5, h: 0 }), 'holds', 'exact and equal');
  });
});

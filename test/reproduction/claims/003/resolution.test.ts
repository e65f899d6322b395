import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { K, ONE, recs, verdict } from './records.js';

/**
 * 003's claims under the resolution band (stats/compare.ts): on deterministic makespans (the same
 * in every seed, so every paired difference is exact), a difference under 1% of the compared
 * makespans, or under one percentage point between two shares, decides nothing either way.
 */

/** Figs. 12, 11, 10 (4, 2, 1 VLs), noiseless: T(scheme, k VLs, size) from `t`. */
const vlFigs = (t: (k: string, vls: number, x: number) => number) => {
  const at = (vls: number) => (v: string, x: number) =>
    v.endsWith('dedicated') ? 999 : t(v.slice(0, 2), vls, x);
  return {
    fig12: recs(K, [32, 512], at(4)),
    sib: { 'ib-fig11': recs(K, [32, 512], at(2)), 'ib-fig10': recs(ONE, [32, 512], at(1)) },
  };
};

describe('003 claims: a difference under 1% decides nothing (stats/compare.ts)', () => {
  it('C1: multicast 0.5% before or after unicast is a tie, 2% before holds', () => {
    const fig = (r: number) => recs(ONE, [32, 512], (v, x) => (x / 8 + 10) * (v === 'mc-1vl' ? r : 1));
    assert.equal(verdict('ib-fig10', fig(0.995), 'C1'), 'tie');
    assert.equal(verdict('ib-fig10', fig(1.005), 'C1'), 'tie');
    assert.equal(verdict('ib-fig10', fig(0.98), 'C1'), 'holds');
    assert.equal(verdict('ib-fig10', fig(1.02), 'C1'), 'fails');
  });

  it('C5a: 4 shared VLs 0.3% slower than 2 at one size still hold "no slower"; 2% slower fails', () => {
    const t = (slower: number) =>
      vlFigs((_k, vls, x) => (x / 32) * (10 + 10 / Math.min(vls, 2)) * (vls === 4 && x === 512 ? slower : 1));
    const ok = t(1.003);
    assert.equal(verdict('ib-fig12', ok.fig12, 'C5a', ok.sib), 'holds');
    const bad = t(1.02);
    assert.equal(verdict('ib-fig12', bad.fig12, 'C5a', bad.sib), 'fails');
  });

  it('C5c: gains within one percentage point tie, where the larger unicast gain at 32 B is asserted', () => {
    const fig = (ucGain: number) =>
      vlFigs((k, vls, x) => (x / 32) * 10 * (vls === 1 ? 1 : 1 - (k === 'uc' ? ucGain : 0.5)));
    for (const g of [0.495, 0.505]) {
      const f = fig(g);
      assert.equal(verdict('ib-fig12', f.fig12, 'C5c', f.sib), 'tie', String(g));
    }
    const hold = fig(0.52);
    assert.equal(verdict('ib-fig12', hold.fig12, 'C5c', hold.sib), 'holds');
    const fail = fig(0.48);
    assert.equal(verdict('ib-fig12', fail.fig12, 'C5c', fail.sib), 'fails');
  });

  it('C6b: relative gaps of 0% and 0.8% are a tie, not a failure; 0% and 2% fail', () => {
    const fig = (gap8k: number) =>
      recs(K, [32, 8192], (v, x) => {
        const d = (v.startsWith('uc') ? 20 : 5) * (x / 32);
        return v === 'uc-shared' && x === 8192 ? d * (1 + gap8k) : d;
      });
    assert.equal(verdict('ib-fig11', fig(0.008), 'C6b'), 'tie');
    assert.equal(verdict('ib-fig11', fig(0.02), 'C6b'), 'fails');
  });
});

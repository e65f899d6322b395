import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CLAIMS } from '../../../../reproduction/claims/index.js';
import type { PointRecord } from '../../../../src/sweep/record.js';
import { LOADS, rec } from './records.js';

/** One series of switch-c18 (software) or switch-fig17 (hardware, with its topology axis), stable up to `sat`. */
function series(experiment: string, share: number, sat: number, topo?: string): PointRecord[] {
  return LOADS.map((x) =>
    rec(
      experiment,
      {
        ...(topo ? { 'network.topology': topo } : {}),
        'workload.destinations.ofOthers': share,
        'workload.load': x,
      },
      { lat: 1000, unstable: x > sat },
    ),
  );
}

function c18(sw: Record<number, number>, hw: Record<number, number>) {
  const records = Object.entries(sw).flatMap(([f, s]) => series('switch-c18', Number(f), s));
  const fig17 = Object.entries(hw).flatMap(([f, s]) => [
    ...series('switch-fig17', Number(f), s, 'fattree:64'),
    // The 16-node series of Fig. 17 must not count as 64-node hardware.
    ...series('switch-fig17', Number(f), 0.2, 'fattree:16'),
  ]);
  return CLAIMS['switch-c18']!({ records, sibling: (id) => (id === 'switch-fig17' ? fig17 : undefined) })[0]!;
}

describe('002 C18: software multicast on 64 nodes grows worse with m (holds, ties and fails on the brackets)', () => {
  it('holds when software saturation falls with m beyond the grid and stays below hardware', () => {
    const r = c18({ 0.1333: 0.6, 1: 0.4 }, { 0.1333: 0.8, 1: 0.8 });
    assert.equal(r.verdict, 'holds', r.detail);
    assert.match(r.detail, /share 0\.1333: SW-CB \(0\.6, 0\.8\] vs HW-CB stable up to 0\.8/);
  });

  it('ties when the grid does not resolve the trend in m', () => {
    const r = c18({ 0.1333: 0.4, 1: 0.4 }, { 0.1333: 0.8, 1: 0.8 });
    assert.equal(r.verdict, 'tie', r.detail);
  });

  it('fails when software saturation rises with m', () => {
    const r = c18({ 0.1333: 0.4, 1: 0.6 }, { 0.1333: 0.8, 1: 0.8 });
    assert.equal(r.verdict, 'fails');
    assert.match(r.detail, /against the trend at share 1/);
  });

  it('fails when software saturates after hardware; ties when their brackets are the same', () => {
    assert.equal(c18({ 0.1333: 0.8, 1: 0.6 }, { 0.1333: 0.6, 1: 0.8 }).verdict, 'fails');
    assert.equal(c18({ 0.1333: 0.6, 1: 0.4 }, { 0.1333: 0.6, 1: 0.8 }).verdict, 'tie');
  });

  it('is unchecked without the hardware runs of switch-fig17', () => {
    const records = series('switch-c18', 0.1333, 0.6).concat(series('switch-c18', 1, 0.4));
    const r = CLAIMS['switch-c18']!({ records, sibling: () => undefined })[0]!;
    assert.equal(r.verdict, 'unchecked');
  });
});

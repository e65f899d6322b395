import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CLAIMS } from '../../src/experiments/claims/index.js';
import type { PointRecord } from '../../src/experiments/record.js';

/** A synthetic point of switch-c18 (software) or switch-fig17 (hardware, with its topology axis). */
function point(
  experiment: string,
  share: number,
  load: number,
  accepted: number,
  topo?: string,
): PointRecord {
  const params: Record<string, unknown> = {
    ...(topo ? { 'network.topology': topo } : {}),
    'workload.destinations.ofOthers': share,
    'workload.load': load,
  };
  return {
    experiment,
    key: JSON.stringify({ params, seed: 1 }),
    index: 0,
    params,
    seed: 1,
    status: 'ok',
    metrics: {
      latency: { mean: 1000 },
      throughput: { offered: load, accepted },
    } as unknown as PointRecord['metrics'],
    version: 'test',
    seconds: 0,
  };
}

/** Points of one series saturating after `sat` (received 0.5 of applied above it). */
function series(experiment: string, share: number, sat: number, topo?: string): PointRecord[] {
  return [0.2, 0.4, 0.6, 0.8].map((x) => point(experiment, share, x, x <= sat ? x : x * 0.5, topo));
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

describe('002 C18: software multicast on 64 nodes grows worse with m (a claim that cannot fail is a defect)', () => {
  it('holds when software saturation falls with m and stays below hardware', () => {
    const r = c18({ 0.1333: 0.6, 1: 0.4 }, { 0.1333: 0.8, 1: 0.8 });
    assert.equal(r.verdict, 'holds', r.detail);
    assert.match(r.detail, /share 0.1333: sat SW-CB 0.6 vs HW-CB 0.8/);
  });

  it('fails when software saturation rises with m', () => {
    const r = c18({ 0.1333: 0.4, 1: 0.6 }, { 0.1333: 0.8, 1: 0.8 });
    assert.equal(r.verdict, 'fails');
    assert.match(r.detail, /SW-CB sat rises with m/);
  });

  it('fails when software saturates no earlier than hardware', () => {
    const r = c18({ 0.1333: 0.8, 1: 0.6 }, { 0.1333: 0.8, 1: 0.8 });
    assert.equal(r.verdict, 'fails');
    assert.match(r.detail, /not below HW-CB/);
  });

  it('is unchecked without the hardware runs of switch-fig17', () => {
    const records = series('switch-c18', 0.1333, 0.6).concat(series('switch-c18', 1, 0.4));
    const r = CLAIMS['switch-c18']!({ records, sibling: () => undefined })[0]!;
    assert.equal(r.verdict, 'unchecked');
  });
});

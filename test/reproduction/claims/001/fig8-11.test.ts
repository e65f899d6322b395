import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ClaimResult } from '../../../../reproduction/claims/index.js';
import { CLAIMS } from '../../../../reproduction/claims/index.js';
import type { PointRecord } from '../../../../src/sweep/record.js';

/**
 * 001's claims on synthetic plan-level points: hop latency and traffic with their i.i.d. intervals
 * over the random sets, decided beyond noise (holds, tie, fails); every claim involving T2W comes
 * once per reading.
 */

type Est = [number, number];

/** A plan-level point of a scheme at `k` destinations (Fig. 8/9) with latency and traffic [mean, half-width]. */
function plan(alg: string, k: number, lat: Est, traffic: Est = [1000, 0], nodes = 1600): PointRecord {
  const params = { 'workload.algorithm': alg, 'workload.destinations': k };
  const iv = (h: number) => ({ n: 1000, halfWidth: h, method: 'iid', df: 999 });
  return {
    experiment: 'torus',
    key: JSON.stringify({ params, seed: 1 }),
    index: k,
    params,
    seed: 1,
    status: 'ok',
    metrics: {
      plan: { samples: 1000, nodes, destinations: k, hopLatency: lat[0], traffic: traffic[0] },
      intervals: { 'plan.hopLatency': iv(lat[1]), 'plan.traffic': iv(traffic[1]) },
    } as unknown as PointRecord['metrics'],
    version: 'test',
    seconds: 0,
  };
}

const ALGS = ['tasnem', 't2w', 't2w-shortest', 'uniform', 'multipath-hcm'];
/** One point per scheme at each k, latency and traffic from functions of (scheme, point index). */
function figure(ks: number[], lat: (a: string, i: number) => Est, traffic?: (a: string, i: number) => Est) {
  return ks.flatMap((k, i) => ALGS.map((a) => plan(a, k, lat(a, i), traffic?.(a, i))));
}

const run = (id: string, records: PointRecord[]): ClaimResult[] =>
  CLAIMS[id]!({ records, sibling: () => undefined });
const verdicts = (id: string, records: PointRecord[], start: string) =>
  run(id, records)
    .filter((c) => c.claim.startsWith(start))
    .map((c) => c.verdict);

/** Latencies of Fig. 8's shape: TASNEM falling, the others rising, Uniform highest. */
const BASE: Record<string, (i: number) => number> = {
  tasnem: (i) => 60 - 10 * i,
  t2w: (i) => 70 + i,
  't2w-shortest': (i) => 68 + i,
  uniform: (i) => 500 + 50 * i,
  'multipath-hcm': (i) => 300 + 50 * i,
};

describe('001 claims decide beyond noise, once per T2W reading', () => {
  const ks = [100, 200, 300];
  it('TASNEM lowest: holds beyond noise, ties within it, fails against a T2W reading beyond it', () => {
    const at = (tasnemFirst: number, h = 1) =>
      verdicts(
        'torus-fig8',
        figure(ks, (a, i) => [a === 'tasnem' && i === 0 ? tasnemFirst : BASE[a]!(i), h]),
        'TASNEM has the lowest',
      );
    assert.deepEqual(at(60), ['holds', 'holds']);
    // 68.5 against T2W's 70 (holds) and the shortest reading's 68 (within noise).
    assert.deepEqual(at(68.5), ['holds', 'tie']);
    // 69.6 against 70 and 68: within noise against the first reading, beyond it against the second.
    assert.deepEqual(at(69.6), ['tie', 'fails']);
  });

  it('TASNEM falls: last below first beyond noise; a step up beyond noise fails, within noise it does not', () => {
    const falls = (tasnem: number[], h = 1) =>
      verdicts(
        'torus-fig8',
        figure(ks, (a, i) => [a === 'tasnem' ? tasnem[i]! : BASE[a]!(i), h]),
        "TASNEM's latency decreases",
      );
    assert.deepEqual(falls([60, 50, 40]), ['holds']);
    assert.deepEqual(falls([60, 60.5, 59]), ['tie']);
    assert.deepEqual(falls([60, 65, 40]), ['fails']);
    assert.deepEqual(falls([60, 61, 62]), ['fails']);
  });

  it('the others rise end to end; Uniform above multipath-HCM', () => {
    const rise = (t2wLast: number) =>
      verdicts(
        'torus-fig8',
        figure(ks, (a, i) => [a === 't2w' && i === 2 ? t2wLast : BASE[a]!(i), 1]),
        'the latency of T2W',
      );
    assert.deepEqual(rise(72), ['holds', 'holds']);
    assert.deepEqual(rise(70.5), ['tie', 'holds']);
    assert.deepEqual(rise(60), ['fails', 'holds']);
    const above = (hcm: number) =>
      verdicts(
        'torus-fig8',
        figure(ks, (a, i) => [a === 'multipath-hcm' ? hcm : BASE[a]!(i), 5]),
        'Uniform has a higher latency',
      );
    assert.deepEqual(above(300), ['holds']);
    assert.deepEqual(above(497), ['tie']);
    assert.deepEqual(above(700), ['fails']);
  });

  it('Uniform highest traffic: an exact equality at a broadcast is a tie, 1% more elsewhere fails, one channel more is within resolution', () => {
    const tr: Record<string, Est> = {
      tasnem: [700, 5],
      t2w: [1035, 5],
      't2w-shortest': [830, 5],
      uniform: [1030, 5],
      'multipath-hcm': [830, 5],
    };
    const recs = (bcast: Record<string, number>) => [
      ...ALGS.map((a) => plan(a, 100, [100, 1], tr[a])),
      ...ALGS.map((a) => plan(a, 1599, [100, 1], [bcast[a]!, 0])),
    ];
    const equal = { tasnem: 1599, t2w: 1599, 't2w-shortest': 1599, uniform: 1599, 'multipath-hcm': 1599 };
    // Source-origin T2W 1035 ± 5 against Uniform 1030 ± 5: within noise; the shortest reading is below.
    assert.deepEqual(verdicts('torus-fig9', recs(equal), 'Uniform has the highest'), ['tie', 'tie']);
    assert.deepEqual(
      verdicts('torus-fig9', recs({ ...equal, 'multipath-hcm': 1616 }), 'Uniform has the highest'),
      ['fails', 'fails'],
    );
    // One channel in 1600 is under 1% of it: exact counts are not exempt from the band (stats/compare.ts).
    assert.deepEqual(
      verdicts('torus-fig9', recs({ ...equal, 'multipath-hcm': 1600 }), 'Uniform has the highest'),
      ['tie', 'tie'],
    );
    // TASNEM's lowest traffic allows the broadcast's exact ties (non-strict there).
    assert.deepEqual(verdicts('torus-fig9', recs(equal), 'TASNEM has the lowest traffic'), [
      'holds',
      'holds',
    ]);
    const c = run('torus-fig9', recs(equal)).find((x) => x.claim.startsWith('Uniform has the highest'))!;
    assert.match(c.detail, /at 100: Uniform 1030 ± 5 vs T2W \(source-origin reading\) 1035 ± 5/);
  });

  it('traffic increases at each step, beyond noise', () => {
    const steps = (second: number) =>
      verdicts(
        'torus-fig9',
        figure(
          ks,
          () => [100, 1],
          (a, i) => [a === 'uniform' && i === 1 ? second : 1000 + 100 * i, 5],
        ),
        'the traffic of every algorithm',
      );
    assert.deepEqual(steps(1100), ['holds', 'holds']);
    assert.deepEqual(steps(1195), ['tie', 'tie']);
    assert.deepEqual(steps(1300), ['fails', 'fails']);
  });
});

describe('001 Fig. 10: TASNEM grows least with the torus size (increases with their intervals)', () => {
  /** Latency at T5, T10 per scheme: x is the node count. */
  function sizes(tasnemLast: number, h = 1): PointRecord[] {
    const first: Record<string, number> = {
      tasnem: 6,
      t2w: 6.5,
      't2w-shortest': 5,
      uniform: 9,
      'multipath-hcm': 7,
    };
    const last: Record<string, number> = {
      tasnem: tasnemLast,
      t2w: 16,
      't2w-shortest': 15,
      uniform: 37,
      'multipath-hcm': 27,
    };
    return ALGS.flatMap((a) => [
      {
        ...plan(a, 5, [first[a]!, h], [10, 0.5], 25),
        params: { 'workload.algorithm': a, 'network.topology': 'torus:5x5' },
      },
      {
        ...plan(a, 20, [last[a]!, h], [50, 0.5], 100),
        params: { 'workload.algorithm': a, 'network.topology': 'torus:10x10' },
      },
    ]);
  }
  const least = (t: number) => verdicts('torus-fig10', sizes(t), "TASNEM's latency grows least");
  it('holds, ties and fails per reading', () => {
    assert.deepEqual(least(12), ['holds', 'holds']);
    // +9.5 against T2W's +9.5 (source origin): an equal increase within noise; +10 for the shortest.
    assert.deepEqual(least(15.5), ['tie', 'tie']);
    assert.deepEqual(least(20), ['fails', 'fails']);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MESH_SATURATION_CLAIMS } from '../../../reproduction/claims/mesh-saturation.js';
import type { RunMetrics } from '../../../src/metrics/types.js';
import type { PointRecord } from '../../../src/sweep/record.js';

/** A point of the sweep: stable when accepted keeps up, unstable (shortfall beyond twice its half-width) otherwise. */
function rec(topology: string, load: number, accepted: number, h = 0.0005): PointRecord {
  const short = load - accepted;
  const metrics = {
    throughput: { offered: load, accepted },
    intervals: { 'throughput.accepted': { n: 1000, halfWidth: h, method: 'batch-means', df: 19 } },
    stability: {
      stable: short <= 0.002,
      shortfall: { mean: short, halfWidth: 0.001, df: 19 },
      latencyGrowth: { mean: 0, halfWidth: 5, df: 19, lag1: 0 },
    },
  } as unknown as RunMetrics;
  return {
    experiment: 'mesh-saturation',
    key: `${topology}-${load}`,
    index: Math.round(load * 100),
    params: { 'network.topology': topology, 'workload.load': load },
    seed: 1,
    status: 'ok',
    outcome: { status: 'complete' },
    metrics,
    version: '0',
    seconds: 0,
  };
}

const sweep = (topology: string, plateau: number, h?: number) =>
  [0.14, 0.15, 0.16, 0.17, 0.18, 0.2, 0.22, 0.25, 0.3].map((x) => rec(topology, x, Math.min(x, plateau), h));

const claims = (records: PointRecord[]) =>
  MESH_SATURATION_CLAIMS['mesh-saturation']!({ records, sibling: () => undefined });

describe('mesh saturation against BookSim2', () => {
  it('holds when the bracket (0.16, 0.17] contains a plateau of 0.167, within 10% of BookSim2', () => {
    const [contains, agree] = claims(sweep('mesh:16x16', 0.167));
    assert.equal(contains!.verdict, 'holds', contains!.detail);
    assert.match(contains!.detail, /\(0\.16, 0\.17\]/);
    assert.equal(agree!.verdict, 'holds', agree!.detail);
  });

  it('fails when the plateau lies outside the bracket, or the bracket far from BookSim2', () => {
    // A plateau of 0.19 with the first unstable load at 0.2: bracket (0.18, 0.2] is 0.02 above.
    const [contains, agree] = claims(sweep('mesh:16x16', 0.19));
    assert.equal(contains!.verdict, 'holds', contains!.detail);
    assert.equal(agree!.verdict, 'fails', agree!.detail);
    // Saturation throughput below the bracket: accepted falls to 0.15 past saturation.
    const recs = sweep('mesh:16x16', 0.167).map((r) =>
      Number(r.params['workload.load']) >= 0.2
        ? rec('mesh:16x16', Number(r.params['workload.load']), 0.15)
        : r,
    );
    assert.equal(claims(recs)[0]!.verdict, 'fails');
  });

  it('ties when the plateau interval straddles the bracket end', () => {
    const [contains] = claims(sweep('mesh:16x16', 0.1695, 0.004));
    assert.equal(contains!.verdict, 'tie', contains!.detail);
  });

  it('is not checked against BookSim2 on another network', () => {
    const [contains, agree] = claims(sweep('mesh:8x8', 0.167));
    assert.equal(contains!.verdict, 'holds');
    assert.equal(agree!.verdict, 'unchecked');
  });
});

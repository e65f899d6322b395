import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CLAIMS } from '../../src/experiments/claims/index.js';
import { sat } from '../../src/experiments/claims/switch-data.js';
import type { PointRecord } from '../../src/experiments/record.js';

/** A synthetic point of an m-way 002 experiment. */
function point(alg: string, sw: string, m: number, load: number, lat: number, accepted = load): PointRecord {
  const params = {
    'workload.algorithm': alg,
    'network.switching': sw,
    'workload.destinations.mean': m,
    'workload.load': load,
  };
  return {
    experiment: 'switch-fig14',
    key: JSON.stringify({ params, seed: 1 }),
    index: 0,
    params,
    seed: 1,
    status: 'ok',
    metrics: {
      latency: { mean: lat },
      latencyAvgDest: { mean: lat * 0.9 },
      throughput: { offered: load, accepted },
      traffic: { perMessage: alg === 'bitstring' ? 100 : 150 },
    } as unknown as PointRecord['metrics'],
    version: 'test',
    seconds: 0,
  };
}

const verdict = (recs: PointRecord[], id: string) =>
  CLAIMS['switch-fig14']!({ records: recs, sibling: () => undefined }).find((c) => c.claim.startsWith(id))!;

describe('002 claims judge the data (a claim that cannot fail is a defect)', () => {
  it('saturation: the largest grid load with it and every lower one below 0.9 of the applied load', () => {
    const recs = [0.2, 0.4, 0.6, 0.8].map((x) =>
      point('bitstring', 'central-buffer', 2, x, 100, x < 0.7 ? x : 0.5),
    );
    assert.equal(sat(recs), 0.6);
  });

  it('saturation: a latency above 10 times the light-load latency is past saturation, and so is every higher load', () => {
    const lat = [100, 150, 1200, 400];
    const recs = [0.2, 0.4, 0.6, 0.8].map((x, i) => point('bitstring', 'central-buffer', 2, x, lat[i]!));
    assert.equal(sat(recs), 0.4);
  });

  it('C4 holds when hardware is faster, fails when it is not', () => {
    const make = (hw: number) =>
      ['central-buffer', 'input-fifo'].flatMap((sw) =>
        [2, 15].flatMap((m) => [point('bitstring', sw, m, 0.2, hw), point('umin', sw, m, 0.2, 200)]),
      );
    assert.equal(verdict(make(100), 'C4').verdict, 'holds');
    const bad = verdict(make(300), 'C4');
    assert.equal(bad.verdict, 'fails');
    assert.match(bad.detail, /HW-CB 300 vs SW-CB 200/);
  });

  it('C33 fails when hardware multicast does not deliver its applied load below saturation', () => {
    const recs = [
      point('bitstring', 'central-buffer', 2, 0.2, 100, 0.19),
      point('bitstring', 'input-fifo', 2, 0.2, 100),
    ];
    assert.equal(verdict(recs, 'C33').verdict, 'holds');
    const low = [
      point('bitstring', 'central-buffer', 2, 0.5, 100, 0.46),
      point('bitstring', 'input-fifo', 2, 0.5, 100),
    ];
    assert.equal(verdict(low, 'C33').verdict, 'fails');
  });
});

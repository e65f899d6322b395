import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RunMetrics } from '../../src/metrics/types.js';
import type { PointRecord } from '../../src/sweep/record.js';
import {
  bracketOf,
  COMPARE_K,
  fmtBracket,
  pointState,
  satAtLeast,
  satBelow,
  satGreater,
  saturatedPoints,
} from '../../src/sweep/saturation.js';

type Kind = 'S' | 'U' | 'G' | 'F' | 'D' | 'C' | 'N' | 'Q';

/**
 * A record at `load` of series `s`: S stable, U shortfall beyond its interval, G latency growth
 * beyond its interval on independent batches, C the same growth on correlated batches (lag1 0.8:
 * its interval widened three times, within two half-widths, beyond one), Q flat latency on batches
 * too correlated to correct for (lag1 0.95: undetermined), F unfinished (failed, saturated), D deadlocked, N near saturation (a shortfall of
 * 1.5 half-widths: stable at STABILITY_K, not at COMPARE_K).
 */
function rec(s: string, load: number, kind: Kind, seed = 1): PointRecord {
  const short =
    kind === 'U'
      ? { mean: 0.01, halfWidth: 0.002, df: 19 }
      : kind === 'N'
        ? { mean: 0.003, halfWidth: 0.002, df: 19 }
        : { mean: 0.0001, halfWidth: 0.002, df: 19 };
  const growth =
    kind === 'G' || kind === 'C'
      ? { mean: 50, halfWidth: 10, df: 19, lag1: kind === 'C' ? 0.8 : 0.1 }
      : { mean: 1, halfWidth: 10, df: 19, lag1: kind === 'Q' ? 0.95 : 0.1 };
  const base = {
    experiment: 'x',
    key: `${s}-${load}-${seed}`,
    index: Math.round(load * 100),
    params: { 'workload.algorithm': s, 'workload.load': load },
    seed,
    version: '0',
    seconds: 0,
  };
  if (kind === 'F')
    return {
      ...base,
      status: 'failed',
      error: 'unfinished',
      outcome: {
        status: 'unfinished',
        reason: 'x',
        unfinished: 3,
        measured: 10,
        offered: load,
        accepted: load / 2,
      },
    };
  if (kind === 'D')
    return { ...base, status: 'failed', error: 'deadlock', outcome: { status: 'deadlock', reason: 'x' } };
  const metrics = {
    stability: {
      stable: kind === 'S' || kind === 'C' || kind === 'N' || kind === 'Q',
      shortfall: short,
      latencyGrowth: growth,
    },
  } as unknown as RunMetrics;
  return { ...base, status: 'ok', outcome: { status: 'complete' }, metrics };
}

const series = (s: string, kinds: string) => [...kinds].map((k, i) => rec(s, (i + 1) / 10, k as Kind));

describe('saturation from stability', () => {
  it('judges each point: shortfall or trusted growth beyond the interval, unfinished runs, deadlocks', () => {
    assert.equal(pointState([rec('a', 0.1, 'S')]), 'stable');
    assert.equal(pointState([rec('a', 0.1, 'U')]), 'unstable');
    assert.equal(pointState([rec('a', 0.1, 'G')]), 'unstable');
    // Growth on correlated batches: the interval widened by sqrt(1.8 / 0.2) = 3, to 30.
    assert.equal(pointState([rec('a', 0.1, 'C')]), 'stable');
    assert.equal(pointState([rec('a', 0.1, 'C')], COMPARE_K), 'unstable');
    // Batches too correlated for the correction: neither unstable nor shown stable.
    assert.equal(pointState([rec('a', 0.1, 'Q')]), 'undetermined');
    // A shortfall beyond its interval decides whatever the batches.
    const both = rec('a', 0.1, 'U');
    both.metrics!.stability!.latencyGrowth = rec('a', 0.1, 'Q').metrics!.stability!.latencyGrowth;
    assert.equal(pointState([both]), 'unstable');
    assert.equal(pointState([rec('a', 0.1, 'F')]), 'unstable');
    assert.equal(pointState([rec('a', 0.1, 'D')]), 'failed');
    // One seed whose growth cannot be tested leaves the point undetermined.
    assert.equal(pointState([rec('a', 0.1, 'S'), rec('a', 0.1, 'Q', 2)]), 'undetermined');
    // Seeds pool: two stable seeds stay stable, an unfinished one makes the point unstable.
    assert.equal(pointState([rec('a', 0.1, 'S'), rec('a', 0.1, 'S', 2)]), 'stable');
    assert.equal(pointState([rec('a', 0.1, 'S'), rec('a', 0.1, 'F', 2)]), 'unstable');
  });

  it('brackets a series: last stable below the first load from which all are unstable', () => {
    const b = bracketOf(series('a', 'SSSUF'), 'workload.load');
    assert.equal(b.lastStable, 0.3);
    assert.equal(b.firstUnstable, 0.4);
    assert.deepEqual(b.isolated, []);
    assert.equal(fmtBracket(b), '(0.3, 0.4]');
    // An isolated unstable load below does not move the bracket; it is reported.
    const c = bracketOf(series('a', 'SUSSUU'), 'workload.load');
    assert.equal(c.lastStable, 0.4);
    assert.equal(c.firstUnstable, 0.5);
    assert.deepEqual(c.isolated, [0.2]);
    assert.equal(fmtBracket(bracketOf(series('a', 'SSS'), 'workload.load')), 'stable up to 0.3');
    assert.equal(
      fmtBracket(bracketOf(series('a', 'UU'), 'workload.load')),
      'unstable from 0.1 (the lowest load)',
    );
  });

  it('leaves out of latency data every point not stable and every point from the first unstable load', () => {
    const rs = [...series('a', 'SUSSUU'), ...series('b', 'SSSS')];
    const past = saturatedPoints(rs, 'workload.algorithm', 'workload.load');
    const loads = (s: string) =>
      rs
        .filter((r) => past.has(r) && r.params['workload.algorithm'] === s)
        .map((r) => r.params['workload.load']);
    assert.deepEqual(loads('a'), [0.2, 0.5, 0.6]);
    assert.deepEqual(loads('b'), []);
  });

  it('a point within noise of saturation stays in the bracket and the plots, but no claim compares it', () => {
    assert.equal(pointState([rec('a', 0.3, 'N')]), 'stable');
    assert.equal(pointState([rec('a', 0.3, 'N')], COMPARE_K), 'unstable');
    const rs = series('a', 'SSNU');
    assert.equal(fmtBracket(bracketOf(rs, 'workload.load')), '(0.3, 0.4]');
    const loads = (k?: number) =>
      [...saturatedPoints(rs, 'workload.algorithm', 'workload.load', k)].map(
        (r) => r.params['workload.load'],
      );
    assert.deepEqual(loads(), [0.4]);
    assert.deepEqual(loads(COMPARE_K), [0.3, 0.4]);
  });

  it('undetermined loads below the first unstable one widen the bracket and leave the latency data', () => {
    const b = bracketOf(series('a', 'SSSQQUU'), 'workload.load');
    assert.equal(b.lastStable, 0.3);
    assert.equal(b.firstUnstable, 0.6);
    assert.deepEqual(b.undetermined, [0.4, 0.5]);
    assert.equal(fmtBracket(b), '(0.3, 0.6] (undetermined at 0.4, 0.5)');
    // Undetermined at the top and none unstable: no first unstable load.
    assert.equal(
      fmtBracket(bracketOf(series('a', 'SSQ'), 'workload.load')),
      'stable up to 0.2 (undetermined at 0.3)',
    );
    // An undetermined load between stable ones does not move the bracket, and is left out of the data.
    const rs = series('a', 'SQSU');
    assert.equal(fmtBracket(bracketOf(rs, 'workload.load')), '(0.3, 0.4] (undetermined at 0.2)');
    assert.deepEqual(
      [...saturatedPoints(rs, 'workload.algorithm', 'workload.load')].map((r) => r.params['workload.load']),
      [0.2, 0.4],
    );
    // Brackets widened by undetermined loads tie where the stable ends alone would decide.
    assert.equal(satGreater(bracketOf(series('b', 'SSSSU'), 'workload.load'), b), 'tie');
  });

  it('compares brackets: beyond the grid holds or fails, overlapping brackets tie', () => {
    const lo = bracketOf(series('a', 'SSUU'), 'workload.load');
    const hi = bracketOf(series('b', 'SSSU'), 'workload.load');
    assert.equal(satGreater(hi, lo), 'holds');
    assert.equal(satGreater(lo, hi), 'fails');
    assert.equal(satGreater(lo, lo), 'tie');
    assert.equal(satAtLeast(hi, 0.3), 'holds');
    assert.equal(satAtLeast(lo, 0.3), 'fails');
    assert.equal(satAtLeast(lo, 0.25), 'tie');
    assert.equal(satBelow(lo, 0.3), 'holds');
    assert.equal(satBelow(hi, 0.3), 'fails');
    const never = bracketOf(series('c', 'SSSS'), 'workload.load');
    assert.equal(satGreater(never, hi), 'holds');
  });
});

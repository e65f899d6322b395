import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PointRecord } from '../../../../src/sweep/record.js';
import { claimsOf, find } from './claims.js';

/**
 * 000's claims about Figs. 10 and 11 on synthetic records with intervals: each check can hold, tie
 * (a difference within the combined intervals) and fail (the opposite beyond them).
 */

/** A contention-free point of Fig. 10/11: latency and traffic as [mean, half-width]. */
function mc(
  alg: string,
  dests: number,
  lat: [number, number],
  traffic: [number, number] = [1000, 0],
): PointRecord {
  const params = { 'workload.algorithm': alg, 'workload.destinations': dests };
  const iv = (h: number) => ({ n: 1000, halfWidth: h, method: 'iid', df: 999 });
  return {
    experiment: 'tpm-fig10',
    key: JSON.stringify({ params, seed: 1 }),
    index: dests,
    params,
    seed: 1,
    status: 'ok',
    metrics: {
      latency: { mean: lat[0] },
      traffic: { perMessage: traffic[0] },
      intervals: { 'latency.mean': iv(lat[1]), 'traffic.perMessage': iv(traffic[1]) },
    } as unknown as PointRecord['metrics'],
    version: 'test',
    seconds: 0,
  };
}

describe('000 Figs. 10-11 claims decide beyond noise', () => {
  /** dual-path latencies at 20, 100, 250 destinations; the other schemes far away. */
  const fig10 = (dp: Array<[number, number]>, trafficTpm: [number, number] = [900, 5]) =>
    [20, 100, 250].flatMap((d, i) => [
      mc('tpm', d, [200 + i, 2], trafficTpm),
      mc('dual-path', d, dp[i]!, [1000, 5]),
      mc('column-path', d, [700 * (i + 1), 5], [2000, 5]),
      mc('separate', d, [900 * (i + 1), 5], [3000, 5]),
    ]);
  const flat = (dp: Array<[number, number]>) => find(claimsOf('tpm-fig10', fig10(dp)), 'dual-path latency');

  it('dual-path rises then flattens: holds, ties within noise, fails when it keeps climbing', () => {
    // +100% to 100 destinations (slope 4.5), then slope 0.2: far under a quarter.
    const ok = flat([
      [360, 2],
      [720, 2],
      [750, 2],
    ]);
    assert.equal(ok.verdict, 'holds', ok.detail);
    assert.match(ok.paper ?? '', /thereafter flattens out/);
    // Slope after 1.2 against a quarter of 4.5 (1.125): beyond it by 0.075, within the noise of ±20.
    const tie = flat([
      [360, 20],
      [720, 20],
      [900, 20],
    ]);
    assert.equal(tie.verdict, 'tie', tie.detail);
    assert.match(tie.detail, /slope 4\.50 ± [\d.]+ then 1\.20 ± [\d.]+/);
    // Slope 2.4 after 4.5: twice the allowed quarter, beyond the noise of ±2.
    const steep = flat([
      [360, 2],
      [720, 2],
      [1080, 2],
    ]);
    assert.equal(steep.verdict, 'fails', steep.detail);
    // A rise of 10% only fails the "considerably" part however flat the rest.
    const small = flat([
      [360, 2],
      [396, 2],
      [400, 2],
    ]);
    assert.equal(small.verdict, 'fails', small.detail);
  });

  it('traffic: TPM below dual-path and separate/column-path above both, each beyond noise', () => {
    const tpmBelow = (t: [number, number]) =>
      find(
        claimsOf(
          'tpm-fig10',
          fig10(
            [
              [360, 2],
              [720, 2],
              [750, 2],
            ],
            t,
          ),
        ),
        'tpm uses a little less traffic',
      );
    assert.equal(tpmBelow([900, 5]).verdict, 'holds');
    assert.equal(tpmBelow([995, 5]).verdict, 'tie');
    assert.equal(tpmBelow([1100, 5]).verdict, 'fails');
    assert.match(tpmBelow([995, 5]).detail, /tpm 995 ± 5 vs dual-path 1000 ± 5/);
    const heavier = (sep: [number, number]) =>
      find(
        claimsOf(
          'tpm-fig10',
          [20, 100].flatMap((d) => [
            mc('tpm', d, [200, 2], [900, 5]),
            mc('dual-path', d, [300, 2], [1000, 5]),
            mc('column-path', d, [700, 5], [2000, 5]),
            mc('separate', d, [900, 5], sep),
          ]),
        ),
        'separate and column-path use more traffic',
      ).verdict;
    assert.equal(heavier([3000, 5]), 'holds');
    assert.equal(heavier([1005, 20]), 'tie');
    assert.equal(heavier([800, 5]), 'fails');
  });

  it('all-port improvement reads Fig. 10 from the same results folder, and can tie', () => {
    const fig = (col: [number, number], sep: [number, number]) =>
      [20, 100].flatMap((d) => [
        mc('tpm', d, [200, 2]),
        mc('dual-path', d, [300, 2]),
        mc('column-path', d, col),
        mc('separate', d, sep),
      ]);
    const oneport = fig([700, 5], [400, 5]);
    const improved = (col: [number, number], sep: [number, number]) =>
      find(claimsOf('tpm-fig11', fig(col, sep), oneport), 'all-port').verdict;
    assert.equal(improved([350, 5], [200, 5]), 'holds');
    assert.equal(improved([350, 5], [395, 5]), 'tie');
    assert.equal(improved([800, 5], [200, 5]), 'fails');
    assert.equal(find(claimsOf('tpm-fig11', fig([350, 5], [200, 5])), 'all-port').verdict, 'unchecked');
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadSweep } from '../../../../reproduction/claims/000/fig12.js';
import type { ClaimResult } from '../../../../reproduction/claims/index.js';
import { CLAIMS } from '../../../../reproduction/claims/index.js';
import type { PointRecord } from '../../../../src/sweep/record.js';
import { fmtBracket } from '../../../../src/sweep/saturation.js';

/**
 * 000's claims on synthetic records with intervals: each check can hold, tie (a difference within
 * the combined intervals) and fail (the opposite beyond them), and Fig. 12's claims read latency
 * only below each scheme's saturation bracket.
 */

const PAPER = ['tpm', 'dual-path', 'column-path', 'separate'];

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

/**
 * A point of Fig. 12: unicast and multicast latency as [mean, half-width]; `stable` false makes
 * accepted throughput fall short of offered beyond its interval (past saturation).
 */
function mixed(
  alg: string,
  load: number,
  uni: [number, number],
  multi: [number, number],
  stable = true,
): PointRecord {
  const params = { 'workload.algorithm': alg, 'workload.load': load };
  const iv = (h: number) => ({ n: 5000, halfWidth: h, method: 'batch-means', df: 19 });
  return {
    experiment: 'tpm-fig12',
    key: JSON.stringify({ params, seed: 1 }),
    index: Math.round(load * 100),
    params,
    seed: 1,
    status: 'ok',
    outcome: { status: 'complete' },
    metrics: {
      classes: { unicast: { latency: { mean: uni[0] } }, multicast: { latency: { mean: multi[0] } } },
      intervals: {
        'classes.unicast.latency.mean': iv(uni[1]),
        'classes.multicast.latency.mean': iv(multi[1]),
      },
      stability: {
        stable,
        shortfall: stable ? { mean: 0, halfWidth: 0.002, df: 19 } : { mean: 0.01, halfWidth: 0.002, df: 19 },
        latencyGrowth: { mean: 0, halfWidth: 10, df: 19, lag1: 0 },
      },
    } as unknown as PointRecord['metrics'],
    version: 'test',
    seconds: 0,
  };
}

const claimsOf = (id: string, records: PointRecord[], sibling?: PointRecord[]): ClaimResult[] =>
  CLAIMS[id]!({ records, sibling: () => sibling });
const find = (cs: ClaimResult[], start: string) => {
  const c = cs.find((x) => x.claim.startsWith(start));
  assert.ok(c, `no claim starting "${start}" in ${cs.map((x) => x.claim).join(' | ')}`);
  return c;
};

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

describe('000 Fig. 12 claims: latency below saturation, growth beyond noise', () => {
  const LOADS = [0.02, 0.05, 0.08];
  /**
   * Four schemes over three loads; dual-path saturates at the last load (its run failed, so it
   * has no record there) unless `dpLast` gives it one. Multicast latencies grow by the factors
   * given per scheme from the first load to the second.
   */
  function fig12(
    opts: {
      dpLow?: [number, number];
      dpGrowth?: number;
      colGrowth?: number;
      uniSep?: number;
      dpLast?: PointRecord;
      h?: number;
    } = {},
  ): PointRecord[] {
    const h = opts.h ?? 5;
    const base: Record<string, [number, number, number]> = {
      // unicast latency, multicast latency at the lowest load, growth to the second load
      tpm: [90, 250, 1.1],
      'column-path': [92, 800, opts.colGrowth ?? 1.2],
      separate: [opts.uniSep ?? 95, 1500, 1.1],
      'dual-path': [98, opts.dpLow?.[0] ?? 450, opts.dpGrowth ?? 1.6],
    };
    const out: PointRecord[] = [];
    for (const [alg, [u, m, g]] of Object.entries(base))
      LOADS.forEach((x, i) => {
        if (alg === 'dual-path' && i === 2) {
          if (opts.dpLast) out.push(opts.dpLast);
          return;
        }
        const mh = alg === 'dual-path' && i === 0 && opts.dpLow ? opts.dpLow[1] : h;
        out.push(mixed(alg, x, [u + 5 * i, 0.5], [m * (i === 0 ? 1 : g ** i), mh]));
      });
    return out;
  }

  it('a load a scheme has no completed point at is past its saturation, and so is every higher load', () => {
    const s = loadSweep(fig12());
    assert.equal(fmtBracket(s.brackets.get('dual-path')!), '(0.05, 0.08]');
    assert.equal(fmtBracket(s.brackets.get('tpm')!), 'stable up to 0.08');
    // A completed but unstable point is past saturation too; its latency is not data.
    const unstable = loadSweep(fig12({ dpLast: mixed('dual-path', 0.08, [500, 1], [5000, 10], false) }));
    assert.equal(fmtBracket(unstable.brackets.get('dual-path')!), '(0.05, 0.08]');
    assert.ok(
      !unstable.below.some(
        (r) => r.params['workload.algorithm'] === 'dual-path' && r.params['workload.load'] === 0.08,
      ),
    );
    // Stable there: its point is data.
    const stable = loadSweep(fig12({ dpLast: mixed('dual-path', 0.08, [120, 1], [1200, 10]) }));
    assert.equal(fmtBracket(stable.brackets.get('dual-path')!), 'stable up to 0.08');
  });

  it('unicast order is checked where all four are below saturation, and ties within noise', () => {
    const order = (o: Parameters<typeof fig12>[0]) =>
      find(claimsOf('tpm-fig12', fig12(o)), 'unicast latency');
    const ok = order({});
    assert.equal(ok.verdict, 'holds', ok.detail);
    // 0.08 is not compared: dual-path is past saturation there.
    assert.ok(!/at 0\.08/.test(ok.detail));
    assert.match(ok.detail, /6 comparison/);
    assert.equal(order({ uniSep: 97.5 }).verdict, 'tie');
    assert.equal(order({ uniSep: 100 }).verdict, 'fails');
  });

  it('dual-path performs well at low load: within 25% of the best other scheme, decided on the ratio', () => {
    const well = (dpLow: [number, number]) =>
      find(claimsOf('tpm-fig12', fig12({ dpLow })), 'dual-path multicast latency performs well');
    assert.equal(well([280, 5]).verdict, 'holds');
    assert.equal(well([310, 40]).verdict, 'tie');
    assert.equal(well([450, 5]).verdict, 'fails');
    assert.match(well([450, 5]).detail, /dual-path 450 ± 5, best other tpm 250 ± 5/);
  });

  it('dual-path grows most and column-path less than dual-path, up to the highest load all four sustain', () => {
    const rapid = (o: Parameters<typeof fig12>[0]) =>
      find(claimsOf('tpm-fig12', fig12(o)), 'dual-path multicast latency increases rapidly');
    const r = rapid({});
    assert.equal(r.verdict, 'holds', r.detail);
    assert.match(r.detail, /from load 0\.02 to 0\.05/);
    assert.match(r.detail, /dual-path \(0\.05, 0\.08\]/);
    assert.equal(rapid({ dpGrowth: 1.22, h: 20 }).verdict, 'tie');
    assert.equal(rapid({ dpGrowth: 1.0 }).verdict, 'fails');
    const slow = (o: Parameters<typeof fig12>[0]) =>
      find(claimsOf('tpm-fig12', fig12(o)), 'column-path multicast latency increases slowly').verdict;
    assert.equal(slow({}), 'holds');
    assert.equal(slow({ colGrowth: 1.55, h: 20 }), 'tie');
    assert.equal(slow({ colGrowth: 2 }), 'fails');
  });

  it('TPM lowest multicast latency compares points below saturation only', () => {
    const recs = fig12({ dpLast: mixed('dual-path', 0.08, [500, 1], [100, 1], false) });
    assert.equal(find(claimsOf('tpm-fig12', recs), 'tpm has the lowest multicast latency').verdict, 'holds');
    const close = fig12().map((r) =>
      r.params['workload.algorithm'] === 'dual-path' && r.params['workload.load'] === 0.02
        ? mixed('dual-path', 0.02, [98, 0.5], [255, 5])
        : r,
    );
    assert.equal(find(claimsOf('tpm-fig12', close), 'tpm has the lowest multicast latency').verdict, 'tie');
  });
});

it('000 claims need all four schemes at two loads below saturation', () => {
  const one = PAPER.map((a) => mixed(a, 0.02, [90, 1], [300, 5]));
  for (const c of claimsOf('tpm-fig12', one).slice(2)) assert.equal(c.verdict, 'unchecked', c.claim);
});

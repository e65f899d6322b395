import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CLAIMS } from '../../../../reproduction/claims/index.js';
import type { PointRecord } from '../../../../src/sweep/record.js';
import { K, n, ONE, recs, verdict } from './records.js';

describe('003 claims decided beyond noise: holds, tie (within noise) and fails (opposite beyond noise)', () => {
  /** A one-source 1-VL figure where multicast takes `mc(seed)` less than unicast. */
  const c1Fig = (gain: (seed: number) => number) =>
    recs(ONE, [32, 512], (v, x, s) => x / 8 + 10 + n(s) - (v === 'mc-1vl' ? gain(s) : 0));

  it('C1: multicast before unicast, on the per-seed differences', () => {
    assert.equal(
      verdict(
        'ib-fig10',
        c1Fig((s) => 2 + n(s)),
        'C1',
      ),
      'holds',
    );
    assert.equal(
      verdict(
        'ib-fig10',
        c1Fig((s) => 5 * n(s)),
        'C1',
      ),
      'tie',
    );
    assert.equal(
      verdict(
        'ib-fig10',
        c1Fig((s) => -2 + n(s)),
        'C1',
      ),
      'fails',
    );
    // Equal makespans in every run: an exact tie, not a hold.
    assert.equal(
      verdict(
        'ib-fig10',
        c1Fig(() => 0),
        'C1',
      ),
      'tie',
    );
  });

  it('C2: the speedup grows from the smallest to the largest size (the trend the paper states)', () => {
    const fig = (r512: (seed: number) => number) =>
      recs(ONE, [32, 128, 512], (v, x, s) => {
        const mc = 10 + n(s);
        if (v === 'mc-1vl') return mc;
        return mc * (x === 32 ? 5 : x === 128 ? 4 : r512(s));
      });
    assert.equal(
      verdict(
        'ib-fig10',
        fig(() => 8),
        'C2 the speedup, as a ratio',
      ),
      'holds',
    );
    assert.equal(
      verdict(
        'ib-fig10',
        fig(() => 8),
        'C2 the speedup, as time saved',
      ),
      'holds',
    );
    assert.equal(
      verdict(
        'ib-fig10',
        fig((s) => 5 + 20 * n(s)),
        'C2 the speedup, as a ratio',
      ),
      'tie',
    );
    assert.equal(
      verdict(
        'ib-fig10',
        fig(() => 3),
        'C2 the speedup, as a ratio',
      ),
      'fails',
    );
    // A step down between (not at) the ends is listed, not decisive; the paper's words are quoted.
    const c = CLAIMS['ib-fig10']!({ records: fig(() => 8), sibling: () => undefined })[2]!;
    assert.match(c.detail, /falls beyond noise at 128 B/);
    assert.match(c.paper!, /larger the message size/);
  });

  it('C9: a one-source multicast must take exactly its zero-load time in every run (exact)', () => {
    const fig = (off: number) =>
      recs(ONE, [32], (v, _x, s) => (v === 'mc-1vl' ? 10 + (s === 3 ? off : 0) : 50), { zero: () => 10 });
    assert.equal(verdict('ib-fig10', fig(0), 'C9'), 'holds');
    assert.equal(verdict('ib-fig10', fig(1), 'C9'), 'fails');
  });

  /** A 2-VL figure: dedicated = `d`, shared = d * ratio(scheme, size, seed). */
  const kFig = (ratio: (scheme: string, x: number, s: number) => number, sizes = [32, 512]) =>
    recs(K, sizes, (v, x, s) => {
      const d = (v.startsWith('uc') ? 20 : 5) * (x / 32) + n(s);
      return v.endsWith('dedicated') ? d : d * ratio(v.slice(0, 2), x, s);
    });

  it('C6a: shared beats dedicated at 32-512 B, unicast by 5% at 32 B; an exact multicast tie is a tie', () => {
    const uc = (r: (x: number, s: number) => number) => kFig((k, x, s) => (k === 'uc' ? r(x, s) : 0.5));
    assert.equal(
      verdict(
        'ib-fig11',
        uc(() => 0.8),
        'C6a unicast',
      ),
      'holds',
    );
    assert.equal(
      verdict(
        'ib-fig11',
        uc((x, s) => (x === 32 ? 0.95 + 0.2 * n(s) : 0.8)),
        'C6a unicast',
      ),
      'tie',
    );
    assert.equal(
      verdict(
        'ib-fig11',
        uc((x) => (x === 32 ? 0.97 : 0.8)),
        'C6a unicast',
      ),
      'fails',
    );
    assert.equal(
      verdict(
        'ib-fig11',
        uc(() => 1.1),
        'C6a unicast',
      ),
      'fails',
    );
    const mc = (r: number) => kFig((k) => (k === 'mc' ? r : 0.5));
    assert.equal(verdict('ib-fig11', mc(0.5), 'C6a multicast'), 'holds');
    assert.equal(verdict('ib-fig11', mc(1), 'C6a multicast'), 'tie');
    assert.equal(verdict('ib-fig11', mc(1.1), 'C6a multicast'), 'fails');
  });

  it('C6b: the unicast shared/dedicated gap fades from the smallest to the largest size', () => {
    const fig = (at8k: (s: number) => number) =>
      kFig((k, x, s) => (k === 'mc' ? 0.9 : x === 32 ? 0.5 : at8k(s)), [32, 8192]);
    assert.equal(
      verdict(
        'ib-fig11',
        fig(() => 0.9),
        'C6b',
      ),
      'holds',
    );
    assert.equal(
      verdict(
        'ib-fig11',
        fig((s) => 0.5 + n(s)),
        'C6b',
      ),
      'tie',
    );
    assert.equal(
      verdict(
        'ib-fig11',
        fig(() => 0.3),
        'C6b',
      ),
      'fails',
    );
  });

  it('C6a and C6b say that dedicated VLs give the 1-VL result by construction, and check it run by run', () => {
    const ded = kFig(() => 0.5);
    const one = recs(ONE, [32, 512], (v, x, s) => (v.startsWith('uc') ? 20 : 5) * (x / 32) + n(s));
    const claims = CLAIMS['ib-fig11']!({
      records: ded,
      sibling: (id) => (id === 'ib-fig10' ? one : undefined),
    });
    const c6 = claims.find((c) => c.claim.startsWith('C6a (packet buffers) unicast'))!;
    assert.match(c6.detail, /by construction.*uc equal to ib-fig10's in 10 of 10 runs/);
    const off = one.map((r) =>
      r.seed === 2 ? { ...r, metrics: { ...r.metrics, ib: { makespan: { us: 1 } } } } : r,
    );
    const c6off = CLAIMS['ib-fig11']!({ records: ded, sibling: () => off as never }).find((c) =>
      c.claim.startsWith('C6a (packet buffers) unicast'),
    )!;
    assert.match(c6off.detail, /in 8 of 10 runs/);
  });

  /** Figs. 12, 11, 10 (4, 2, 1 VLs): T(scheme, k VLs) from `t(scheme, k, x, seed)`. */
  const vlFigs = (t: (k: string, vls: number, x: number, s: number) => number) => {
    const at = (vls: number) => (v: string, x: number, s: number) => t(v.slice(0, 2), vls, x, s);
    return {
      fig12: recs(K, [32, 512], (v, x, s) => (v.endsWith('shared') ? at(4)(v, x, s) : 99)),
      sib: {
        'ib-fig11': recs(K, [32, 512], (v, x, s) => (v.endsWith('shared') ? at(2)(v, x, s) : 99)),
        'ib-fig10': recs(ONE, [32, 512], at(1)),
      },
    };
  };

  it('C5a/C5b: more VLs help; one-source multicast, equal with any VL count, is an exact tie', () => {
    const help = vlFigs((_k, vls, x, s) => (x / 32) * (10 + 10 / vls) + n(s));
    assert.equal(verdict('ib-fig12', help.fig12, 'C5a', help.sib), 'holds');
    assert.equal(verdict('ib-fig12', help.fig12, 'C5b', help.sib), 'holds');
    const same = vlFigs((k, vls, x, s) => (x / 32) * (k === 'mc' ? 5 : 10 + 10 / vls) + n(s));
    assert.equal(verdict('ib-fig12', same.fig12, 'C5b', same.sib), 'tie');
    assert.equal(verdict('ib-fig12', same.fig12, 'C5a', same.sib), 'holds');
    const noisy = vlFigs((_k, vls, x, s) => (x / 32) * 10 + (vls === 4 ? 3 * n(s) : n(s)));
    assert.equal(verdict('ib-fig12', noisy.fig12, 'C5a', noisy.sib), 'tie');
    const worse = vlFigs(
      (k, vls, x, s) => (x / 32) * (10 + 10 / vls) + (k === 'mc' && vls === 4 && x === 512 ? 50 : 0) + n(s),
    );
    assert.equal(verdict('ib-fig12', worse.fig12, 'C5b', worse.sib), 'fails');
    assert.equal(verdict('ib-fig12', worse.fig12, 'C5a', worse.sib), 'holds');
    assert.equal(verdict('ib-fig12', help.fig12, 'C5a'), 'unchecked');
    const c5b = CLAIMS['ib-fig12']!({
      records: same.fig12,
      sibling: (id) => same.sib[id as 'ib-fig10'],
    }).find((c) => c.claim.startsWith('C5b (packet'))!;
    assert.match(c5b.detail, /dedicated k VLs give the 1-VL makespans by construction/);
  });

  it('C5c: the relative VL gain is at least as large for unicast as for multicast', () => {
    const fig = (mcGain: (s: number) => number) =>
      vlFigs((k, vls, x, s) => {
        const t1 = (x / 32) * 10 + n(s);
        if (vls === 1) return t1;
        return k === 'uc' ? t1 * 0.5 : t1 * (1 - mcGain(s));
      });
    const holds = fig(() => 0);
    assert.equal(verdict('ib-fig12', holds.fig12, 'C5c', holds.sib), 'holds');
    const tie = fig((s) => 0.5 + n(s));
    assert.equal(verdict('ib-fig12', tie.fig12, 'C5c', tie.sib), 'tie');
    // Equal gains in every run (none for either under credit buffers with one source): a tie.
    const equal = fig(() => 0.5);
    assert.equal(verdict('ib-fig12', equal.fig12, 'C5c', equal.sib), 'tie');
    const fails = fig(() => 0.7);
    assert.equal(verdict('ib-fig12', fails.fig12, 'C5c', fails.sib), 'fails');
  });

  /** A 1-VL figure of 32 B points whose speedup is r(seed) with multicast at 10. */
  const rFig = (r: (s: number) => number, mc = 10) =>
    recs(ONE, [32], (v, _x, s) => (v === 'mc-1vl' ? mc + n(s) : (mc + n(s)) * r(s)));

  it('C3 and C4: the speedup ordered across figures, paired by seed; unchecked without the siblings', () => {
    const sib = { 'ib-fig16': rFig(() => 3), 'ib-fig10': rFig(() => 2) };
    assert.equal(
      verdict(
        'ib-fig22',
        rFig(() => 4),
        'C3 the speedup, as a ratio',
        sib,
      ),
      'holds',
    );
    assert.equal(
      verdict(
        'ib-fig22',
        rFig((s) => 3 + 5 * n(s)),
        'C3 the speedup, as a ratio',
        sib,
      ),
      'tie',
    );
    assert.equal(
      verdict(
        'ib-fig22',
        rFig(() => 2.5),
        'C3 the speedup, as a ratio',
        sib,
      ),
      'fails',
    );
    assert.equal(
      verdict(
        'ib-fig22',
        rFig(() => 4),
        'C3 the speedup, as a ratio',
      ),
      'unchecked',
    );
    const g40 = { 'ib-fig10': rFig(() => 2) };
    assert.equal(
      verdict(
        'ib-fig13',
        rFig(() => 4),
        'C4 the speedup, as time saved',
        g40,
      ),
      'holds',
    );
    assert.equal(
      verdict(
        'ib-fig13',
        rFig(() => 1.5),
        'C4 the speedup, as time saved',
        g40,
      ),
      'fails',
    );
  });

  it('C7 and C8: all-source slower than multi-source; the compared verdicts agree, disagree, or one is a tie', () => {
    const multi = { 'ib-fig16': c1Fig((s) => 2 + n(s)) };
    const all = (scale: number, gain: (s: number) => number) =>
      recs(ONE, [32, 512], (v, x, s) => scale * (x / 8 + 10 + n(s)) - (v === 'mc-1vl' ? gain(s) : 0));
    const v22 = (records: PointRecord[], tag: string) => verdict('ib-fig22', records, tag, multi);
    assert.equal(
      v22(
        all(2, (s) => 2 + n(s)),
        'C7',
      ),
      'holds',
    );
    assert.equal(
      v22(
        all(1, (s) => 2 + n(s)),
        'C7',
      ),
      'tie',
    );
    assert.equal(
      v22(
        all(0.5, (s) => 2 + n(s)),
        'C7',
      ),
      'fails',
    );
    assert.equal(
      v22(
        all(2, (s) => 2 + n(s)),
        'C8',
      ),
      'holds',
    );
    assert.equal(
      v22(
        all(2, (s) => -2 + n(s)),
        'C8',
      ),
      'fails',
    );
    assert.equal(
      v22(
        all(2, (s) => 5 * n(s)),
        'C8',
      ),
      'tie',
    );
  });
});

describe('003 claims under both VL buffer models, side by side', () => {
  const both = [
    ...recs(ONE, [32, 512], (v, x, s) => x / 8 + 10 + n(s) - (v === 'mc-1vl' ? 2 : 0)),
    ...recs(ONE, [32, 512], (v, x, s) => x / 8 + 10 + n(s) + (v === 'mc-1vl' ? 2 : 0), { buffer: 'credit' }),
  ];

  it("each claim under the packet model, then the credit model, each reading only its model's runs", () => {
    const claims = CLAIMS['ib-fig10']!({ records: both, sibling: () => undefined });
    assert.deepEqual(
      claims.map((c) => c.claim.split(' ').slice(0, 3).join(' ')),
      ['C1', 'C1', 'C2', 'C2', 'C2', 'C2', 'C9', 'C9'].map(
        (t, i) => `${t} (${i % 2 ? 'credit' : 'packet'} buffers)`,
      ),
    );
    assert.equal(verdict('ib-fig10', both, 'C1'), 'holds');
    assert.equal(verdict('ib-fig10', both, 'C1', {}, 'credit'), 'fails');
  });

  it('records without a buffer model are the packet model; a model without runs is not checked', () => {
    const old = both
      .filter((r) => r.params['workload.vlBuffer'] === 'packet')
      .map((r) => ({
        ...r,
        params: {
          'workload.variant': r.params['workload.variant'],
          'workload.messageBytes': r.params['workload.messageBytes'],
        },
      }));
    assert.equal(verdict('ib-fig10', old, 'C1'), 'holds');
    assert.equal(verdict('ib-fig10', old, 'C1', {}, 'credit'), 'unchecked');
  });
});

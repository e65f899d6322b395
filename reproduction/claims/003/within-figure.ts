import { all, atMost, exceeds, SHARE } from '../../../src/stats/compare.js';
import { valueAt } from '../../../src/sweep/fields.js';
import type { PointRecord } from '../../../src/sweep/record.js';
import { detailOf, fromParts, type Part } from '../checks.js';
import { type ClaimResult, decided, judged, unchecked } from '../claim.js';
import { dedicatedNote, type IbCtx, noData, pct, scaleOf } from './common.js';
import { e, lessPaired, pairCols, pairs, runsOf, type Speedup, speedup, speedupOf } from './data.js';
import { paired } from './paired.js';

/**
 * The claims of 003 that one figure's data decide (docs/experiments/infiniband.md, "Claims"): C1,
 * C2, C6a, C6b, C9, C10, under one VL buffer model (common.ts IbCtx). fig10-27.ts runs them
 * under each model.
 */

export const word = (how: Speedup) =>
  how === 'ratio' ? 'as a ratio T_uc/T_mc' : 'as time saved T_uc - T_mc (us)';

/** C1 (Remark 1, Cases 1-2): multicast is faster than unicast at every size and VL policy. */
export function c1(c: IbCtx): ClaimResult {
  const claim = `C1 ${c.tag} multicast completes before unicast at every size and VL policy (Remark 1)`;
  const names = pairs(c.f.vls).flat();
  const xs = c.fig.sizes(names);
  if (xs.length === 0) return unchecked(claim, noData(c.fig, names));
  const parts: Part[] = [];
  for (const p of pairs(c.f.vls))
    for (const x of xs) {
      const [u, m] = pairCols(c.fig, p, x)!;
      parts.push({
        d: lessPaired(m, u),
        text: `${p[1]} ${e(c.fig.T(p[1], x))} vs ${p[0]} ${e(c.fig.T(p[0], x))} us at ${x} B`,
      });
    }
  const lo = xs[0]!;
  const hi = xs[xs.length - 1]!;
  const range = pairs(c.f.vls)
    .map(
      (p) =>
        `R(${p[1].slice(3)}) ${e(speedup(c.fig, p, lo, 'ratio')!)} at ${lo} B, ${e(speedup(c.fig, p, hi, 'ratio')!)} at ${hi} B`,
    )
    .join('; ');
  return fromParts(claim, parts, range);
}

/**
 * C2 (Remark 2): the speedup grows with message size. The paper states a trend ("the larger the
 * message size, the better the speedup"), so the verdict is on the trend: the speedup at the
 * largest size above that at the smallest, beyond noise. A step-by-step check (no step down at any
 * size) would be stricter than those words; the steps that fall beyond noise are listed.
 */
export function c2(c: IbCtx, how: Speedup): ClaimResult {
  const claim = `C2 ${c.tag} the speedup, ${word(how)}, grows with message size: larger at the largest size than at the smallest (Remark 2)`;
  const names = pairs(c.f.vls).flat();
  const xs = c.fig.sizes(names);
  if (xs.length < 2) return unchecked(claim, xs.length ? 'one size measured' : noData(c.fig, names));
  const lo = xs[0]!;
  const hi = xs[xs.length - 1]!;
  const parts: Part[] = [];
  const shown: string[] = [];
  for (const p of pairs(c.f.vls)) {
    const trend = paired([...pairCols(c.fig, p, hi)!, ...pairCols(c.fig, p, lo)!], ([u1, m1, u0, m0]) =>
      speedupOf(u1!, m1!, how).sub(speedupOf(u0!, m0!, how)),
    );
    const v = xs.map((x) => speedup(c.fig, p, x, how)!);
    parts.push({
      d: exceeds(trend, scaleOf(v[0]!, v[v.length - 1]!)),
      text: `${p[1]}: ${e(v[v.length - 1]!)} at ${hi} B against ${e(v[0]!)} at ${lo} B`,
    });
    const falls = xs.slice(1).filter((x, i) => {
      const step = paired([...pairCols(c.fig, p, x)!, ...pairCols(c.fig, p, xs[i]!)!], ([u1, m1, u0, m0]) =>
        speedupOf(u0!, m0!, how).sub(speedupOf(u1!, m1!, how)),
      );
      return exceeds(step, scaleOf(v[i]!, v[i + 1]!)) === 'holds';
    });
    shown.push(
      `${p[1]} by size ${xs.join(' ')}: ${v.map(e).join(', ')}${falls.length ? `; falls beyond noise at ${falls.map((x) => `${x} B`).join(', ')}` : ''}`,
    );
  }
  const ds = parts.map((p) => p.d);
  return {
    ...decided(
      claim,
      all(ds),
      `${detailOf(parts, parts.map((p) => p.text).join('; '))}. ${shown.join('. ')}`,
    ),
    paper: 'The larger the message size ... the better the speedup (Remark 2)',
  };
}

/**
 * C6a (Cases 1-2, Remark 3): shared VLs beat dedicated ones at 32-512 B. Unicast: faster at every
 * such size, by 5% at 32 B (our reading of "clearly found"). Multicast: no slower at any such size
 * and faster at 32 B; the paper says "better performance" for both schemes, so an exact tie
 * (one-source multicast, where VLs change nothing) is a tie, not a hold.
 */
export function c6a(c: IbCtx, scheme: 'uc' | 'mc'): ClaimResult {
  const S = `${scheme}-shared`;
  const D = `${scheme}-dedicated`;
  const claim =
    scheme === 'uc'
      ? `C6a ${c.tag} unicast: shared VLs beat dedicated ones at 32-512 B, by 5% at 32 B (Cases 1-2, Remark 3)`
      : `C6a ${c.tag} multicast: shared VLs are no slower than dedicated ones at 32-512 B and faster at 32 B (Cases 1-2, Remark 3)`;
  const xs = c.fig.sizes([S, D]).filter((x) => x <= 512);
  if (xs.length === 0)
    return unchecked(claim, c.fig.sizes([S, D]).length ? 'no sizes up to 512 B' : noData(c.fig, [S, D]));
  const parts: Part[] = [];
  for (const x of xs) {
    const a = c.fig.col(S, x)!;
    const b = c.fig.col(D, x)!;
    const text = `${x} B: shared ${e(c.fig.T(S, x))} vs dedicated ${e(c.fig.T(D, x))}`;
    parts.push({ d: lessPaired(a, b, scheme === 'uc' || x === 32), text });
    if (scheme === 'uc' && x === 32) {
      const r = paired([a, b], ([s, d]) => s!.div(d!));
      parts.push({ d: atMost(r, 0.95), text: `at 32 B shared/dedicated ${e(r)}, at most 0.95` });
    }
  }
  if (!xs.includes(32)) parts.push({ d: 'tie', text: 'no 32 B point' });
  const res = fromParts(claim, parts, parts.map((p) => p.text).join('; '));
  return {
    ...res,
    detail: `${res.detail}. ${dedicatedNote(c, scheme)}`,
    paper:
      'For both the unicast and the multicast schemes, given the same number of virtual lanes, we can get better performance if we do not associate the switch port with dedicated virtual lane(s) (Case 1; Case 2 alike)',
  };
}

/**
 * C6b (Cases 1-2): the relative shared/dedicated gap of unicast is smaller at the largest size than
 * at 32 B. The gaps are shares: within one percentage point of each other they count as equal
 * (stats/compare.ts, the resolution band).
 */
export function c6b(c: IbCtx): ClaimResult {
  const claim = `C6b ${c.tag} the shared/dedicated difference fades for large messages: unicast's relative gap is smaller at the largest size than at the smallest (Cases 1-2); multicast's reported`;
  const names = ['uc-shared', 'uc-dedicated', 'mc-shared', 'mc-dedicated'];
  const xs = c.fig.sizes(names);
  if (xs.length < 2) return unchecked(claim, xs.length ? 'one size measured' : noData(c.fig, names));
  const lo = xs[0]!;
  const hi = xs[xs.length - 1]!;
  const cols = (k: string, x: number) => [c.fig.col(`${k}-shared`, x)!, c.fig.col(`${k}-dedicated`, x)!];
  const rel = (k: string, x: number) => paired(cols(k, x), ([s, d]) => s!.sub(d!).abs().div(d!));
  const fades = paired([...cols('uc', lo), ...cols('uc', hi)], ([s0, d0, s1, d1]) =>
    s0!.sub(d0!).abs().div(d0!).sub(s1!.sub(d1!).abs().div(d1!)),
  );
  return decided(
    claim,
    exceeds(fades, SHARE),
    `unicast gap ${pct(rel('uc', lo))} at ${lo} B, ${pct(rel('uc', hi))} at ${hi} B; multicast ${pct(rel('mc', lo))}, ${pct(rel('mc', hi))}. ${dedicatedNote(c, 'uc')}`,
  );
}

/** C9 / C10: one-source multicast equals its zero-load time; multi-source multicast exceeds it (exact, per run). */
export function zeroLoad(records: PointRecord[], c: IbCtx): ClaimResult {
  const one = c.f.family === 'one';
  const claim = one
    ? `C9 ${c.tag} one-source multicast is never congested: its makespan equals the zero-load time (H+1)(R+1)+L-1 in every run (Case 1)`
    : `C10 ${c.tag} multi-source multicast is congested: its makespan exceeds the largest zero-load time of its sources in every run (Case 2)`;
  const runs = runsOf(
    records,
    pairs(c.f.vls).map((p) => p[1]),
    c.buffer,
  );
  if (runs.length === 0) return unchecked(claim, `no multicast runs under ${c.buffer} buffers`);
  const bad = runs.filter((r) => {
    const m = Number(valueAt(r, 'metrics.ib.makespan.cycles'));
    const z = Number(valueAt(r, 'metrics.ib.zeroLoad.cycles'));
    return one ? m !== z : !(m > z);
  });
  const show = (r: PointRecord) =>
    `${String(r.params['workload.variant'])} ${String(r.params['workload.messageBytes'])} B seed ${r.seed}: ${String(valueAt(r, 'metrics.ib.makespan.cycles'))} vs ${String(valueAt(r, 'metrics.ib.zeroLoad.cycles'))} cycles`;
  return judged(
    claim,
    bad.length === 0,
    bad.length
      ? `${bad.length} of ${runs.length} runs: ${bad.slice(0, 4).map(show).join('; ')}`
      : `${runs.length} runs, e.g. ${show(runs[runs.length - 1]!)}`,
  );
}

import { IB_FIGURES, type IbFigure, ibFigure } from '../../ib/figures.js';
import { valueAt } from '../fields.js';
import type { PointRecord } from '../record.js';
import { type ClaimContext, type ClaimResult, type ClaimSet, judged, unchecked } from './claim.js';
import { f2, makespans, pairs, runsOf, type Speedup, sizesOf, speedup } from './ib-data.js';
import { at, type Series } from './series.js';

/**
 * The claims of 003 sec. 4-5 about Figs. 10-27 (notes sec. 3.3, C1-C10), checked on the data of
 * each figure and, for claims across figures, of its siblings in the same results folder. A claim
 * whose data are missing is not checked; one that does not hold is reported with its numbers
 * (docs/experiments/infiniband.md).
 */

const both: Speedup[] = ['ratio', 'saved'];
const word = (how: Speedup) => (how === 'ratio' ? 'as a ratio T_uc/T_mc' : 'as time saved T_uc - T_mc (us)');

/** Runs `check` on the figure's series, or says which variants have no data. */
function withData(
  s: Series,
  names: string[],
  claim: string,
  check: (xs: number[]) => ClaimResult,
): ClaimResult {
  const xs = sizesOf(s, names);
  if (xs.length === 0)
    return unchecked(
      claim,
      `no data for ${names.filter((n) => !(s.get(n)?.length ?? 0)).join(', ') || 'common sizes'}`,
    );
  return check(xs);
}

/** C1 (Remark 1, Cases 1-2): multicast is faster than unicast at every size and VL policy. */
function c1(f: IbFigure, s: Series): ClaimResult {
  const claim = 'C1 multicast completes before unicast at every size and VL policy (Remark 1)';
  const names = pairs(f.vls).flat();
  return withData(s, names, claim, (xs) => {
    const bad: string[] = [];
    for (const [uc, mc] of pairs(f.vls))
      for (const x of xs)
        if (!(at(s, mc, x)!.y < at(s, uc, x)!.y))
          bad.push(`${mc} ${f2(at(s, mc, x)!.y)} vs ${uc} ${f2(at(s, uc, x)!.y)} us at ${x} B`);
    const show = pairs(f.vls)
      .map(
        ([uc, mc]) =>
          `R(${uc.slice(3)}) ${f2(speedup(s, [uc, mc], xs[0]!, 'ratio')!)}..${f2(speedup(s, [uc, mc], xs[xs.length - 1]!, 'ratio')!)}`,
      )
      .join(', ');
    return judged(
      claim,
      bad.length === 0,
      bad.length ? bad.join('; ') : `${xs.length * pairs(f.vls).length} comparisons; ${show}`,
    );
  });
}

/** C2 (Remark 2): the speedup grows with message size (5% tolerance for the ratio). */
function c2(f: IbFigure, s: Series, how: Speedup): ClaimResult {
  const claim = `C2 the speedup, ${word(how)}, grows with message size (Remark 2)`;
  return withData(s, pairs(f.vls).flat(), claim, (xs) => {
    const bad: string[] = [];
    const shown: string[] = [];
    for (const p of pairs(f.vls)) {
      const v = xs.map((x) => speedup(s, p, x, how)!);
      shown.push(`${p[1]}: ${v.map(f2).join(' ')}`);
      for (let i = 1; i < v.length; i++)
        if (v[i]! < (how === 'ratio' ? 0.95 : 1) * v[i - 1]!)
          bad.push(`${p[1]} falls ${f2(v[i - 1]!)} -> ${f2(v[i]!)} at ${xs[i]} B`);
      if (!(v[v.length - 1]! > v[0]!))
        bad.push(
          `${p[1]}: ${f2(v[v.length - 1]!)} at ${xs[xs.length - 1]} B is not above ${f2(v[0]!)} at ${xs[0]} B`,
        );
    }
    return judged(
      claim,
      bad.length === 0,
      `${bad.length ? `${bad.join('; ')}. ` : ''}By size ${xs.join(' ')}: ${shown.join('; ')}`,
    );
  });
}

/** `a` >= `b` >= ... for the speedup at every size and policy, across sibling figures. */
function ordered(
  f: IbFigure,
  claim: string,
  figs: Array<[string, Series | undefined]>,
  how: Speedup,
): ClaimResult {
  const missing = figs.filter(([, s]) => !s).map(([id]) => id);
  if (missing.length) return unchecked(claim, `no results for ${missing.join(', ')} in this folder`);
  const bad: string[] = [];
  const shown: string[] = [];
  let compared = 0;
  for (const p of pairs(f.vls)) {
    const xs = sizesOf(figs[0]![1]!, p).filter((x) =>
      figs.every(([, s]) => speedup(s!, p, x, how) !== undefined),
    );
    for (const x of xs) {
      const v = figs.map(([, s]) => speedup(s!, p, x, how)!);
      compared++;
      if (v.some((y, i) => i > 0 && !(v[i - 1]! >= y))) bad.push(`${p[1]} ${x} B: ${v.map(f2).join(', ')}`);
      if (x === xs[0] || x === xs[xs.length - 1]) shown.push(`${p[1]} ${x} B: ${v.map(f2).join(', ')}`);
    }
  }
  if (compared === 0) return unchecked(claim, 'no sizes common to the figures');
  return judged(
    claim,
    bad.length === 0,
    `${bad.length ? `${bad.length} of ${compared} fail: ${bad.slice(0, 6).join('; ')}. ` : `${compared} comparisons. `}${figs.map(([id]) => id).join(', ')}: ${shown.join('; ')}`,
  );
}

/** T(variant) in one figure <= factor * T(variant') in another, at every size (C5a, C5b). */
function noSlower(
  claim: string,
  chain: Array<[string, Series | undefined, string]>,
  factor: number,
  strictAt32?: [number, number],
): ClaimResult {
  const missing = chain.filter(([, s]) => !s).map(([id]) => id);
  if (missing.length) return unchecked(claim, `no results for ${missing.join(', ')} in this folder`);
  const xs = sizesOf(chain[0]![1]!, [chain[0]![2]]).filter((x) =>
    chain.every(([, s, v]) => at(s!, v, x) !== undefined),
  );
  if (xs.length === 0) return unchecked(claim, 'no sizes common to the figures');
  const bad: string[] = [];
  const rows = xs.map((x) => chain.map(([, s, v]) => at(s!, v, x)!.y));
  xs.forEach((x, j) => {
    const v = rows[j]!;
    if (v.some((y, i) => i > 0 && !(v[i - 1]! <= factor * y))) bad.push(`${x} B: ${v.map(f2).join(' / ')}`);
  });
  if (strictAt32) {
    const j = xs.indexOf(32);
    if (j < 0) bad.push('no 32 B point');
    else if (!(rows[j]![strictAt32[0]]! < rows[j]![strictAt32[1]]!))
      bad.push(`not faster at 32 B: ${rows[j]!.map(f2).join(' / ')}`);
  }
  const label = chain.map(([id, , v]) => `${v}@${id}`).join(' / ');
  return judged(
    claim,
    bad.length === 0,
    `${bad.length ? `${bad.join('; ')}. ` : ''}${label} at ${xs[0]} B: ${rows[0]!.map(f2).join(' / ')}; at ${xs[xs.length - 1]} B: ${rows[rows.length - 1]!.map(f2).join(' / ')}`,
  );
}

/** C6a: shared beats dedicated at 32-512 B (uc by 5% at 32 B; mc no slower). */
function c6a(s: Series, scheme: 'uc' | 'mc'): ClaimResult {
  const S = `${scheme}-shared`;
  const D = `${scheme}-dedicated`;
  const claim = `C6a ${scheme === 'uc' ? 'unicast' : 'multicast'}: shared VLs ${scheme === 'uc' ? 'beat dedicated ones at 32-512 B (by 5% at 32 B)' : 'are no slower than dedicated ones at 32-512 B'} (Cases 1-2, Remark 3)`;
  return withData(s, [S, D], claim, (all) => {
    const xs = all.filter((x) => x <= 512);
    if (xs.length === 0) return unchecked(claim, 'no sizes up to 512 B');
    const bad: string[] = [];
    for (const x of xs) {
      const a = at(s, S, x)!.y;
      const b = at(s, D, x)!.y;
      const ok = scheme === 'uc' ? a < b && (x !== 32 || a <= 0.95 * b) : a <= b;
      if (!ok) bad.push(`${x} B: shared ${f2(a)} vs dedicated ${f2(b)}`);
    }
    return judged(
      claim,
      bad.length === 0,
      bad.length
        ? bad.join('; ')
        : xs.map((x) => `${x} B: ${f2(at(s, S, x)!.y)} vs ${f2(at(s, D, x)!.y)}`).join('; '),
    );
  });
}

/** C6b: the relative shared/dedicated gap of unicast is smaller at the largest size than at 32 B. */
function c6b(s: Series): ClaimResult {
  const claim =
    'C6b the shared/dedicated difference fades for large messages, unicast (Cases 1-2); multicast reported';
  return withData(s, ['uc-shared', 'uc-dedicated', 'mc-shared', 'mc-dedicated'], claim, (xs) => {
    const gap = (k: string, x: number) =>
      Math.abs(at(s, `${k}-shared`, x)!.y - at(s, `${k}-dedicated`, x)!.y) / at(s, `${k}-dedicated`, x)!.y;
    const lo = xs[0]!;
    const hi = xs[xs.length - 1]!;
    const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
    return judged(
      claim,
      gap('uc', hi) < gap('uc', lo),
      `unicast gap ${pct(gap('uc', lo))} at ${lo} B, ${pct(gap('uc', hi))} at ${hi} B; multicast ${pct(gap('mc', lo))}, ${pct(gap('mc', hi))}`,
    );
  });
}

/** C9 / C10: one-source multicast equals its zero-load time; multi-source multicast exceeds it. */
function zeroLoad(records: PointRecord[], f: IbFigure): ClaimResult {
  const one = f.family === 'one';
  const claim = one
    ? 'C9 one-source multicast is never congested: its makespan equals the zero-load time (H+1)(R+1)+L-1 in every run (Case 1)'
    : 'C10 multi-source multicast is congested: its makespan exceeds the largest zero-load time of its sources in every run (Case 2)';
  const runs = runsOf(
    records,
    pairs(f.vls).map((p) => p[1]),
  );
  if (runs.length === 0) return unchecked(claim, 'no multicast runs');
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

/** The claims that C8 compares between the all-source figure and its multi-source sibling. */
function c8Parts(f: IbFigure, s: Series): Array<[string, ClaimResult]> {
  const parts: Array<[string, ClaimResult]> = [['C1', c1(f, s)]];
  if (f.vls > 1) parts.push(['C6a-uc', c6a(s, 'uc')], ['C6a-mc', c6a(s, 'mc')], ['C6b', c6b(s)]);
  return parts;
}

function claimsOf(f: IbFigure, { records, sibling }: ClaimContext): ClaimResult[] {
  const s = makespans(records);
  const sib = (fig: number): Series | undefined => {
    const r = sibling(`ib-fig${fig}`);
    return r ? makespans(r) : undefined;
  };
  const out: ClaimResult[] = [c1(f, s), c2(f, s, 'ratio'), c2(f, s, 'saved')];
  if (f.family === 'all')
    for (const how of both)
      out.push(
        ordered(
          f,
          `C3 the speedup, ${word(how)}, grows with the number of sources: all- >= multi- >= one-source (Remark 2)`,
          [
            [f.id, s],
            [`ib-fig${f.figure - 6}`, sib(f.figure - 6)],
            [`ib-fig${f.figure - 12}`, sib(f.figure - 12)],
          ],
          how,
        ),
      );
  if (f.groupFraction === 1)
    for (const how of both)
      out.push(
        ordered(
          f,
          `C4 the speedup, ${word(how)}, grows with the group: 100% >= 40% (Remark 2)`,
          [
            [f.id, s],
            [`ib-fig${f.figure - 3}`, sib(f.figure - 3)],
          ],
          how,
        ),
      );
  if (f.vls === 4) {
    const two = `ib-fig${f.figure - 1}`;
    const one = `ib-fig${f.figure - 2}`;
    out.push(
      noSlower(
        'C5a more VLs help unicast: T(uc, 4 shared) <= T(uc, 2 shared) <= T(uc, 1 VL), strictly at 32 B with 2 (Remark 3)',
        [
          [f.id, s, 'uc-shared'],
          [two, sib(f.figure - 1), 'uc-shared'],
          [one, sib(f.figure - 2), 'uc-1vl'],
        ],
        1,
        [1, 2],
      ),
    );
    out.push(
      noSlower(
        'C5b more VLs help multicast: T(mc, 4 shared) <= T(mc, 2 shared) <= T(mc, 1 VL), 2% tolerance (Remark 3)',
        [
          [f.id, s, 'mc-shared'],
          [two, sib(f.figure - 1), 'mc-shared'],
          [one, sib(f.figure - 2), 'mc-1vl'],
        ],
        1.02,
      ),
    );
    out.push(especiallyUnicast(s, sib(f.figure - 2), one));
  }
  if (f.vls > 1) out.push(c6a(s, 'uc'), c6a(s, 'mc'), c6b(s));
  if (f.family === 'all') {
    const multi = sib(f.figure - 6);
    out.push(slower(f, s, multi, `ib-fig${f.figure - 6}`));
    const claim = `C8 all-source results look like multi-source ones: the verdicts of C1${f.vls > 1 ? ', C6a, C6b' : ''} agree with ib-fig${f.figure - 6} (Case 3)`;
    if (!multi) out.push(unchecked(claim, `no results for ib-fig${f.figure - 6} in this folder`));
    else {
      const a = c8Parts(f, s);
      const b = c8Parts(f, multi);
      if ([...a, ...b].some(([, c]) => c.verdict === 'unchecked'))
        out.push(unchecked(claim, 'a compared claim is unchecked'));
      else {
        const diff = a
          .map(([tag, c], i) => `${tag} ${c.verdict} here, ${b[i]![1].verdict} in ib-fig${f.figure - 6}`)
          .filter((_, i) => a[i]![1].verdict !== b[i]![1].verdict);
        const same = a.map(([tag, c]) => `${tag} ${c.verdict}`).join(', ');
        out.push(judged(claim, diff.length === 0, diff.length ? diff.join('; ') : `both: ${same}`));
      }
    }
  }
  if (f.family !== 'all') out.push(zeroLoad(records, f));
  return out;
}

/** C5c: the relative gain of 4 shared VLs over 1 VL is at least as large for unicast as for multicast. */
function especiallyUnicast(s4: Series, s1: Series | undefined, id1: string): ClaimResult {
  const claim =
    'C5c the VL gain is larger for unicast: (T1 - T4S)/T1 of uc >= that of mc at every size ("especially for the unicast scheme", Remark 3)';
  if (!s1) return unchecked(claim, `no results for ${id1} in this folder`);
  const xs = sizesOf(s4, ['uc-shared', 'mc-shared']).filter(
    (x) => at(s1, 'uc-1vl', x) !== undefined && at(s1, 'mc-1vl', x) !== undefined,
  );
  if (xs.length === 0) return unchecked(claim, 'no sizes common to the figures');
  const gain = (k: string, x: number) =>
    (at(s1, `${k}-1vl`, x)!.y - at(s4, `${k}-shared`, x)!.y) / at(s1, `${k}-1vl`, x)!.y;
  const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
  const bad = xs.filter((x) => !(gain('uc', x) >= gain('mc', x)));
  return judged(
    claim,
    bad.length === 0,
    xs.map((x) => `${x} B: uc ${pct(gain('uc', x))}, mc ${pct(gain('mc', x))}`).join('; '),
  );
}

/** C7: all-source takes longer than multi-source for every variant and size. */
function slower(f: IbFigure, s: Series, multi: Series | undefined, id: string): ClaimResult {
  const claim = `C7 all-source takes longer than multi-source (${id}) for every scheme, policy and size (Case 3)`;
  if (!multi) return unchecked(claim, `no results for ${id} in this folder`);
  const bad: string[] = [];
  let n = 0;
  for (const v of f.variants)
    for (const x of sizesOf(s, [v])) {
      const m = at(multi, v, x)?.y;
      if (m === undefined) continue;
      n++;
      if (!(at(s, v, x)!.y > m)) bad.push(`${v} ${x} B: ${f2(at(s, v, x)!.y)} vs ${f2(m)}`);
    }
  if (n === 0) return unchecked(claim, 'no sizes common to the figures');
  return judged(claim, bad.length === 0, bad.length ? bad.join('; ') : `${n} comparisons`);
}

/** Registered in CLAIMS of claims/index.ts. */
export const IB_CLAIMS: Record<string, ClaimSet> = Object.fromEntries(
  IB_FIGURES.map((f) => [f.id, (ctx: ClaimContext) => claimsOf(ibFigure(f.figure), ctx)]),
);

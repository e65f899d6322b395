import { valueAt } from '../fields.js';
import type { PointRecord } from '../record.js';
import { type ClaimResult, type ClaimSet, judged, unchecked } from './claim.js';
import { type Series, seriesOf } from './series.js';

/**
 * The claims of 001 (sec. 4.1-4.2 and 5) about Figs. 8-11, as checks on the data, including those
 * the readings of docs/algorithms/ make fail (docs/experiments/torus.md explains why). A claim
 * without data is not checked; only completed points are data.
 *
 * T2W's directions are a reconstruction with two readings (docs/algorithms/t2w.md), both series of
 * every figure: each claim that involves T2W is checked once per reading, against an explicit list
 * of schemes that holds that reading's series only; claims that do not involve T2W see neither.
 */

/** The scheme sets of the claims: 001's four schemes with T2W in one reading. */
const T2W_READINGS = ['t2w', 't2w-shortest'];
const schemes = (t2w: string) => ['tasnem', t2w, 'uniform', 'multipath-hcm'];
/** One claim line per T2W reading. */
const perReading = (claim: (set: string[]) => ClaimResult) => T2W_READINGS.map((t) => claim(schemes(t)));
const NAME: Record<string, string> = {
  tasnem: 'TASNEM',
  t2w: 'T2W (source-origin reading)',
  't2w-shortest': 'T2W (shortest reading)',
  uniform: 'Uniform',
  'multipath-hcm': 'multipath-HCM',
};
const alg = 'workload.algorithm';
const fmt = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(1));
const nm = (a: string) => NAME[a] ?? a;

/** Mean of `yPath` per (algorithm, x), x read from a parameter or from the metrics (e.g. nodes). */
function series(records: PointRecord[], xPath: string, yPath: string): Series {
  return seriesOf(records, alg, xPath, (r) => Number(valueAt(r, yPath)));
}

/** The claim, not checked, when a series it needs is empty. */
function needs(s: Series, names: string[], claim: string, check: () => ClaimResult): ClaimResult {
  const missing = names.filter((n) => (s.get(n)?.length ?? 0) === 0);
  if (missing.length) return unchecked(claim, `no data for ${missing.map(nm).join(', ')}`);
  return check();
}

/**
 * `who` is strictly below (`low`) or above every other scheme of `set` at every x; `tieAt` lets
 * equality count at one x (a broadcast, where several schemes use exactly N - 1 channels).
 */
function everywhere(
  s: Series,
  set: string[],
  who: string,
  dir: 'low' | 'high',
  what: string,
  tieAt?: number,
): ClaimResult {
  const others = set.filter((a) => a !== who);
  const claim = `${nm(who)} has the ${dir === 'low' ? 'lowest' : 'highest'} ${what} at every point (against ${others.map(nm).join(', ')})${tieAt !== undefined ? `, ties allowed at ${tieAt}` : ''}`;
  return needs(s, set, claim, () => {
    const bad: string[] = [];
    let compared = 0;
    for (const p of s.get(who)!)
      for (const o of others) {
        const q = s.get(o)!.find((v) => v.x === p.x);
        if (!q) continue;
        compared++;
        const ok = dir === 'low' ? p.y < q.y : p.y > q.y;
        if (!ok && !(p.x === tieAt && p.y === q.y))
          bad.push(`at ${p.x}: ${nm(who)} ${fmt(p.y)} vs ${nm(o)} ${fmt(q.y)}`);
      }
    if (compared === 0) return unchecked(claim, 'no data at common points');
    return judged(
      claim,
      bad.length === 0,
      bad.length
        ? bad.join('; ')
        : `${nm(who)}: ${s
            .get(who)!
            .map((p) => `${p.x}:${fmt(p.y)}`)
            .join(' ')}`,
    );
  });
}

/** `a` strictly above `b` at every x. */
function above(s: Series, a: string, b: string, what: string): ClaimResult {
  const claim = `${nm(a)} has a higher ${what} than ${nm(b)} at every point`;
  return needs(s, [a, b], claim, () => {
    const pairs = s
      .get(a)!
      .map((p) => ({ p, q: s.get(b)!.find((v) => v.x === p.x) }))
      .filter(({ q }) => q !== undefined)
      .map(({ p, q }) => ({ x: p.x, ya: p.y, yb: q!.y }));
    if (pairs.length === 0) return unchecked(claim, 'no data at common points');
    const bad = pairs.filter((v) => !(v.ya > v.yb));
    const show = (v: (typeof pairs)[number]) => `at ${v.x}: ${fmt(v.ya)} vs ${fmt(v.yb)}`;
    return judged(claim, bad.length === 0, (bad.length ? bad : pairs).map(show).join('; '));
  });
}

/** Every scheme of `set` strictly increases from each point to the next. */
function increasing(s: Series, set: string[], what: string, against: string): ClaimResult {
  const claim = `the ${what} of every algorithm (${set.map(nm).join(', ')}) increases with the ${against} (each step)`;
  return needs(s, set, claim, () => {
    const bad: string[] = [];
    for (const a of set) {
      const p = s.get(a)!;
      for (let i = 1; i < p.length; i++)
        if (!(p[i]!.y > p[i - 1]!.y))
          bad.push(`${nm(a)} ${p[i - 1]!.x}->${p[i]!.x}: ${fmt(p[i - 1]!.y)} -> ${fmt(p[i]!.y)}`);
    }
    const span = set.map((a) => `${nm(a)} ${fmt(s.get(a)![0]!.y)} -> ${fmt(s.get(a)!.at(-1)!.y)}`);
    return judged(claim, bad.length === 0, bad.length ? bad.join('; ') : span.join(', '));
  });
}

/** Last point above (or below) the first for each of `names`. */
function endToEnd(s: Series, names: string[], dir: 'up' | 'down', what: string): ClaimResult {
  const claim = `the ${what} of ${names.map(nm).join(', ')} ${dir === 'up' ? 'increases' : 'decreases'} with the number of destinations (last point against the first)`;
  return needs(s, names, claim, () => {
    const res = names.map((n) => {
      const p = s.get(n)!;
      const a = p[0]!.y;
      const b = p.at(-1)!.y;
      return { n, a, b, ok: p.length > 1 && (dir === 'up' ? b > a : b < a) };
    });
    return judged(
      claim,
      res.every((r) => r.ok),
      res.map((r) => `${nm(r.n)} ${fmt(r.a)} -> ${fmt(r.b)}`).join(', '),
    );
  });
}

/** S1 of 001 (Fig. 8): TASNEM's latency falls, and no step rises by more than 3% (sampling noise). */
function tasnemFalls(s: Series): ClaimResult {
  const claim =
    "TASNEM's latency decreases as the number of destinations grows (last < first, no step up by more than 3%)";
  return needs(s, ['tasnem'], claim, () => {
    const p = s.get('tasnem')!;
    const ups = p
      .slice(1)
      .map((q, i) => ({ a: p[i]!, b: q }))
      .filter(({ a, b }) => b.y > a.y * 1.03)
      .map(({ a, b }) => `${a.x}->${b.x}: ${fmt(a.y)} -> ${fmt(b.y)}`);
    const ok = p.length > 1 && p.at(-1)!.y < p[0]!.y && ups.length === 0;
    return judged(
      claim,
      ok,
      `${fmt(p[0]!.y)} at ${p[0]!.x} -> ${fmt(p.at(-1)!.y)} at ${p.at(-1)!.x}${ups.length ? `; steps up: ${ups.join(', ')}` : ''}`,
    );
  });
}

/** S4 of 001 (Fig. 10): TASNEM's latency grows least from the smallest torus to the largest. */
function growsLeast(s: Series, set: string[]): ClaimResult {
  const claim = `TASNEM's latency grows least with the torus size (smallest increase from the first to the last size; against ${set
    .filter((a) => a !== 'tasnem')
    .map(nm)
    .join(', ')})`;
  return needs(s, set, claim, () => {
    const inc = new Map(set.map((a) => [a, s.get(a)!.at(-1)!.y - s.get(a)![0]!.y]));
    const t = inc.get('tasnem')!;
    const less = set.filter((a) => a !== 'tasnem' && inc.get(a)! <= t);
    return judged(claim, less.length === 0, set.map((a) => `${nm(a)} +${fmt(inc.get(a)!)}`).join(', '));
  });
}

const LAT = 'metrics.plan.hopLatency';
const TRAFFIC = 'metrics.plan.traffic';
const K = 'workload.destinations';
const SIZE = 'metrics.plan.nodes';

/** Registered in CLAIMS of claims/index.ts. */
export const TORUS_CLAIMS: Record<string, ClaimSet> = {
  'torus-fig8': ({ records: recs }) => {
    const l = series(recs, K, LAT);
    return [
      tasnemFalls(l),
      ...perReading((set) =>
        endToEnd(
          l,
          set.filter((a) => a !== 'tasnem'),
          'up',
          'latency',
        ),
      ),
      ...perReading((set) => everywhere(l, set, 'tasnem', 'low', 'latency')),
      ...perReading((set) => everywhere(l, set, 'uniform', 'high', 'latency')),
      above(l, 'uniform', 'multipath-hcm', 'latency'),
    ];
  },
  'torus-fig9': ({ records: recs }) => {
    const t = series(recs, K, TRAFFIC);
    const last = Math.max(...(t.get('tasnem') ?? []).map((p) => p.x));
    return [
      ...perReading((set) => increasing(t, set, 'traffic', 'number of destinations')),
      ...perReading((set) =>
        everywhere(t, set, 'tasnem', 'low', 'traffic', Number.isFinite(last) ? last : undefined),
      ),
      ...perReading((set) => everywhere(t, set, 'uniform', 'high', 'traffic')),
    ];
  },
  'torus-fig10': ({ records: recs }) => {
    const l = series(recs, SIZE, LAT);
    return [
      ...perReading((set) => increasing(l, set, 'latency', 'torus size')),
      ...perReading((set) => growsLeast(l, set)),
      ...perReading((set) => everywhere(l, set, 'tasnem', 'low', 'latency')),
      ...perReading((set) => everywhere(l, set, 'uniform', 'high', 'latency')),
      above(l, 'uniform', 'multipath-hcm', 'latency'),
    ];
  },
  'torus-fig11': ({ records: recs }) => {
    const t = series(recs, SIZE, TRAFFIC);
    return [
      ...perReading((set) => increasing(t, set, 'traffic', 'torus size')),
      ...perReading((set) => everywhere(t, set, 'tasnem', 'low', 'traffic')),
      ...perReading((set) => everywhere(t, set, 'uniform', 'high', 'traffic')),
    ];
  },
  // Not a figure of 001: its claim S7 ("the multicast performance of TASNEM algorithm is better")
  // tried on flit-level latency.
  'torus-engine': ({ records: recs }) => {
    const l = series(recs, K, 'metrics.latency.mean');
    return perReading((set) => everywhere(l, set, 'tasnem', 'low', 'flit-level latency'));
  },
};

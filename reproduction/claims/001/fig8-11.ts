import {
  difference,
  type Estimate,
  fmtEstimate,
  fmtHalf,
  greater,
  less,
} from '../../../src/stats/compare.js';
import type { PointRecord } from '../../../src/sweep/record.js';
import { fromParts, type Part } from '../checks.js';
import { type ClaimResult, type ClaimSet, unchecked } from '../claim.js';
import { type Series, seriesOf, type XY } from '../series.js';

/**
 * The claims of 001 (sec. 4.1-4.2 and 5; its statements S1-S7 are numbered in
 * docs/experiments/torus.md) about Figs. 8-11, as checks on the data, including those the readings
 * of docs/algorithms/ make fail (docs/experiments/torus.md explains why). A claim without data is
 * not checked; only completed points are data. Every comparison is decided beyond noise on the
 * points' 95% intervals (stats/compare.ts): holds, tie (within noise, or an exact equality under a
 * strict claim, e.g. several schemes' N - 1 channels at a broadcast) or fails.
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
const nm = (a: string) => NAME[a] ?? a;

/**
 * An estimate as fmtEstimate prints it, but with as many decimals as its half-width resolves:
 * near a broadcast, traffic of 1598.7 ± 0.05 against 1599.2 ± 0.07 channels would otherwise read
 * "1599 vs 1599" beside a verdict beyond noise.
 */
function e(x: Estimate): string {
  if (x.h === null || x.h === 0 || x.h >= 1 || Math.abs(x.y) < 100) return fmtEstimate(x);
  const decimals = Math.min(4, -Math.floor(Math.log10(x.h)));
  return `${x.y.toFixed(decimals)} ± ${fmtHalf(x.h)}`;
}

/**
 * Mean of a metric path per (algorithm, x), x read from a parameter or from the metrics (e.g.
 * nodes), with its interval: i.i.d. over the 1000 random sets of a plan-level point (the same sets
 * for every scheme, so the combined interval of two schemes is on the safe side), or over the
 * multicasts of the flit-level companion.
 */
function series(records: PointRecord[], xPath: string, yPath: string): Series {
  return seriesOf(records, alg, xPath, yPath);
}

/** The claim, not checked, when a series it needs is empty. */
function needs(s: Series, names: string[], claim: string, check: () => ClaimResult): ClaimResult {
  const missing = names.filter((n) => (s.get(n)?.length ?? 0) === 0);
  if (missing.length) return unchecked(claim, `no data for ${missing.map(nm).join(', ')}`);
  return check();
}

/** A step of a series that rises beyond noise contradicts a claim that it falls. */
function noRise(a: XY, b: XY, label: string): Part | undefined {
  return greater(b, a) === 'holds'
    ? { d: 'fails', text: `${label} ${a.x}->${b.x}: ${e(a)} -> ${e(b)}` }
    : undefined;
}

/**
 * `who` is strictly below (`low`) or above every other scheme of `set` at every x; `tieAt` lets
 * equality count at one x (a broadcast, where several schemes use exactly N - 1 channels): there
 * the comparison is non-strict, so an exact equality holds.
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
    const parts: Part[] = [];
    for (const p of s.get(who)!)
      for (const o of others) {
        const q = s.get(o)!.find((v) => v.x === p.x);
        if (!q) continue;
        const strict = p.x !== tieAt;
        parts.push({
          d: dir === 'low' ? less(p, q, strict) : greater(p, q, strict),
          text: `at ${p.x}: ${nm(who)} ${e(p)} vs ${nm(o)} ${e(q)}`,
        });
      }
    if (parts.length === 0) return unchecked(claim, 'no data at common points');
    const row = s
      .get(who)!
      .map((p) => `${p.x}: ${e(p)}`)
      .join(', ');
    return fromParts(claim, parts, `${nm(who)} ${row}`);
  });
}

/** `a` strictly above `b` at every x. */
function above(s: Series, a: string, b: string, what: string): ClaimResult {
  const claim = `${nm(a)} has a higher ${what} than ${nm(b)} at every point`;
  return needs(s, [a, b], claim, () => {
    const parts: Part[] = [];
    for (const p of s.get(a)!) {
      const q = s.get(b)!.find((v) => v.x === p.x);
      if (q) parts.push({ d: greater(p, q), text: `at ${p.x}: ${e(p)} vs ${e(q)}` });
    }
    if (parts.length === 0) return unchecked(claim, 'no data at common points');
    return fromParts(claim, parts, parts.map((p) => p.text).join('; '));
  });
}

/** Every scheme of `set` strictly increases from each point to the next. */
function increasing(s: Series, set: string[], what: string, against: string): ClaimResult {
  const claim = `the ${what} of every algorithm (${set.map(nm).join(', ')}) increases with the ${against} (each step)`;
  return needs(s, set, claim, () => {
    const parts: Part[] = [];
    for (const a of set) {
      const p = s.get(a)!;
      for (let i = 1; i < p.length; i++)
        parts.push({
          d: less(p[i - 1]!, p[i]!),
          text: `${nm(a)} ${p[i - 1]!.x}->${p[i]!.x}: ${e(p[i - 1]!)} -> ${e(p[i]!)}`,
        });
    }
    const span = set.map((a) => `${nm(a)} ${e(s.get(a)![0]!)} -> ${e(s.get(a)!.at(-1)!)}`);
    if (parts.length === 0) return unchecked(claim, 'fewer than 2 points per algorithm');
    return fromParts(claim, parts, span.join(', '));
  });
}

/** Last point above (or below) the first for each of `names`. */
function endToEnd(s: Series, names: string[], dir: 'up' | 'down', what: string): ClaimResult {
  const claim = `the ${what} of ${names.map(nm).join(', ')} ${dir === 'up' ? 'increases' : 'decreases'} with the number of destinations (last point against the first)`;
  return needs(s, names, claim, () => {
    const short = names.filter((n) => s.get(n)!.length < 2);
    if (short.length) return unchecked(claim, `fewer than 2 points of ${short.map(nm).join(', ')}`);
    const parts: Part[] = names.map((n) => {
      const p = s.get(n)!;
      const a = p[0]!;
      const b = p.at(-1)!;
      return { d: dir === 'up' ? greater(b, a) : less(b, a), text: `${nm(n)} ${e(a)} -> ${e(b)}` };
    });
    return fromParts(claim, parts, parts.map((p) => p.text).join(', '));
  });
}

/**
 * S1 of 001 (Fig. 8): TASNEM's latency falls: the last point below the first beyond noise, and no
 * step up beyond noise (the intervals say what noise is, where a fixed tolerance would guess).
 */
function tasnemFalls(s: Series): ClaimResult {
  const claim =
    "TASNEM's latency decreases as the number of destinations grows (last below first, no step up beyond noise)";
  return needs(s, ['tasnem'], claim, () => {
    const p = s.get('tasnem')!;
    if (p.length < 2) return unchecked(claim, 'fewer than 2 points');
    const first = p[0]!;
    const last = p.at(-1)!;
    const parts: Part[] = [
      { d: less(last, first), text: `${e(first)} at ${first.x} -> ${e(last)} at ${last.x}` },
    ];
    for (let i = 1; i < p.length; i++) {
      const up = noRise(p[i - 1]!, p[i]!, 'step up');
      if (up) parts.push(up);
    }
    return fromParts(claim, parts, parts[0]!.text);
  });
}

/**
 * S4 of 001 (Fig. 10): "the increasing rate of the [latency] curve obtained by TASNEM algorithm is
 * very less than the increasing rate of the [latency] curves obtained by the other algorithms":
 * TASNEM's increase from the smallest torus to the largest is below each other scheme's.
 */
function growsLeast(s: Series, set: string[]): ClaimResult {
  const claim = `TASNEM's latency grows least with the torus size (smallest increase from the first to the last size; against ${set
    .filter((a) => a !== 'tasnem')
    .map(nm)
    .join(', ')})`;
  return needs(s, set, claim, () => {
    const inc = new Map(set.map((a) => [a, difference(s.get(a)!.at(-1)!, s.get(a)![0]!)]));
    const t = inc.get('tasnem')!;
    const parts: Part[] = set
      .filter((a) => a !== 'tasnem')
      .map((a) => ({ d: less(t, inc.get(a)!), text: `TASNEM +${e(t)} vs ${nm(a)} +${e(inc.get(a)!)}` }));
    return fromParts(claim, parts, set.map((a) => `${nm(a)} +${e(inc.get(a)!)}`).join(', '));
  });
}

const LAT = 'metrics.plan.hopLatency';
const TRAFFIC = 'metrics.plan.traffic';
const K = 'workload.destinations';
const SIZE = 'metrics.plan.nodes';

/** Registered in CLAIMS of ../index.ts. */
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

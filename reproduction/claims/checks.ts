import {
  all,
  atLeast,
  atMost,
  type Decision,
  type Estimate,
  fmtEstimate as e,
  less,
  ratio,
} from '../../src/stats/compare.js';
import { type ClaimResult, decided, unchecked } from './claim.js';
import { at, commonXs, missing, type Series } from './series.js';

const pct = (r: number) => `${((r - 1) * 100).toFixed(0)}%`;

/** One comparison of a claim: its decision and the numbers behind it. */
export interface Part {
  d: Decision;
  text: string;
}

/**
 * The detail of a claim made of parts: when it holds, `summary`; otherwise the parts that fail,
 * then those that tie (at most `max` of each kind, with the count of the rest).
 */
export function detailOf(parts: readonly Part[], summary: string, max = 6): string {
  const fails = parts.filter((p) => p.d === 'fails');
  const ties = parts.filter((p) => p.d === 'tie');
  if (fails.length === 0 && ties.length === 0) return summary;
  const list = (ps: Part[], what: string) =>
    ps.length === 0
      ? []
      : [
          `${what}: ${ps
            .slice(0, max)
            .map((p) => p.text)
            .join('; ')}${ps.length > max ? `; and ${ps.length - max} more` : ''}`,
        ];
  return [...list(fails, 'opposite beyond noise'), ...list(ties, 'within noise or resolution')].join('. ');
}

/** A claim made of parts: all must hold. */
export function fromParts(claim: string, parts: readonly Part[], summary: string): ClaimResult {
  return decided(
    claim,
    all(parts.map((p) => p.d)),
    detailOf(parts, `${summary} (${parts.length} comparison(s) beyond noise)`),
  );
}

/** `best` has the lowest value at every x where it and another scheme were both measured. */
export function lowestAtEveryPoint(s: Series, best: string, among: string[], what: string): ClaimResult {
  const others = among.filter((a) => a !== best);
  const claim = `${best} has the lowest ${what} at every point (against ${others.join(', ')})`;
  const parts: Part[] = [];
  for (const p of s.get(best) ?? [])
    for (const o of others) {
      const q = at(s, o, p.x);
      if (q === undefined) continue;
      parts.push({ d: less(p, q), text: `at ${p.x}: ${best} ${e(p)} vs ${o} ${e(q)}` });
    }
  if (parts.length === 0) return unchecked(claim, `no point with ${best} and another scheme measured`);
  const range = (s.get(best) ?? []).map((p) => `${p.x}: ${e(p)}`).join(', ');
  return fromParts(claim, parts, `${best} ${range}`);
}

/** max / min of a series' points, with the interval of the ratio. */
function spread(ys: readonly Estimate[]): Estimate {
  const hi = ys.reduce((a, b) => (b.y > a.y ? b : a));
  const lo = ys.reduce((a, b) => (b.y < a.y ? b : a));
  return ratio(hi, lo);
}

/** "Nearly constant": the largest value is at most `maxRatio` times the smallest over the range. */
export function nearlyConstant(s: Series, name: string, maxRatio: number, what: string): ClaimResult {
  const claim = `${name} ${what} is nearly constant over the range (largest at most ${pct(maxRatio)} above smallest)`;
  const ys = s.get(name) ?? [];
  if (ys.length < 2) return unchecked(claim, `${ys.length} point(s) of ${name} measured`);
  const r = spread(ys);
  const lo = ys.reduce((a, b) => (b.y < a.y ? b : a));
  const hi = ys.reduce((a, b) => (b.y > a.y ? b : a));
  return decided(claim, atMost(r, maxRatio), `${name} from ${e(lo)} to ${e(hi)} (x${e(r)})`);
}

/** Each of `names` grows at least `factor`-fold from its first to its last measured point. */
export function growsAtLeast(s: Series, names: string[], factor: number, what: string): ClaimResult {
  const claim = `${names.join(' and ')} degrade as the x value grows (${what} grows at least x${factor})`;
  const short = names.filter((n) => (s.get(n) ?? []).length < 2);
  if (short.length) return unchecked(claim, `fewer than 2 points of ${short.join(', ')}`);
  const parts = names.map((n) => {
    const p = s.get(n)!;
    const r = ratio(p[p.length - 1]!, p[0]!);
    return { d: atLeast(r, factor), text: `${n} x${e(r)}` };
  });
  return decided(claim, all(parts.map((p) => p.d)), parts.map((p) => p.text).join(', '));
}

/**
 * Strict order at every x where all are measured: order[0] < order[1] < ... . With `claimText`
 * the claim is worded as the paper words it.
 */
export function orderedAtEveryPoint(
  s: Series,
  order: string[],
  what: string,
  claimText?: string,
): ClaimResult {
  const claim = claimText ?? `${what}: ${order.join(' < ')} at every point`;
  const gone = missing(s, order);
  if (gone.length) return unchecked(claim, `no data for ${gone.join(', ')}`);
  const xs = commonXs(s, order);
  if (xs.length === 0) return unchecked(claim, `no point where ${order.join(', ')} were all measured`);
  const parts: Part[] = [];
  const rows: string[] = [];
  for (const x of xs) {
    const ys = order.map((n) => at(s, n, x)!);
    rows.push(`${x}: ${ys.map(e).join(' / ')}`);
    for (let i = 0; i + 1 < ys.length; i++)
      parts.push({
        d: less(ys[i]!, ys[i + 1]!),
        text: `at ${x}: ${order[i]} ${e(ys[i]!)} vs ${order[i + 1]} ${e(ys[i + 1]!)}`,
      });
  }
  return fromParts(claim, parts, `${order.join(' / ')}: ${rows.join(', ')}`);
}

/** `a` is at most `b` times (1 + tol) at every common x: "as good as" (one-sided). */
export function noWorseThan(s: Series, a: string, b: string, tol: number, what: string): ClaimResult {
  const claim = `${a} performs as well as ${b} (${what} at most ${(tol * 100).toFixed(0)}% above it at every point)`;
  const xs = commonXs(s, [a, b]);
  if (xs.length === 0) return unchecked(claim, `no point where ${a} and ${b} were both measured`);
  const parts = xs.map((x) => {
    const r = ratio(at(s, a, x)!, at(s, b, x)!);
    return { d: atMost(r, 1 + tol), text: `${x}: ${e(r)}` };
  });
  return decided(claim, all(parts.map((p) => p.d)), `ratios ${parts.map((p) => p.text).join(', ')}`);
}

/**
 * Each of `names` is lower in `s` than in `before` at every x measured in both: a change of set-up
 * (e.g. all-port instead of one-port) improved them.
 */
export function improvedOver(
  before: Series | undefined,
  s: Series,
  names: string[],
  what: string,
  change: string,
): ClaimResult {
  const claim = `${change} improves ${names.join(' and ')} (${what} lower at every point)`;
  if (!before) return unchecked(claim, 'the figure to compare with was not run into the same results folder');
  const parts: Part[] = [];
  for (const n of names)
    for (const p of s.get(n) ?? []) {
      const q = at(before, n, p.x);
      if (q === undefined) continue;
      parts.push({ d: less(p, q), text: `${n}@${p.x}: ${e(q)} -> ${e(p)}` });
    }
  if (parts.length === 0) return unchecked(claim, 'no point measured in both figures');
  return fromParts(claim, parts, parts.map((p) => p.text).join(', '));
}

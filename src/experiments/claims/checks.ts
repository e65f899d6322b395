import { type ClaimResult, fmt, judged, unchecked } from './claim.js';
import { at, commonXs, missing, type Series } from './series.js';

const pct = (r: number) => `${((r - 1) * 100).toFixed(0)}%`;

/** `best` has the lowest value at every x where it and another scheme were both measured. */
export function lowestAtEveryPoint(s: Series, best: string, among: string[], what: string): ClaimResult {
  const others = among.filter((a) => a !== best);
  const claim = `${best} has the lowest ${what} at every point (against ${others.join(', ')})`;
  const losses: string[] = [];
  let compared = 0;
  for (const p of s.get(best) ?? [])
    for (const o of others) {
      const q = at(s, o, p.x);
      if (q === undefined) continue;
      compared++;
      if (q < p.y) losses.push(`at ${p.x}: ${o} ${fmt(q)} < ${best} ${fmt(p.y)}`);
    }
  if (compared === 0) return unchecked(claim, `no point with ${best} and another scheme measured`);
  const range = (s.get(best) ?? []).map((p) => `${p.x}: ${fmt(p.y)}`).join(', ');
  return judged(claim, losses.length === 0, losses.length ? losses.join('; ') : `${best} ${range}`);
}

/** "Nearly constant": the largest value is at most `maxRatio` times the smallest over the range. */
export function nearlyConstant(s: Series, name: string, maxRatio: number, what: string): ClaimResult {
  const claim = `${name} ${what} is nearly constant over the range (largest at most ${pct(maxRatio)} above smallest)`;
  const ys = (s.get(name) ?? []).map((p) => p.y);
  if (ys.length < 2) return unchecked(claim, `${ys.length} point(s) of ${name} measured`);
  const r = Math.max(...ys) / Math.min(...ys);
  return judged(
    claim,
    r <= maxRatio,
    `${name} from ${fmt(Math.min(...ys))} to ${fmt(Math.max(...ys))} (x${r.toFixed(2)})`,
  );
}

/** Each of `names` grows at least `factor`-fold from its first to its last measured point. */
export function growsAtLeast(s: Series, names: string[], factor: number, what: string): ClaimResult {
  const claim = `${names.join(' and ')} degrade as the x value grows (${what} grows at least x${factor})`;
  const short = names.filter((n) => (s.get(n) ?? []).length < 2);
  if (short.length) return unchecked(claim, `fewer than 2 points of ${short.join(', ')}`);
  const g = names.map((n) => {
    const p = s.get(n)!;
    return [n, p[p.length - 1]!.y / p[0]!.y] as const;
  });
  return judged(
    claim,
    g.every(([, x]) => x >= factor),
    g.map(([n, x]) => `${n} x${x.toFixed(2)}`).join(', '),
  );
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
  const bad: string[] = [];
  const rows: string[] = [];
  for (const x of xs) {
    const ys = order.map((n) => at(s, n, x)!);
    rows.push(`${x}: ${ys.map(fmt).join(' / ')}`);
    for (let i = 0; i + 1 < ys.length; i++)
      if (!(ys[i]! < ys[i + 1]!))
        bad.push(`at ${x}: ${order[i]} ${fmt(ys[i]!)} >= ${order[i + 1]} ${fmt(ys[i + 1]!)}`);
  }
  return judged(
    claim,
    bad.length === 0,
    bad.length ? bad.join('; ') : `${order.join(' / ')}: ${rows.join(', ')}`,
  );
}

/** `a` is at most `b` times (1 + tol) at every common x: "as good as" (one-sided). */
export function noWorseThan(s: Series, a: string, b: string, tol: number, what: string): ClaimResult {
  const claim = `${a} performs as well as ${b} (${what} at most ${(tol * 100).toFixed(0)}% above it at every point)`;
  const xs = commonXs(s, [a, b]);
  if (xs.length === 0) return unchecked(claim, `no point where ${a} and ${b} were both measured`);
  const off: string[] = [];
  const ratios: string[] = [];
  for (const x of xs) {
    const r = at(s, a, x)! / at(s, b, x)!;
    ratios.push(`${x}: ${r.toFixed(2)}`);
    if (r > 1 + tol) off.push(`at ${x}: ${fmt(at(s, a, x)!)} vs ${fmt(at(s, b, x)!)}`);
  }
  return judged(claim, off.length === 0, off.length ? off.join('; ') : `ratios ${ratios.join(', ')}`);
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
  const worse: string[] = [];
  const rows: string[] = [];
  let compared = 0;
  for (const n of names)
    for (const p of s.get(n) ?? []) {
      const q = at(before, n, p.x);
      if (q === undefined) continue;
      compared++;
      rows.push(`${n}@${p.x}: ${fmt(q)} -> ${fmt(p.y)}`);
      if (!(p.y < q)) worse.push(`${n} at ${p.x}: ${fmt(p.y)} vs ${fmt(q)} before`);
    }
  if (compared === 0) return unchecked(claim, 'no point measured in both figures');
  return judged(claim, worse.length === 0, worse.length ? worse.join('; ') : rows.join(', '));
}

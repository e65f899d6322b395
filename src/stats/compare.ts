/**
 * Deciding a claim beyond noise (docs/reproduction.md opens with the rule). An estimate is a mean
 * with the half-width of its 95% interval (null: unknown, as wide as can be). A claim about a
 * difference holds when the difference it asserts exceeds the combined half-width of the two
 * estimates, fails only when the opposite difference does, and is a tie (within noise) otherwise.
 * Two estimates' half-widths combine as sqrt(h_a^2 + h_b^2), the interval of a difference of
 * independent estimates; schemes compared on the same seeds share their random draws, which makes
 * their difference less noisy than that, so the combined interval is on the safe side.
 *
 * Resolution (docs/reproduction.md opens with it). A claim compares what a paper's figure shows, and a figure cannot
 * show a difference of 1% of the values compared: that is below a plotted line's width. So a
 * difference between two values smaller than RESOLUTION (1%) of the larger magnitude (the band)
 * decides nothing, in either direction, however tight the intervals: the two values count as
 * equal. A strict claim (a < b) is then a tie. A non-strict claim (a <= b) accepts equal values:
 * it holds unless the opposite difference could reach the band (d - h > -band: every exact
 * difference under the band holds it), and fails only when the opposite difference is at least the
 * band and beyond noise. The rule was fixed before looking at any verdict; deterministic runs
 * (h = 0) are where it matters most, since there a last-digit difference would otherwise decide
 * both ways. Shares (a gain or a gap as a fraction of a value, e.g. 0.12 for 12%) are fractions of
 * a whole whose magnitude is 1 (`SHARE`): two shares tie when they differ by less than one
 * percentage point. The rule applies to comparisons of two values (`less`, `greater`, `exceeds`);
 * bounds against a constant the paper states (`atMost`, `atLeast`, `within`, `below`, `above`)
 * keep the intervals alone, since there the constant, not a plotted difference, is the claim.
 *
 * Exact counts are not exempt: a number of channels or steps computed exactly by a planner is
 * plotted like any other value, and a gap under 1% between two such counts is no more visible in
 * the paper's figure than a gap between two measured latencies (nor robust to the tie-breaks and
 * directions our reconstructions of the papers choose). Counts of at most 100 that differ by one
 * differ by at least 1%, so steps and hops keep every difference; a count the paper states as a
 * number is judged against that number (reproduction/claims/claim.ts `judged`), not compared here.
 */
export interface Estimate {
  y: number;
  /** Half-width of the 95% interval; 0 for an exact value, null when unknown. */
  h: number | null;
}

export type Decision = 'holds' | 'tie' | 'fails';

/** An exact value (no sampling error). */
export const exact = (y: number): Estimate => ({ y, h: 0 });

const hw = (e: Estimate) => (e.h === null ? Number.POSITIVE_INFINITY : e.h);

/** The share of the larger magnitude below which two values count as equal (see above). */
export const RESOLUTION = 0.01;

/** The magnitude of a share (a fraction of a value): the whole, 1. */
export const SHARE = 1;

/** The band |d| < band(a, b) within which a difference between a and b decides nothing. */
export function band(a: number, b: number): number {
  return RESOLUTION * Math.max(Math.abs(a), Math.abs(b));
}

/** Combined half-width of a - b. */
export function combined(a: Estimate, b: Estimate): number {
  const x = hw(a);
  const y = hw(b);
  return Number.isFinite(x) && Number.isFinite(y) ? Math.sqrt(x * x + y * y) : Number.POSITIVE_INFINITY;
}

/**
 * The claim "d > 0" for a difference d with half-width h: holds when d > h, fails when d < -h, a
 * tie otherwise. An exact zero difference (h = 0) is a tie under a strict claim and holds under a
 * non-strict one ("at most", "no worse than"). With a resolution band tol > 0 (see above): a strict
 * claim is a tie when |d| < tol; a non-strict one holds when d - h > -tol, and fails only when
 * d <= -tol as well as d < -h. tol = 0 (the default) leaves the intervals alone, as for bounds.
 */
export function positive(d: number, h: number, strict = true, tol = 0): Decision {
  if (strict && Math.abs(d) < tol) return 'tie';
  if (!strict && tol > 0 && d - h > -tol) return 'holds';
  if (d > h) return 'holds';
  if (d < -h && d <= -tol) return 'fails';
  if (h === 0 && d === 0 && !strict) return 'holds';
  return 'tie';
}

/** The claim a < b (or a <= b with strict = false), within the resolution band of a and b. */
export function less(a: Estimate, b: Estimate, strict = true): Decision {
  return positive(b.y - a.y, combined(a, b), strict, band(a.y, b.y));
}

/** The claim a > b (or a >= b with strict = false), within the resolution band of a and b. */
export function greater(a: Estimate, b: Estimate, strict = true): Decision {
  return positive(a.y - b.y, combined(a, b), strict, band(a.y, b.y));
}

/**
 * The claim "d > 0" (or d >= 0) for a difference d = a - b already estimated with its own interval
 * (e.g. paired over seeds), where `scale` is the larger magnitude of a and b (`SHARE` for shares):
 * the resolution band applies as in `less` and `greater`.
 */
export function exceeds(d: Estimate, scale: number, strict = true): Decision {
  return positive(d.y, hw(d), strict, RESOLUTION * Math.abs(scale));
}

/** The claim a <= c for an exact bound c. */
export function atMost(a: Estimate, c: number): Decision {
  return positive(c - a.y, hw(a), false);
}

/** The claim a >= c for an exact bound c. */
export function atLeast(a: Estimate, c: number): Decision {
  return positive(a.y - c, hw(a), false);
}

/** The claim a < c for an exact bound c (strict: an exact a = c is a tie). */
export function below(a: Estimate, c: number): Decision {
  return positive(c - a.y, hw(a));
}

/** The claim a > c for an exact bound c (strict: an exact a = c is a tie). */
export function above(a: Estimate, c: number): Decision {
  return positive(a.y - c, hw(a));
}

/**
 * The claim lo <= a <= hi: holds when the whole interval lies inside, fails when it lies wholly
 * outside, a tie when it straddles a bound.
 */
export function within(a: Estimate, lo: number, hi: number): Decision {
  return all([atLeast(a, lo), atMost(a, hi)]);
}

/** a / b with the half-width of the ratio by the delta method (independent estimates). */
export function ratio(a: Estimate, b: Estimate): Estimate {
  const y = a.y / b.y;
  if (a.h === null || b.h === null || b.y === 0) return { y, h: null };
  const rel = Math.sqrt((a.h / a.y) ** 2 + (b.h / b.y) ** 2);
  return { y, h: Number.isFinite(rel) ? Math.abs(y) * rel : null };
}

/** a - b with the combined half-width. */
export function difference(a: Estimate, b: Estimate): Estimate {
  const h = combined(a, b);
  return { y: a.y - b.y, h: Number.isFinite(h) ? h : null };
}

/** Every part must hold: fails if any fails, holds if all hold, a tie otherwise. */
export function all(ds: readonly Decision[]): Decision {
  if (ds.includes('fails')) return 'fails';
  return ds.every((d) => d === 'holds') ? 'holds' : 'tie';
}

/** Some part must hold: holds if any holds, fails if all fail, a tie otherwise. */
export function any(ds: readonly Decision[]): Decision {
  if (ds.includes('holds')) return 'holds';
  return ds.length > 0 && ds.every((d) => d === 'fails') ? 'fails' : 'tie';
}

/** The opposite claim. */
export function not(d: Decision): Decision {
  return d === 'holds' ? 'fails' : d === 'fails' ? 'holds' : 'tie';
}

/** "239 +- 2.1": a mean with its half-width, as tables and verdicts print it. */
export function fmtEstimate(e: Estimate): string {
  const v = fmtNum(e.y);
  if (e.h === 0) return v;
  return e.h === null ? `${v} (no interval)` : `${v} ± ${fmtHalf(e.h)}`;
}

/** Numbers as the summaries print them: whole from 100, two decimals from 1, three significant digits below. */
export function fmtNum(v: number): string {
  if (Math.abs(v) >= 100) return v.toFixed(0);
  if (Math.abs(v) >= 1) return v.toFixed(2);
  return String(Number(v.toPrecision(3)));
}

/** A half-width to two significant digits. */
export function fmtHalf(h: number): string {
  return h === 0 ? '0' : String(Number(h.toPrecision(2)));
}

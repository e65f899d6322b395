import { all, combined, type Decision, type Estimate } from '../../../src/stats/compare.js';
import { type Bracket, satGreater } from '../../../src/sweep/saturation.js';
import { detailOf, type Part } from '../checks.js';
import { type ClaimResult, decided, unchecked } from '../claim.js';
import { showBracket } from './data.js';

/**
 * How 002's claims are decided beyond noise (stats/compare.ts, saturation.ts), beside the shared
 * decisions: a claim's check returns its decision and the numbers behind it, or undefined when its
 * data are missing (unchecked).
 *
 * Saturation is a bracket on the load grid, (last stable, first unstable]: one saturation load is
 * beyond another only when the first is stable at a load where the other is already unstable
 * (satGreater); overlapping brackets tie. The grid resolves no difference smaller than a step, so a
 * claim that saturation is "at least" another's is decided like "greater": equal brackets are a tie
 * either way, never an equality shown.
 */

/** A check's outcome: the decision and its detail line; undefined when the data are missing. */
export type Check = { d: Decision; detail: string } | undefined;

/** A claim from a check; `paper` quotes the paper beside a check more specific than its words. */
export function claim(text: string, check: () => Check, paper?: string): ClaimResult {
  const r = check();
  if (r === undefined) return unchecked(text, 'no data for it');
  const c = decided(text, r.d, r.detail);
  return paper === undefined ? c : { ...c, paper };
}

/** An exact quantity (plans, topology: no sampling error) holds or fails, never ties. */
export function exactly(ok: boolean, detail: string): Check {
  return { d: ok ? 'holds' : 'fails', detail };
}

/**
 * A claim made of many comparisons that the paper states as a trend or we read as "at most" (no
 * worse anywhere, better somewhere): fails when any comparison goes the opposite way beyond noise,
 * holds when none does and at least one shows the claimed difference beyond noise, a tie otherwise.
 * Claims the paper states at every point use `all` (stats/compare.ts) instead.
 */
export function overall(ds: readonly Decision[]): Decision {
  if (ds.includes('fails')) return 'fails';
  return ds.includes('holds') ? 'holds' : 'tie';
}

/** A check from parts combined by `how` (all by default); the detail lists fails and ties first. */
export function ofParts(parts: readonly Part[], summary: string, how = all): Check {
  if (parts.length === 0) return undefined;
  return { d: how(parts.map((p) => p.d)), detail: detailOf(parts, summary) };
}

/** One series' saturation bracket, named for the detail line. */
export interface Named {
  name: string;
  b: Bracket;
}

/**
 * Saturation moves one way as m grows (`up`: later, `down`: earlier), m ascending in `bs`. Fails
 * when a step between consecutive m goes the other way beyond the grid (the later m's bracket wholly
 * past the earlier one's, satGreater); holds when no step does and the largest m's saturation is
 * beyond the smallest m's in the claimed direction; a tie otherwise (the grid does not resolve the
 * trend). Equal brackets at consecutive m are no step either way.
 */
export function satTrend(bs: readonly Named[], dir: 'up' | 'down'): Part {
  const text = bs.map((x) => showBracket(x.name, x.b)).join(', ');
  if (bs.length < 2) return { d: 'tie', text: `${text} (fewer than 2 values of m)` };
  const later = (a: Bracket, b: Bracket) => (dir === 'up' ? satGreater(b, a) : satGreater(a, b));
  const against = bs.slice(1).filter((x, i) => later(x.b, bs[i]!.b) === 'holds');
  if (against.length)
    return { d: 'fails', text: `${text}; against the trend at ${against.map((x) => x.name).join(', ')}` };
  return { d: later(bs[0]!.b, bs[bs.length - 1]!.b), text };
}

/**
 * The claim a = b for two measured means (002 sec. 7.2's B_o = mB_i): fails when they differ beyond
 * the combined 95% intervals, holds when they agree within them; a tie when an interval is unknown.
 * Agreement within the intervals is what the data can show of an equality.
 */
export function agrees(a: Estimate, b: Estimate): Decision {
  const h = combined(a, b);
  if (!Number.isFinite(h)) return 'tie';
  return Math.abs(a.y - b.y) > h ? 'fails' : 'holds';
}

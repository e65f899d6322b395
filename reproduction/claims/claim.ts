import type { Decision } from '../../src/stats/compare.js';
import type { ClaimResult } from '../../src/sweep/claims.js';
import type { PointRecord } from '../../src/sweep/record.js';

/**
 * A paper's claims about a figure are checked like any claim a sweep's summary reports
 * (src/sweep/claims.ts: the verdicts holds, tie, fails and unchecked, and the numbers behind them);
 * `paper` quotes the paper's own words beside a check stricter or more specific than they are.
 */
export type { ClaimResult, Verdict } from '../../src/sweep/claims.js';

export interface ClaimContext {
  /** The figure's data points (completed runs only). */
  records: PointRecord[];
  /** Another figure's data points from the same results folder, for claims comparing figures. */
  sibling: (id: string) => PointRecord[] | undefined;
}

export type ClaimSet = (ctx: ClaimContext) => ClaimResult[];

/** A claim decided on the data: holds, tie or fails. */
export function decided(claim: string, verdict: Decision, detail: string): ClaimResult {
  return { claim, verdict, detail };
}

/**
 * A claim about exact quantities (plans, tables, counts: no sampling error): holds or fails. Use
 * `decided` for anything measured with noise.
 */
export function judged(claim: string, holds: boolean, detail: string): ClaimResult {
  return { claim, verdict: holds ? 'holds' : 'fails', detail };
}

export function unchecked(claim: string, why: string): ClaimResult {
  return { claim, verdict: 'unchecked', detail: why };
}

export { fmtEstimate as fmtE, fmtNum as fmt } from '../../src/stats/compare.js';

import type { Decision } from '../../stats/compare.js';
import type { PointRecord } from '../record.js';

/**
 * The verdict on one of a paper's claims, decided beyond noise (stats/compare.ts): `holds` when the
 * difference the claim asserts exceeds the combined 95% intervals, `tie` when it does not (within
 * noise, or within the resolution of a load grid), `fails` only when the opposite is beyond the
 * intervals; `unchecked` when the data needed to judge it are missing (failed points, a figure not
 * run). A claim evaluated on nothing never holds.
 */
export type Verdict = Decision | 'unchecked';

/** One of a paper's claims about a figure, checked on the data of a run. */
export interface ClaimResult {
  claim: string;
  verdict: Verdict;
  /** The numbers behind the verdict, with their intervals (or what was missing). */
  detail: string;
  /**
   * The paper's own words, quoted beside a check that is stricter or more specific than they are,
   * so a reader can weigh the verdict against what the paper says.
   */
  paper?: string;
}

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

export { fmtEstimate as fmtE, fmtNum as fmt } from '../../stats/compare.js';

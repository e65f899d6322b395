import type { PointRecord } from '../record.js';

/**
 * The verdict on one of a paper's claims: `holds` or `fails` on the data, or `unchecked` when
 * the data needed to judge it are missing (failed points, a figure not run). A claim evaluated
 * on nothing never holds.
 */
export type Verdict = 'holds' | 'fails' | 'unchecked';

/** One of a paper's claims about a figure, checked on the data of a run. */
export interface ClaimResult {
  claim: string;
  verdict: Verdict;
  /** The numbers behind the verdict (or what was missing). */
  detail: string;
}

export interface ClaimContext {
  /** The figure's data points (completed runs only). */
  records: PointRecord[];
  /** Another figure's data points from the same results folder, for claims comparing figures. */
  sibling: (id: string) => PointRecord[] | undefined;
}

export type ClaimSet = (ctx: ClaimContext) => ClaimResult[];

export function judged(claim: string, holds: boolean, detail: string): ClaimResult {
  return { claim, verdict: holds ? 'holds' : 'fails', detail };
}

export function unchecked(claim: string, why: string): ClaimResult {
  return { claim, verdict: 'unchecked', detail: why };
}

export const fmt = (v: number): string => (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2));

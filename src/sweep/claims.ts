import type { Decision } from '../stats/compare.js';
import type { PointRecord } from './record.js';
import type { Experiment } from './schema.js';

/**
 * The verdict on a claim about an experiment's data, decided beyond noise (stats/compare.ts):
 * `holds` when the difference the claim asserts exceeds the combined 95% intervals, `tie` when it
 * does not (within noise, or within the resolution of a load grid), `fails` only when the opposite
 * is beyond the intervals; `unchecked` when the data needed to judge it are missing (failed points,
 * a figure not run). A claim evaluated on nothing never holds.
 */
export type Verdict = Decision | 'unchecked';

/** One claim about an experiment's figure, checked on the data of a run. */
export interface ClaimResult {
  claim: string;
  verdict: Verdict;
  /** The numbers behind the verdict, with their intervals (or what was missing). */
  detail: string;
  /**
   * The source's own words, quoted beside a check that is stricter or more specific than they are,
   * so a reader can weigh the verdict against what the source says.
   */
  paper?: string;
}

/**
 * The claims a sweep's summary reports for an experiment, checked on its records and on those of
 * other experiments in the same results folder (`sibling`). The sweep knows no claim of its own:
 * its caller passes them in (the paper reproduction passes its claims, reproduction/claims/).
 */
export type ClaimsOf = (
  exp: Experiment,
  records: readonly PointRecord[],
  sibling: (id: string) => PointRecord[] | undefined,
) => ClaimResult[];

import assert from 'node:assert/strict';
import type { ClaimResult } from '../../../../reproduction/claims/index.js';
import { CLAIMS } from '../../../../reproduction/claims/index.js';
import type { PointRecord } from '../../../../src/sweep/record.js';

/** The claims of a 000 figure on synthetic records, with one sibling figure's records. */
export const claimsOf = (id: string, records: PointRecord[], sibling?: PointRecord[]): ClaimResult[] =>
  CLAIMS[id]!({ records, sibling: () => sibling });

/** The claim whose text starts with `start` (the test fails if there is none). */
export const find = (cs: ClaimResult[], start: string) => {
  const c = cs.find((x) => x.claim.startsWith(start));
  assert.ok(c, `no claim starting "${start}" in ${cs.map((x) => x.claim).join(' | ')}`);
  return c;
};

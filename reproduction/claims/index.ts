import type { ClaimsOf } from '../../src/sweep/claims.js';
import { dataPoints } from '../../src/sweep/record.js';
import { TPM_CLAIMS } from './000/fig10-11.js';
import { TORUS_CLAIMS } from './001/fig8-11.js';
import { SWITCH_DIAG_CLAIMS } from './002/diagnostics.js';
import { SWITCH_CLAIMS } from './002/fig15-17.js';
import { IB_CLAIMS } from './003/fig10-27.js';
import { CCC_CLAIMS } from './004/fig8-11.js';
import type { ClaimSet } from './claim.js';
import { MESH_SATURATION_CLAIMS } from './mesh-saturation.js';

export type { ClaimContext, ClaimResult, ClaimSet, Verdict } from './claim.js';

/** The claims each reproduced figure's paper makes, by experiment id. */
export const CLAIMS: Record<string, ClaimSet> = {
  ...TPM_CLAIMS,
  ...CCC_CLAIMS,
  ...TORUS_CLAIMS,
  ...SWITCH_CLAIMS,
  ...SWITCH_DIAG_CLAIMS,
  ...IB_CLAIMS,
  ...MESH_SATURATION_CLAIMS,
};

/**
 * The paper's claims about an experiment's figure, judged on completed points only (a sweep's
 * summary lists them: the CLI passes this to runSweep and summaryMarkdown).
 */
export const claimsOf: ClaimsOf = (exp, records, sibling) =>
  CLAIMS[exp.id]?.({
    records: dataPoints(records),
    sibling: (id) => {
      const r = sibling(id);
      return r && dataPoints(r);
    },
  }) ?? [];

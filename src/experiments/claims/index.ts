import { CCC_CLAIMS } from './ccc.js';
import type { ClaimSet } from './claim.js';
import { IB_CLAIMS } from './infiniband.js';
import { MESH_SATURATION_CLAIMS } from './mesh-saturation.js';
import { SWITCH_DIAG_CLAIMS } from './switch-diagnostics.js';
import { SWITCH_CLAIMS } from './switch-more.js';
import { TORUS_CLAIMS } from './torus.js';
import { TPM_CLAIMS } from './tpm.js';

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

import { IB_EAST, IB_NORTH, IB_SOUTH, IB_WEST } from '../topology/ibmesh.js';
import { McsimError } from '../util/errors.js';

/**
 * Virtual-lane policies of 003 sec. 3.2 and 4 (notes sec. 1.6):
 *  - `1vl`: every link uses VL0 (Fig. 8(a));
 *  - `shared`: a packet may take any of the k VLs on every output port, the lowest free one
 *    ("NESW: VL0, VL1", Fig. 8(b), (d)); the host link too;
 *  - `dedicated`: each output port uses one VL, by the figure legends of sec. 4: with 2 VLs
 *    "NE: VL0; SW: VL1", with 4 "N:VL0; E:VL1; S:VL2; W:VL3" (sec. 4's prose says NE "can use
 *    virtual lane 1 only", contradicting its own label: notes sec. 1.6); the host link uses VL0.
 */
export type VlPolicy = '1vl' | 'shared' | 'dedicated';
export const VL_POLICIES: readonly VlPolicy[] = ['1vl', 'shared', 'dedicated'];

/** The one VL a dedicated output port uses, with k = 2 or 4 data VLs (k = 1: VL0). */
export function dedicatedVl(port: number, k: number): number {
  if (k === 2) return port === IB_NORTH || port === IB_EAST ? 0 : 1;
  if (k === 4)
    return port === IB_NORTH ? 0 : port === IB_EAST ? 1 : port === IB_SOUTH ? 2 : port === IB_WEST ? 3 : 0;
  return 0;
}

/** The VLs (bit mask) a packet may take leaving on `port` under a policy with k VLs. */
export function vlMask(policy: VlPolicy, port: number, k: number): number {
  if (policy === 'dedicated') return 1 << dedicatedVl(port, k);
  if (policy === 'shared') return (1 << k) - 1;
  return 1;
}

/** Checks a (policy, VL count) pair: 1vl has 1 VL, shared and dedicated 2 or 4 (003 sec. 4). */
export function checkVls(policy: VlPolicy, k: number, field = 'workload.vls'): void {
  if (policy === '1vl' ? k !== 1 : k !== 2 && k !== 4)
    throw new McsimError(
      policy === '1vl'
        ? `the 1vl policy has 1 virtual lane, got ${k}`
        : `${policy} virtual lanes need 2 or 4 lanes (003 sec. 4), got ${k}`,
      field,
    );
}

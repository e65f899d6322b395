import { dedicatedVl } from '../routing/ib-xy.js';
import { McsimError } from '../util/errors.js';

/**
 * Virtual-lane policies of 003 sec. 3.2 and 4 (docs/algorithms/ib-mcast.md, "VL policies"):
 *  - `1vl`: every link uses VL0 (Fig. 8(a));
 *  - `shared`: a packet may take any of the k VLs on every output port, the lowest free one
 *    ("NESW: VL0, VL1", Fig. 8(b), (d)); the host link too;
 *  - `dedicated`: each output port uses one VL, by the figure legends of sec. 4: with 2 VLs
 *    "NE: VL0; SW: VL1", with 4 "N:VL0; E:VL1; S:VL2; W:VL3" (sec. 4's prose says NE "can use
 *    virtual lane 1 only", contradicting its own label); the host link uses VL0 (ours);
 *  - `shared-sl`: the IB-realizable form of `shared` (ours). A real switch cannot
 *    pick a VL by availability: the VL is SL2VL[in][out][SL], here sl mod k on every port, and a
 *    packet's SL is (source LID + j) mod k, j its sequence number at its host (0 for the one
 *    multicast packet). So a packet keeps one VL from its host link to its last hop.
 */
export type VlPolicy = '1vl' | 'shared' | 'dedicated' | 'shared-sl';
export const VL_POLICIES: readonly VlPolicy[] = ['1vl', 'shared', 'dedicated', 'shared-sl'];

/**
 * The SL of packet j of a host with LID `lid` under `shared-sl`: (lid + j) mod k.
 * SL2VL is sl mod k everywhere, so this is also the packet's VL on every link.
 */
export function slOf(lid: number, j: number, k: number): number {
  return (lid + j) % k;
}

/** The VLs (bit mask) a packet may take leaving on `port` under a policy with k VLs. */
export function vlMask(policy: VlPolicy, port: number, k: number): number {
  if (policy === 'dedicated') return 1 << dedicatedVl(port, k);
  if (policy === 'shared' || policy === 'shared-sl') return (1 << k) - 1;
  return 1;
}

/**
 * The VLs (bit mask) of a packet on `port`: its one VL when it has an SL (`shared-sl`), else the
 * policy's mask. Under `shared-sl` the mask of `vlMask` is only the network's (every VL exists).
 */
export function packetVlMask(policy: VlPolicy, port: number, k: number, sl: number | undefined): number {
  return sl === undefined ? vlMask(policy, port, k) : 1 << sl;
}

/** Checks a (policy, VL count) pair: 1vl has 1 VL, the others 2 or 4 (003 sec. 4). */
export function checkVls(policy: VlPolicy, k: number, field = 'workload.vls'): void {
  if (policy === '1vl' ? k !== 1 : k !== 2 && k !== 4)
    throw new McsimError(
      policy === '1vl'
        ? `the 1vl policy has 1 virtual lane, got ${k}`
        : `${policy} virtual lanes need 2 or 4 lanes (003 sec. 4), got ${k}`,
      field,
    );
}

import { buildNetwork, type Network } from '../engine/network.js';
import { ibXyRouting } from '../routing/ib-xy.js';
import type { IbaMesh } from '../topology/ibmesh.js';
import { checkVls, type VlPolicy } from './vl.js';

/** What fixes an IB fabric's resources: VL policy, data VLs and the packet length (flits). */
export interface FabricSpec {
  policy: VlPolicy;
  vls: number;
  /** Packet length in flits: every VL buffer holds one whole packet (notes sec. 1.7, `packet` mode). */
  length: number;
}

/**
 * The engine network of an IbaMesh under a VL policy (notes sec. 1.6-1.8): k VLs per link, each
 * with a buffer of one packet; XY forwarding with every VL allowed (`shared`) or the port's own
 * (`dedicated`); the host link has k VLs under `shared` and VL0 otherwise; one ejection channel.
 * Both the flit-level engine and the packet-level path run on it, so they number buffers alike.
 */
export function ibNetwork(t: IbaMesh, f: FabricSpec): Network {
  checkVls(f.policy, f.vls);
  const rf = ibXyRouting.build(t, [f.vls], { vls: f.policy === 'dedicated' ? 'dedicated' : 'shared' });
  return buildNetwork(t, rf, {
    vcsPerClass: [f.vls],
    bufferDepth: f.length,
    injectionChannels: f.policy === 'shared' ? f.vls : 1,
    consumptionChannels: 1,
  });
}

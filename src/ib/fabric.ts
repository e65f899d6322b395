import { buildNetwork, type Network } from '../engine/network.js';
import { ibXyRouting } from '../routing/ib-xy.js';
import type { IbaMesh } from '../topology/ibmesh.js';
import { withSlots } from './slots.js';
import { checkVls, type VlPolicy } from './vl.js';

/** What fixes an IB fabric's resources: VL policy, data VLs and the packet length (flits). */
export interface FabricSpec {
  policy: VlPolicy;
  vls: number;
  /** Packet length in flits: every VL buffer holds one whole packet (`packet` mode). */
  length: number;
  /**
   * `credit` buffer mode: packets each VL FIFO holds; each VL is then this many one-packet VCs
   * (src/ib/credit.ts, slots.ts). Absent: `packet` mode, one packet per VL.
   */
  creditSlots?: number;
}

/**
 * The engine network of an IbaMesh under a VL policy (docs/algorithms/ib-mcast.md, "Virtual lanes
 * and VL buffers"): k VLs per link, each with a buffer of one packet; XY forwarding with every VL
 * allowed (`shared`) or the port's own (`dedicated`); the host link has k VLs under `shared` and
 * VL0 otherwise; one ejection channel. Both the flit-level engine and the packet-level path run on
 * it, so they number buffers alike. With `creditSlots` each VL buffer is that many one-packet
 * buffers, the flit engine's credit mode (the packet path keeps a VL's FIFO in one buffer,
 * credit-fifo.ts).
 */
export function ibNetwork(t: IbaMesh, f: FabricSpec): Network {
  checkVls(f.policy, f.vls);
  const rf = ibXyRouting.build(t, [f.vls], { vls: f.policy === 'dedicated' ? 'dedicated' : 'shared' });
  const sl = f.policy === 'shared-sl';
  const net = buildNetwork(t, rf, {
    vcsPerClass: [f.vls],
    bufferDepth: f.length,
    // shared-sl: the host link has k VLs too; each packet enters on its SL's.
    injectionChannels: f.policy === 'shared' || sl ? f.vls : 1,
    consumptionChannels: 1,
    // shared-sl: a packet follows `ib-xy-vl<v>`, XY on its one VL v (its worm's `routing`).
    ...(sl
      ? { routingByName: (name: string) => ibXyRouting.build(t, [f.vls], { vl: slRoutingVl(name) }) }
      : {}),
  });
  return withSlots(net, f.creditSlots ?? 1);
}

/** The routing a `shared-sl` packet on VL v follows in the flit engine. */
export function slRouting(v: number): string {
  return `ib-xy-vl${v}`;
}

function slRoutingVl(name: string): number {
  const m = /^ib-xy-vl(\d+)$/.exec(name);
  if (!m) throw new Error(`not a shared-sl routing: ${name}`);
  return Number(m[1]);
}

import { IB_EAST, IB_HOST, IB_NORTH, IB_SOUTH, IB_WEST, IbaMesh } from '../topology/ibmesh.js';
import { McsimError } from '../util/errors.js';
import type { RoutingDef } from './routing.js';
import { packRoute } from './routing.js';

/**
 * The linear forwarding table of an IbaMesh from XY routing (003 sec. 3.3.1): X first, then Y.
 * Toward a destination further east port 1, west 3, then north 2, south 4; at the destination's
 * own switch, the host port 5 (docs/algorithms/ib-mcast.md, "Linear forwarding table"). Every VL of
 * the port is allowed, or with
 * `routingOptions: { vls: dedicated }` the one VL the port is dedicated to (003 sec. 4: "NE: VL0;
 * SW: VL1" with 2 VLs, "N:VL0; E:VL1; S:VL2; W:VL3" with 4), or with `{ vl: v }` VL v on every
 * port: the route of a `shared-sl` packet whose SL maps to VL v (docs/algorithms/ib-mcast.md,
 * "VL policies").
 */
export const ibXyRouting: RoutingDef = {
  name: 'ib-xy',
  description: 'IbaMesh forwarding of 003 sec. 3.3.1: X then Y, ports E=1 N=2 W=3 S=4, host 5',
  topologies: ['ibmesh'],
  build(topo, vcsPerClass, options = {}) {
    if (!(topo instanceof IbaMesh)) throw new McsimError(`ib-xy routing needs an ibmesh, got ${topo.spec}`);
    const vls = options.vls ?? 'shared';
    if (vls !== 'shared' && vls !== 'dedicated')
      throw new McsimError(
        `ib-xy: vls must be shared or dedicated, got ${JSON.stringify(vls)}`,
        'network.routingOptions.vls',
      );
    const m = topo.m;
    const k = vcsPerClass[0]!;
    const dedicated = vls === 'dedicated';
    const one = options.vl;
    if (one !== undefined && !(Number.isInteger(one) && (one as number) >= 0 && (one as number) < k))
      throw new McsimError(
        `ib-xy: vl must be a VL below ${k}, got ${JSON.stringify(one)}`,
        'network.routingOptions.vl',
      );
    const mask = (p: number) =>
      one !== undefined ? 1 << (one as number) : dedicated ? 1 << dedicatedVl(p, k) : (1 << k) - 1;
    const E = mask(IB_EAST);
    const W = mask(IB_WEST);
    const Nm = mask(IB_NORTH);
    const S = mask(IB_SOUTH);
    return {
      name: 'ib-xy',
      route(s, dest) {
        const x = s % m;
        const xd = dest % m;
        if (xd > x) return packRoute(IB_EAST, E);
        if (xd < x) return packRoute(IB_WEST, W);
        const y = Math.floor(s / m);
        const yd = Math.floor(dest / m);
        if (yd > y) return packRoute(IB_NORTH, Nm);
        if (yd < y) return packRoute(IB_SOUTH, S);
        return packRoute(IB_HOST, 1);
      },
      vcName(_s, _port, vc) {
        return `vl${vc}`;
      },
    };
  },
};

/**
 * The one VL a dedicated output port uses, with k = 2 or 4 data VLs (k = 1: VL0), by the legends of
 * 003 sec. 4: "NE: VL0; SW: VL1" with 2, "N:VL0; E:VL1; S:VL2; W:VL3" with 4 (ib/vl.ts, `dedicated`).
 */
export function dedicatedVl(port: number, k: number): number {
  if (k === 2) return port === IB_NORTH || port === IB_EAST ? 0 : 1;
  if (k === 4)
    return port === IB_NORTH ? 0 : port === IB_EAST ? 1 : port === IB_SOUTH ? 2 : port === IB_WEST ? 3 : 0;
  return 0;
}

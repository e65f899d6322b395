import { IB_EAST, IB_HOST, IB_NORTH, IB_SOUTH, IB_WEST, IbaMesh } from '../topology/ibmesh.js';
import { McsimError } from '../util/errors.js';
import type { RoutingDef } from './routing.js';
import { packRoute } from './routing.js';

/**
 * The linear forwarding table of an IbaMesh from XY routing (003 sec. 3.3.1): X first, then Y.
 * Toward a destination further east port 1, west 3, then north 2, south 4; at the destination's
 * own switch, the host port 5 (003 notes sec. 1.3, case 5).
 */
export const ibXyRouting: RoutingDef = {
  name: 'ib-xy',
  description: 'IbaMesh forwarding of 003 sec. 3.3.1: X then Y, ports E=1 N=2 W=3 S=4, host 5',
  topologies: ['ibmesh'],
  build(topo, vcsPerClass) {
    if (!(topo instanceof IbaMesh)) throw new McsimError(`ib-xy routing needs an ibmesh, got ${topo.spec}`);
    const m = topo.m;
    const all = (1 << vcsPerClass[0]!) - 1;
    return {
      name: 'ib-xy',
      route(s, dest) {
        const x = s % m;
        const xd = dest % m;
        if (xd > x) return packRoute(IB_EAST, all);
        if (xd < x) return packRoute(IB_WEST, all);
        const y = Math.floor(s / m);
        const yd = Math.floor(dest / m);
        if (yd > y) return packRoute(IB_NORTH, all);
        if (yd < y) return packRoute(IB_SOUTH, all);
        return packRoute(IB_HOST, 1);
      },
      vcName(_s, _port, vc) {
        return `vl${vc}`;
      },
    };
  },
};

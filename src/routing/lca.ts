import { FatTree, UP } from '../topology/fattree.js';
import { McsimError } from '../util/errors.js';
import type { RoutingDef } from './routing.js';
import { packRoute } from './routing.js';

/**
 * LCA turnaround routing on a 4-ary n-tree (002 sec. 3.3): up to the level of the least common
 * ancestor of the switch and the destination, then deterministically down. A worm at switch S(l, j)
 * whose subtree holds the destination d takes down port floor(d / 4^(l-1)) mod 4; otherwise it goes
 * up. Choosing among the 4 up ports: the destination's digit at the current level, up port
 * 4 + floor(d / 4^(l-1)) mod 4 (destination-mod-k), so traffic to different destinations spreads
 * over all parents and a route is a pure function of (switch, destination), as routing functions
 * here are. Every route is a run of up channels then a run of down channels, so the channel
 * dependency graph is acyclic with any number of VCs (002 notes sec. 1.3).
 */
export const lcaRouting: RoutingDef = {
  name: 'lca',
  description:
    'fat-tree turnaround: up to the least common ancestor (up port by destination digit), then down',
  topologies: ['fattree'],
  build(topo, vcsPerClass) {
    if (!(topo instanceof FatTree)) throw new McsimError(`lca routing needs a fat tree, got ${topo.spec}`);
    const t = topo;
    const pow = Array.from({ length: t.levels + 1 }, (_, i) => 4 ** i);
    const allDown = (1 << vcsPerClass[0]!) - 1;
    const allUp = (1 << vcsPerClass[1]!) - 1;
    return {
      name: 'lca',
      route(g, dest) {
        const l = t.level(g);
        const base = t.subtreeBase(g);
        const digit = Math.floor(dest / pow[l - 1]!) % 4;
        if (dest >= base && dest < base + pow[l]!) return packRoute(digit, allDown);
        return packRoute(UP + digit, allUp);
      },
      vcName(_g, _port, vc) {
        return `vc${vc}`;
      },
    };
  },
};

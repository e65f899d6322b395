import { FatTree, UP } from '../topology/fattree.js';
import type { Topology } from '../topology/topology.js';
import { McsimError } from '../util/errors.js';
import { intPow } from '../util/int-pow.js';
import type { RoutingDef, RoutingFunction } from './routing.js';
import { packRoute } from './routing.js';

/**
 * LCA turnaround routing on a 4-ary n-tree (002 sec. 3.3): adaptively up to the level of the least
 * common ancestor of the switch and the destination, then deterministically down. A worm at switch
 * S(l, j) whose subtree holds the destination d takes down port floor(d / 4^(l-1)) mod 4; otherwise
 * it goes up, and any of the 4 up ports will do ("multidestination worms travel adaptively up to
 * the LCA stage", 002 sec. 3.3): `alternatives` offers them all and the engine picks one when the
 * header asks for an output (engine/adaptive.ts: the first idle up port in cyclic order from the
 * switch's pointer, else the least backlog; our reading, docs/switched-networks.md, "Routing").
 * `route` names the destination's digit, up port 4 + floor(d / 4^(l-1)) mod 4, as the
 * representative path that static tracing shows. Every route is a run of up channels then a run of
 * down channels, so the channel dependency graph is acyclic with any number of VCs.
 */
export const lcaRouting: RoutingDef = {
  name: 'lca',
  description:
    'fat-tree turnaround: adaptively up to the least common ancestor (any up port), then deterministically down',
  topologies: ['fattree'],
  build: (topo, vcsPerClass) => buildLca(topo, vcsPerClass, true),
};

/**
 * The same turnaround with the up port fixed by the destination's digit (destination-mod-k): an
 * oblivious baseline, and what a forwarding table can hold (one port per switch and destination).
 */
export const lcaDigitRouting: RoutingDef = {
  name: 'lca-digit',
  description: 'fat-tree turnaround, up port fixed by the destination digit (oblivious), then down',
  topologies: ['fattree'],
  build: (topo, vcsPerClass) => buildLca(topo, vcsPerClass, false),
};

function buildLca(topo: Topology, vcsPerClass: readonly number[], adaptive: boolean): RoutingFunction {
  if (!(topo instanceof FatTree)) throw new McsimError(`lca routing needs a fat tree, got ${topo.spec}`);
  const t = topo;
  const pow = Array.from({ length: t.levels + 1 }, (_, i) => intPow(4, i));
  const allDown = (1 << vcsPerClass[0]!) - 1;
  const allUp = (1 << vcsPerClass[1]!) - 1;
  const below = (g: number, dest: number) => {
    const base = t.subtreeBase(g);
    return dest >= base && dest < base + pow[t.level(g)]!;
  };
  const rf: RoutingFunction = {
    name: adaptive ? 'lca' : 'lca-digit',
    route(g, dest) {
      const digit = Math.floor(dest / pow[t.level(g) - 1]!) % 4;
      return below(g, dest) ? packRoute(digit, allDown) : packRoute(UP + digit, allUp);
    },
    vcName(_g, _port, vc) {
      return `vc${vc}`;
    },
  };
  // Down (the destination is below) is deterministic; up, all four parents will do.
  if (adaptive) rf.alternatives = (g, dest) => (below(g, dest) ? 0 : 0b1111 << UP);
  return rf;
}

import type { StopSpec, WormSpec } from '../plan/worm.js';
import { type FatTree, K, UP } from '../topology/fattree.js';
import type { Topology } from '../topology/topology.js';
import { intPow } from '../util/int-pow.js';
import { bitSet, bitString, headerFlits, reachability } from './bitstring-header.js';
import type { MulticastPlan, PlannerDef } from './plan.js';

/**
 * Bit-string encoded multidestination worms on a fat tree (002 sec. 3.2-3.3): one worm, one
 * start-up, an N-bit header naming every destination and a count set to the LCA level of the source
 * and the set. The worm travels adaptively up (no replication, no delivery) until the count reaches
 * 0 at a switch of the LCA level, then goes down, replicated at every switch to each down port whose
 * reachability string meets the header; every branch carries the same header (002 sec. 5.1).
 *
 * For the engine the plan is a tree worm whose replication points are stops at switch levels
 * (StopSpec.level): at a switch with k_s >= 2 ports the worm forks into one branch per port; a
 * switch with one port is passed without a stop; at a leaf each destination is an ABS stop.
 */

/** One hop of the up phase. */
export interface UpHop {
  switch: string;
  inPort: number;
  outPort: number;
}

/** One switch of the down phase: where the worm came in and the ports it is replicated to. */
export interface DownSwitch {
  switch: string;
  level: number;
  inPort: number;
  outPorts: number[];
  /** Leaf switches: the processors on those ports. */
  delivers?: number[];
}

export interface BitstringTree {
  /** The N-bit header, character i = processor i. */
  header: string;
  /** Header length in 2-byte flits (002 sec. 7.1). */
  headerFlits: number;
  /** LCA level of the source and the set; the count field starts here (002 sec. 3.3). */
  lca: number;
  count: number;
  up: UpHop[];
  down: DownSwitch[];
  /** Extra copies sum(k_s - 1) made at each level, index 0 = level 1; their total is m - 1. */
  extraCopies: number[];
  /** Switch-to-switch channels the whole worm crosses. */
  channels: number;
}

/**
 * The path and replication tree of a bit-string worm, with the up ports of the zero-load policy
 * (the first idle up port from pointer 0: port 4 everywhere, docs/switched-networks.md, "Routing").
 * Pure.
 */
export function bitstringTree(topo: Topology, source: number, dests: readonly number[]): BitstringTree {
  const reach = reachability(topo);
  const t = reach.topo;
  const header = bitSet(t.numNodes, dests);
  const lca = Math.max(...dests.map((d) => t.lcaLevel(source, d)));
  const up: UpHop[] = [];
  let g = t.nodeSwitch(source);
  let inPort = t.nodePort(source);
  for (let l = 1; l < lca; l++) {
    const next = t.neighbor(g, UP);
    up.push({ switch: t.formatSwitch(g), inPort, outPort: UP });
    inPort = downPortTo(t, next, g);
    g = next;
  }
  const down: DownSwitch[] = [];
  const extraCopies = new Array<number>(t.levels).fill(0);
  let channels = up.length;
  const visit = (sw: number, inP: number) => {
    const level = t.level(sw);
    const outPorts = reach.downPorts(sw, header);
    extraCopies[level - 1]! += outPorts.length - 1;
    const entry: DownSwitch = { switch: t.formatSwitch(sw), level, inPort: inP, outPorts };
    down.push(entry);
    if (level === 1) {
      entry.delivers = outPorts.map((c) => t.subtreeBase(sw) + c);
      return;
    }
    for (const c of outPorts) {
      const child = t.neighbor(sw, c);
      channels++;
      visit(child, upPortTo(t, child, sw));
    }
  };
  visit(g, inPort);
  return {
    header: bitString(t.numNodes, dests),
    headerFlits: headerFlits(t.numNodes),
    lca,
    count: lca,
    up,
    down,
    extraCopies,
    channels,
  };
}

/** The down port of `upper` that leads to `lower` (where a worm going up enters `upper`). */
function downPortTo(t: FatTree, upper: number, lower: number): number {
  for (let p = 0; p < UP; p++) if (t.neighbor(upper, p) === lower) return p;
  return -1;
}

/** The up port of `lower` that leads to `upper` (where a worm going down enters `lower`). */
function upPortTo(t: FatTree, lower: number, upper: number): number {
  for (let p = UP; p < 2 * K; p++) if (t.neighbor(lower, p) === upper) return p;
  return -1;
}

/**
 * The stops of a branch that has reached a switch of level `level` above destinations
 * set[lo..hi) (ascending, all under that switch): a fork (FWD stop at that level, named after
 * `rep`) when they span two or more of its down ports, else the stops of the one switch below; at a
 * leaf, an ABS stop per destination. Ascending destinations under one switch reach its down ports
 * in runs, in port order (the port toward d is floor(d / 4^(level-1)) mod 4), so each run is a
 * branch and the ports need no sorting.
 */
function stopsBelow(set: Int32Array, lo: number, hi: number, level: number, rep: number): StopSpec[] {
  if (level === 1) {
    if (hi - lo === 1) return [{ node: set[lo]!, service: 'ABS' }];
    const branches: StopSpec[][] = [];
    for (let i = lo; i < hi; i++) branches.push([{ node: set[i]!, service: 'ABS' }]);
    return [{ node: set[lo]!, service: 'FWD', level: 1, branches }];
  }
  const span = intPow(K, level - 1);
  const branches: StopSpec[][] = [];
  for (let i = lo; i < hi; ) {
    const block = Math.floor(set[i]! / span);
    let j = i + 1;
    while (j < hi && Math.floor(set[j]! / span) === block) j++;
    branches.push(stopsBelow(set, i, j, level - 1, set[i]!));
    i = j;
  }
  if (branches.length === 1) return branches[0]!;
  return [{ node: rep, service: 'FWD', level, branches }];
}

/** The bit-string worm of one multicast, as a tree worm for the engine. */
export function bitstringWorm(
  topo: Topology,
  source: number,
  dests: readonly number[],
  length: number,
): WormSpec {
  const t = reachability(topo).topo;
  const set = Int32Array.from(dests).sort();
  // The fork at the LCA names the first destination whose route from the source climbs to the LCA
  // level, so the worm goes up to it rather than down toward a neighbour under its own switches.
  let lca = 0;
  let rep = -1;
  for (let i = 0; i < set.length; i++) {
    const level = t.lcaLevel(source, set[i]!);
    if (level > lca) {
      lca = level;
      rep = set[i]!;
    }
  }
  return { source, length, stops: stopsBelow(set, 0, set.length, lca, rep) };
}

export const bitstring: PlannerDef = {
  name: 'bitstring',
  description:
    'bit-string encoded multidestination worm (002 sec. 3.2-3.3): one worm, adaptive up to the LCA, replicated on the way down',
  topologies: ['fattree'],
  plan(ctx, source, destinations): MulticastPlan {
    const worm = bitstringWorm(ctx.topology, source, destinations, ctx.length);
    return {
      algorithm: 'bitstring',
      source,
      destinations: [...destinations],
      worms: [worm],
      phase: new Map([[worm, 1]]),
    };
  },
  describe(ctx, source, destinations) {
    const tree = bitstringTree(ctx.topology, source, destinations);
    const lines = [
      `header ${tree.header} (${tree.headerFlits} flit(s) of 16 bits), LCA level ${tree.lca}, count ${tree.count}`,
      ...tree.up.map((h) => `  up    ${h.switch} in ${h.inPort} -> port ${h.outPort}`),
      ...tree.down.map(
        (d) =>
          `  down  ${'  '.repeat(tree.lca - d.level)}${d.switch} in ${d.inPort} -> ports ${d.outPorts.join(',')}` +
          (d.delivers ? `  (processors ${d.delivers.join(' ')})` : ''),
      ),
      `extra copies by level (1..${tree.extraCopies.length}): ${tree.extraCopies.join(' ')}; switch-switch channels ${tree.channels}`,
    ];
    return { lines, json: tree };
  },
};

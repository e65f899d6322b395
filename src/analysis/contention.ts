import type { RoutingFunction } from '../routing/routing.js';
import type { Topology } from '../topology/topology.js';
import { ReachTree, type Unicast } from './unicasts.js';

export interface Conflict {
  first: Unicast;
  second: Unicast;
  /** The channel (and VC) both use, named for people. */
  channel: string;
}

export interface ContentionReport {
  contentionFree: boolean;
  /** Pairs for which none of Theorem 1's four conditions holds. */
  conflicts: Conflict[];
  /** Pairs of the same step using different VCs of one physical link (004 sec. 6). */
  linkSharing: Conflict[];
}

/**
 * Depth contention-freedom by Theorem 1 (McKinley et al., quoted in 004 sec. 4): for every pair of
 * unicasts (alpha, beta, P, t) and (gamma, delta, P', tau) with t <= tau, at least one of
 *   1) gamma in R_beta;  2) P and P' arc-disjoint (at the level of virtual channels);
 *   3) gamma = alpha;    4) gamma in R_eta for a unicast (alpha, eta, t + i), i > 0.
 * With t = tau either order may satisfy it.
 */
export function checkContention(
  topo: Topology,
  rf: RoutingFunction,
  source: number,
  unicasts: readonly Unicast[],
  maxReported = 20,
): ContentionReport {
  const tree = new ReachTree(source, unicasts);
  const arcSets = unicasts.map((u) => new Set(u.arcs));
  const sharedArc = (a: Unicast, b: Unicast): number | undefined => {
    const s = arcSets[a.index]!;
    return b.arcs.find((x) => s.has(x));
  };
  const cond4 = (a: Unicast, g: number): boolean =>
    (tree.sends.get(a.from) ?? []).some((u) => u.step > a.step && tree.inReach(g, u.to));
  const ok = (a: Unicast, b: Unicast): boolean =>
    tree.inReach(b.from, a.to) || b.from === a.from || cond4(a, b.from);
  const conflicts: Conflict[] = [];
  const linkSharing: Conflict[] = [];
  const name = (arc: number) => describeArc(topo, rf, arc);
  for (let i = 0; i < unicasts.length; i++) {
    for (let j = i + 1; j < unicasts.length; j++) {
      let a = unicasts[i]!;
      let b = unicasts[j]!;
      if (b.step < a.step) [a, b] = [b, a];
      const sameStep = a.step === b.step;
      if (!(ok(a, b) || (sameStep && ok(b, a)))) {
        const arc = sharedArc(a, b);
        if (arc !== undefined && conflicts.length < maxReported)
          conflicts.push({ first: a, second: b, channel: name(arc) });
        else if (arc !== undefined) conflicts.length++;
      }
      if (sameStep) {
        const linksA = new Set(a.links);
        const link = b.links.find((l) => linksA.has(l));
        if (link !== undefined && linkSharing.length < maxReported) {
          const arcB = b.arcs[b.links.indexOf(link)]!;
          linkSharing.push({ first: a, second: b, channel: name(arcB).replace(/ VC \S+$/, '') });
        }
      }
    }
  }
  return { contentionFree: conflicts.length === 0, conflicts: conflicts.filter(Boolean), linkSharing };
}

function describeArc(topo: Topology, rf: RoutingFunction, arc: number): string {
  const vc = arc % 32;
  const link = (arc - vc) / 32;
  const from = Math.floor(link / topo.numPorts);
  const port = link % topo.numPorts;
  return `${topo.formatNode(from)} -> ${topo.formatNode(topo.neighbor(from, port))} (${topo.portName(port)}) VC ${rf.vcName(from, port, vc)}`;
}

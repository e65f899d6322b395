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
    b.from === a.from || tree.inReach(b.from, a.to) || cond4(a, b.from);
  const conflicts: Conflict[] = [];
  const linkSharing: Conflict[] = [];
  const name = (arc: number) => describeArc(topo, rf, arc);
  // Only pairs that share a virtual channel can fail condition 2, and only same-step pairs that
  // share a physical link share bandwidth: index the unicasts by channel and by link, and visit
  // just those pairs (in the order of the full pairwise scan) instead of all m^2 of them.
  for (const [i, j] of candidatePairs(unicasts)) {
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
  return { contentionFree: conflicts.length === 0, conflicts: conflicts.filter(Boolean), linkSharing };
}

/** Index pairs [i, j], i < j, of unicasts sharing a channel (arc) or a physical link, sorted. */
function candidatePairs(unicasts: readonly Unicast[]): Array<[number, number]> {
  const users = new Map<number, number[]>();
  const note = (key: number, i: number) => {
    const u = users.get(key);
    if (!u) users.set(key, [i]);
    else if (u[u.length - 1] !== i) u.push(i);
  };
  // Arcs and links live in one key space: arcs are link * 32 + vc, links are offset below zero.
  for (const u of unicasts) {
    for (const a of u.arcs) note(a, u.index);
    for (const l of u.links) note(-1 - l, u.index);
  }
  const seen = new Set<number>();
  const n = unicasts.length;
  const pairs: Array<[number, number]> = [];
  // Two unicasts of one sender always satisfy condition 3 and never share a step (one-port), so
  // they are skipped: under separate addressing that is nearly every pair.
  for (const list of users.values()) {
    for (let x = 0; x < list.length; x++)
      for (let y = x + 1; y < list.length; y++) {
        const i = Math.min(list[x]!, list[y]!);
        const j = Math.max(list[x]!, list[y]!);
        if (unicasts[i]!.from === unicasts[j]!.from || seen.has(i * n + j)) continue;
        seen.add(i * n + j);
        pairs.push([i, j]);
      }
  }
  return pairs.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
}

function describeArc(topo: Topology, rf: RoutingFunction, arc: number): string {
  const vc = arc % 32;
  const link = (arc - vc) / 32;
  const from = Math.floor(link / topo.numPorts);
  const port = link % topo.numPorts;
  return `${topo.formatSwitch(from)} -> ${topo.formatSwitch(topo.neighbor(from, port))} (${topo.portName(port)}) VC ${rf.vcName(from, port, vc)}`;
}

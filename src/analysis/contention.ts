import type { RoutingFunction } from '../routing/routing.js';
import type { Topology } from '../topology/topology.js';
import { longer } from '../util/longer.js';
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
  // A unicast's channels as a set, made only for the pairs that fail the conditions.
  const arcSets: Array<Set<number> | undefined> = [];
  const sharedArc = (a: Unicast, b: Unicast): number | undefined => {
    let s = arcSets[a.index];
    if (s === undefined) arcSets[a.index] = s = new Set(a.arcs);
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
  const n = unicasts.length;
  const pairs = candidatePairs(unicasts);
  for (let p = 0; p < pairs.length; p++) {
    const i = Math.floor(pairs[p]! / n);
    let a = unicasts[i]!;
    let b = unicasts[pairs[p]! - i * n]!;
    if (b.step < a.step) [a, b] = [b, a];
    const sameStep = a.step === b.step;
    if (!(ok(a, b) || (sameStep && ok(b, a)))) {
      const arc = sharedArc(a, b);
      if (arc !== undefined && conflicts.length < maxReported)
        conflicts.push({ first: a, second: b, channel: name(arc) });
      else if (arc !== undefined) conflicts.length++;
    }
    // Link sharing is only reported (a count of contention alone asks for none).
    if (sameStep && linkSharing.length < maxReported) {
      const linksA = new Set(a.links);
      const link = b.links.find((l) => linksA.has(l));
      if (link !== undefined) {
        const arcB = b.arcs[b.links.indexOf(link)]!;
        linkSharing.push({ first: a, second: b, channel: name(arcB).replace(/ VC \S+$/, '') });
      }
    }
  }
  return { contentionFree: conflicts.length === 0, conflicts: conflicts.filter(Boolean), linkSharing };
}

/**
 * The pairs i < j of unicasts (by index) that share a channel (arc) or a physical link, as
 * i * n + j in ascending order. Every (key, unicast) use is one number, key * n + index, with arcs
 * at even and links at odd keys: sorted, each key's users lie together in index order, and the
 * pairs are read off them. Typed arrays and one sort instead of a map of lists and a set of pairs:
 * 004's figures check some 10^4 such plans of 511 unicasts each. Exported for its test against
 * the pairwise scan.
 */
export function candidatePairs(unicasts: readonly Unicast[]): Float64Array {
  const n = unicasts.length;
  let total = 0;
  for (const u of unicasts) total += u.arcs.length + u.links.length;
  const uses = new Float64Array(total);
  let m = 0;
  for (const u of unicasts) {
    for (const a of u.arcs) uses[m++] = 2 * a * n + u.index;
    for (const l of u.links) uses[m++] = (2 * l + 1) * n + u.index;
  }
  uses.sort();
  let pairs = new Float64Array(Math.max(16, total));
  let np = 0;
  for (let start = 0; start < total; ) {
    const key = Math.floor(uses[start]! / n);
    let end = start + 1;
    while (end < total && Math.floor(uses[end]! / n) === key) end++;
    for (let x = start; x < end; x++) {
      // A unicast using a key twice is one user.
      if (x > start && uses[x] === uses[x - 1]) continue;
      const i = uses[x]! - key * n;
      for (let y = x + 1; y < end; y++) {
        if (uses[y] === uses[y - 1]) continue;
        const j = uses[y]! - key * n;
        // Two unicasts of one sender always satisfy condition 3 and never share a step (one-port),
        // so they are skipped: under separate addressing that is nearly every pair.
        if (unicasts[i]!.from === unicasts[j]!.from) continue;
        if (np === pairs.length) pairs = longer(pairs, 2 * np);
        pairs[np++] = i * n + j;
      }
    }
    start = end;
  }
  const sorted = pairs.subarray(0, np).sort();
  let k = 0;
  for (let x = 0; x < np; x++) if (x === 0 || sorted[x] !== sorted[x - 1]) sorted[k++] = sorted[x]!;
  return sorted.subarray(0, k);
}

function describeArc(topo: Topology, rf: RoutingFunction, arc: number): string {
  const vc = arc % 32;
  const link = (arc - vc) / 32;
  const from = Math.floor(link / topo.numPorts);
  const port = link % topo.numPorts;
  return `${topo.formatSwitch(from)} -> ${topo.formatSwitch(topo.neighbor(from, port))} (${topo.portName(port)}) VC ${rf.vcName(from, port, vc)}`;
}

import { F_ABSORB, SERVICE_FLAGS, type Service, type StopSpec, type WormSpec } from '../plan/worm.js';
import type { RoutingFunction } from '../routing/routing.js';
import type { Topology } from '../topology/topology.js';
import { planMetrics } from './metrics.js';
import { allWorms, type MulticastPlan } from './plan.js';
import { walkWorm } from './walk.js';

/** One worm of a plan as printed by `mcsim plan --json`. */
export interface WormView {
  phase: number;
  source: string;
  destinations: Array<{ node: string; service: Service }>;
  /** Switches in order, the source's first; for tree worms, each branch continues from its fork. */
  path: string[];
  hops: number;
  routing: string;
  /** Tree worms only: the edges [from, to] in header order and the header as a tree. */
  tree?: { edges: Array<[string, string]>; stops: StopView[] };
}

/** One stop of a tree worm's header, with its branches. */
export interface StopView {
  node: string;
  service: Service;
  branches?: StopView[][];
}

export interface PlanView {
  algorithm: string;
  topology: string;
  source: string;
  destinations: string[];
  phases: number;
  worms: WormView[];
  /** Every absorption of the message, one entry each (a double delivery would show twice). */
  deliveries: string[];
  /** Channel traversals of the whole plan (head hops summed over worms). */
  channels: number;
  /** Hops of the longest worm path. */
  longestPath: number;
  /** Largest chained hop count from the source to a destination (phases added; metrics.ts). */
  hopLatency: number;
  /** Channels used, summed over worms (the same as `channels`, named as in 001 sec. 3.4). */
  traffic: number;
  /** Each destination with its chained hop count, in the order of `destinations`. */
  depths: Array<{ node: string; hops: number }>;
}

/** Walks a worm through the routing functions: the switch sequence of each branch, and all hops. */
export function traceWorm(topo: Topology, rfFor: (name?: string) => RoutingFunction, worm: WormSpec) {
  const rf = rfFor(worm.routing);
  const path: number[] = [topo.nodeSwitch(worm.source)];
  const hops: Array<{ from: number; port: number; to: number; vcMask: number }> = [];
  const longest = walkWorm(topo, rf, worm, 0, (from, port, to, packed) => {
    hops.push({ from, port, to, vcMask: packed >>> 8 });
    path.push(to);
  });
  return { path, hops, longest };
}

/** The destinations a worm delivers to, with their services, in header order (branches depth-first). */
export function wormStops(worm: WormSpec): StopSpec[] {
  const out: StopSpec[] = [];
  const walk = (list: StopSpec[]) => {
    for (const s of list) {
      out.push(s);
      if (s.branches) for (const b of s.branches) walk(b);
    }
  };
  walk(worm.stops);
  return out;
}

export function planView(
  plan: MulticastPlan,
  topo: Topology,
  rfFor: (name?: string) => RoutingFunction,
): PlanView {
  const worms = allWorms(plan);
  const deliveries: string[] = [];
  let channels = 0;
  let longest = 0;
  const views: WormView[] = worms.map(({ worm, phase }) => {
    const t = traceWorm(topo, rfFor, worm);
    channels += t.hops.length;
    longest = Math.max(longest, t.longest);
    const stops = wormStops(worm);
    for (const s of stops) if (SERVICE_FLAGS[s.service] & F_ABSORB) deliveries.push(topo.formatNode(s.node));
    const view: WormView = {
      phase,
      source: topo.formatNode(worm.source),
      destinations: stops.map((s) => ({ node: topo.formatNode(s.node), service: s.service })),
      path: t.path.map((r) => topo.formatSwitch(r)),
      hops: t.hops.length,
      routing: rfFor(worm.routing).name,
    };
    if (stops.some((s) => s.branches)) {
      const f = (n: number) => topo.formatNode(n);
      const tree = (list: StopSpec[]): StopView[] =>
        list.map((s) => ({
          node: f(s.node),
          service: s.service,
          ...(s.branches ? { branches: s.branches.map(tree) } : {}),
        }));
      view.tree = { edges: t.hops.map((h) => [f(h.from), f(h.to)]), stops: tree(worm.stops) };
    }
    return view;
  });
  const hopsTo = new Map<number, number>();
  const m = planMetrics(plan, topo, rfFor, (node, hops) => hopsTo.set(node, hops));
  return {
    algorithm: plan.algorithm,
    topology: topo.spec,
    source: topo.formatNode(plan.source),
    destinations: plan.destinations.map((d) => topo.formatNode(d)),
    phases: Math.max(0, ...worms.map((w) => w.phase)),
    worms: views,
    deliveries,
    channels,
    longestPath: longest,
    hopLatency: m.hopLatency,
    traffic: m.traffic,
    depths: plan.destinations.map((d) => ({ node: topo.formatNode(d), hops: hopsTo.get(d) ?? -1 })),
  };
}

/** Checks a plan against its destination set: each destination absorbed exactly once, no other node. */
export function checkDeliveries(plan: MulticastPlan): string | undefined {
  const count = new Map<number, number>();
  for (const { worm } of allWorms(plan))
    for (const s of wormStops(worm))
      if (SERVICE_FLAGS[s.service] & F_ABSORB) count.set(s.node, (count.get(s.node) ?? 0) + 1);
  const want = new Set(plan.destinations);
  for (const [n, c] of count) {
    if (!want.has(n)) return `node ${n} is not a destination but receives the message`;
    if (c !== 1) return `destination ${n} receives the message ${c} times`;
  }
  for (const d of want) if (!count.has(d)) return `destination ${d} never receives the message`;
  return undefined;
}

import { routingResolver } from '../../src/api/plan.js';
import { traceWorm } from '../../src/multicast/inspect.js';
import { planMetrics } from '../../src/multicast/metrics.js';
import type { MulticastPlan } from '../../src/multicast/plan.js';
import { plannerFor } from '../../src/multicast/registry.js';
import type { RoutingFunction } from '../../src/routing/routing.js';
import { parseTopology } from '../../src/topology/registry.js';
import type { Topology } from '../../src/topology/topology.js';

/** Plans a multicast on a 2D torus by name, with the routing resolver the CLI uses. */
export function planOn(
  spec: string,
  algo: string,
  source: number | string,
  dests: Array<number | string>,
): { topo: Topology; plan: MulticastPlan; rfFor: (name?: string) => RoutingFunction } {
  const topo = parseTopology(spec);
  const def = plannerFor(algo, topo);
  const base = def.routingFor?.(topo) ?? 'xy';
  const rfFor = routingResolver(topo, base);
  const id = (v: number | string) => (typeof v === 'number' ? v : topo.parseNode(v));
  const plan = def.plan({ topology: topo, routing: rfFor(base), length: 8 }, id(source), dests.map(id));
  return { topo, plan, rfFor };
}

/** "(1,0) (4,0)" -> ["1,0", "4,0"] */
export function nodes(text: string): string[] {
  return [...text.matchAll(/\((\d+),(\d+)\)/g)].map((m) => `${m[1]},${m[2]}`);
}

/**
 * A tree notation for the examples: `a -> b` one hop, `*h` a destination at hop depth h,
 * `[fork]` a replicating node whose subtrees follow one indentation level deeper.
 */
export function parseTree(text: string): { edges: string[]; depths: Map<string, number> } {
  const edges: string[] = [];
  const depths = new Map<string, number>();
  const stack: Array<{ indent: number; node: string }> = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const indent = line.length - line.trimStart().length;
    while (stack.length && stack[stack.length - 1]!.indent >= indent) stack.pop();
    let prev = stack.length ? stack[stack.length - 1]!.node : undefined;
    const tokens = line.trim().split(' -> ');
    for (const tok of tokens) {
      const m = /^\((\d+),(\d+)\)(?:\*(\d+))?( \[fork\])?$/.exec(tok.trim());
      if (!m) throw new Error(`bad token ${tok}`);
      const node = `${m[1]},${m[2]}`;
      if (prev !== undefined) edges.push(`${prev}>${node}`);
      if (m[3] !== undefined) depths.set(node, Number(m[3]));
      if (m[4]) stack.push({ indent, node });
      prev = node;
    }
  }
  return { edges, depths };
}

/** A worm's traced edges ("a>b", in header order) and its destinations' chained hop counts. */
export function wormShape(
  topo: Topology,
  rfFor: (name?: string) => RoutingFunction,
  plan: MulticastPlan,
  i: number,
) {
  const w = plan.worms[i]!;
  const t = traceWorm(topo, rfFor, w);
  const edges = t.hops.map((h) => `${topo.formatNode(h.from)}>${topo.formatNode(h.to)}`);
  const depths = new Map<string, number>();
  planMetrics({ ...plan, worms: [w] }, topo, rfFor, (n, h) => depths.set(topo.formatNode(n), h));
  return { edges, depths };
}

/** A small deterministic generator for test inputs (no Math.random). */
export function lcg(seed: number): (k: number) => number {
  let r = seed >>> 0;
  return (k) => {
    r = (Math.imul(r ^ (r >>> 15), 2246822519) + 0x9e3779b9) >>> 0;
    return r % k;
  };
}

/** A random source and a random destination set of the given size (1..N-1). */
export function randomSet(N: number, rnd: (k: number) => number, size: number) {
  const source = rnd(N);
  const pool = Array.from({ length: N }, (_, i) => i).filter((i) => i !== source);
  for (let i = pool.length - 1; i > 0; i--) {
    const j = rnd(i + 1);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return { source, dests: pool.slice(0, size) };
}

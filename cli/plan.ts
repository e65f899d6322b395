import { checkContention } from '../src/analysis/contention.js';
import { type Unicast, unicastsOf } from '../src/analysis/unicasts.js';
import { parseConfig } from '../src/config/load.js';
import { planView } from '../src/multicast/inspect.js';
import type { MulticastPlan } from '../src/multicast/plan.js';
import { plannerFor, validateDestinations } from '../src/multicast/registry.js';
import { checkResources } from '../src/resources/check.js';
import { buildRouting, defaultRoutingName } from '../src/routing/registry.js';
import type { RoutingFunction } from '../src/routing/routing.js';
import { defaultVcs, parseTopology } from '../src/topology/registry.js';
import type { Topology } from '../src/topology/topology.js';
import { McsimError, withField } from '../src/util/errors.js';
import { renderPlanAscii } from './plan-ascii.js';

export interface PlanOpts {
  topology: string;
  algorithm: string;
  source: string;
  dests: string;
  length: number;
  json?: boolean;
  check?: boolean;
  maxMemory?: number;
}

/** Routing functions by name on one topology, built once each (worms may name their own). */
export function routingResolver(topo: Topology, base: string): (name?: string) => RoutingFunction {
  const vcs = defaultVcs(topo);
  const cache = new Map<string, RoutingFunction>();
  return (name = base) => {
    let rf = cache.get(name);
    if (!rf) cache.set(name, (rf = buildRouting(topo, name, vcs)));
    return rf;
  };
}

/** `mcsim plan`: the worms, headers, phases and paths of one multicast, printed or as JSON. */
export function planCommand(o: PlanOpts): void {
  const topo = withField('--topology', () => parseTopology(o.topology));
  // A plan allocates no engine, so the check counts the network alone (the 'steps' estimate).
  checkResources(parseConfig({ network: { topology: o.topology }, workload: { type: 'steps' } }), {
    maxMemoryMb: o.maxMemory,
  });
  const def = withField('--algorithm', () => plannerFor(o.algorithm, topo));
  const source = withField('--source', () => topo.parseNode(o.source));
  const parts = o.dests.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) throw new McsimError('needs at least one destination', '--dests');
  const dests = parts.map((p) => withField('--dests', () => topo.parseNode(p)));
  try {
    validateDestinations(topo, source, dests);
  } catch (e) {
    if (e instanceof McsimError) throw new McsimError(e.message.replace(/^dests: /, ''), '--dests');
    throw e;
  }
  const base = def.routingFor?.(topo) ?? defaultRoutingName(topo);
  const rfFor = routingResolver(topo, base);
  const plan = def.plan({ topology: topo, routing: rfFor(base), length: o.length }, source, dests);
  const view = planView(plan, topo, rfFor);
  const check = o.check ? contentionView(topo, rfFor, plan) : undefined;
  const more = def.describe?.({ topology: topo, routing: rfFor(base), length: o.length }, source, dests);
  if (o.json) {
    const out = { ...view, ...(check ? { contention: check } : {}), ...(more ? { scheme: more.json } : {}) };
    process.stdout.write(`${JSON.stringify(out)}\n`);
    return;
  }
  console.log(
    `${view.algorithm} on ${view.topology}: ${view.destinations.length} destination(s) from ${view.source}, ` +
      `${view.phases} phase(s), ${view.worms.length} worm(s), ${view.channels} channel traversals, longest path ${view.longestPath} hops, ` +
      // 001's timing (sec. 3.4, 25 ns per hop) belongs to its tori; elsewhere the hop count alone.
      `hop latency ${view.hopLatency}${topo.kind === 'torus' ? ` (001 sec. 3.4: ${view.hopLatency * 25} ns at 25 ns per hop)` : ''}`,
  );
  for (const w of view.worms)
    console.log(
      `  phase ${w.phase}  ${w.source} -> ${w.destinations.map((d) => `${d.node}(${d.service})`).join(' ')}   [${w.hops} hops, ${w.routing}]`,
    );
  if (more) for (const line of more.lines) console.log(line);
  const pic = renderPlanAscii(topo, plan, view);
  if (pic) console.log(`\n${pic}`);
  if (check) {
    console.log(
      `\ncontention (004 Theorem 1): ${check.contentionFree ? 'depth contention-free' : 'NOT contention-free'}`,
    );
    for (const c of check.conflicts)
      console.log(
        `  step ${c.first.step} ${c.first.unicast} and step ${c.second.step} ${c.second.unicast} share ${c.channel}`,
      );
    console.log(`physical-link sharing within a step (004 sec. 6): ${check.linkSharing.length} pair(s)`);
    for (const c of check.linkSharing)
      console.log(`  step ${c.first.step}: ${c.first.unicast} and ${c.second.unicast} on ${c.channel}`);
  }
}

/** The contention check of a unicast-based plan, with unicasts named by their node ids. */
export function contentionView(
  topo: Topology,
  rfFor: (name?: string) => RoutingFunction,
  plan: MulticastPlan,
) {
  const unicasts = unicastsOf(plan, topo, rfFor);
  const rep = checkContention(topo, rfFor(), plan.source, unicasts);
  const name = (u: Unicast) => ({
    step: u.step,
    unicast: `${topo.formatNode(u.from)} -> ${topo.formatNode(u.to)}`,
  });
  const pairs = (list: typeof rep.conflicts) =>
    list.map((c) => ({ first: name(c.first), second: name(c.second), channel: c.channel }));
  return {
    contentionFree: rep.contentionFree,
    conflicts: pairs(rep.conflicts),
    linkSharing: pairs(rep.linkSharing),
  };
}

import { checkContention } from '../analysis/contention.js';
import { type Unicast, unicastsOf } from '../analysis/unicasts.js';
import { type PlanView, planView } from '../multicast/inspect.js';
import type { MulticastPlan } from '../multicast/plan.js';
import { type MulticastRequest, readMulticast } from '../multicast/request.js';
import { buildRouting, defaultRoutingName } from '../routing/registry.js';
import type { RoutingFunction } from '../routing/routing.js';
import { defaultVcs, parseTopology } from '../topology/registry.js';
import type { Topology } from '../topology/topology.js';
import { withField } from '../util/errors.js';

/**
 * One multicast to plan: what `mcsim plan` takes. The scheme (e.g. `tpm`, `mcsim plan --help` lists
 * them), the source (`3,4` on a 2D network, or a node number) and the destinations (ids or numbers;
 * a string: ids separated by spaces).
 */
export interface PlanRequest extends MulticastRequest {
  /** Topology spec, e.g. `mesh:16x16` (`mcsim topologies`). */
  topology: string;
  /** Message length in flits. Default 20. */
  length?: number;
  /** Also check a unicast-based plan for contention (004 Theorem 1). */
  check?: boolean;
}

/** A planned multicast: the plan itself, its inspection, and what the scheme says of it. */
export interface PlannedMulticast {
  topology: Topology;
  plan: MulticastPlan;
  /** Worms, stops, paths, phases and counts with node ids (`mcsim plan --json`). */
  view: PlanView;
  /** With `check`: contention between the plan's unicasts (004 Theorem 1, sec. 6). */
  contention?: ContentionView;
  /** What the scheme shows beyond worms and paths (e.g. a bit-string worm's header), if anything. */
  scheme?: { lines: string[]; json: unknown };
}

export interface ContentionView {
  contentionFree: boolean;
  conflicts: Array<{ first: StepUnicast; second: StepUnicast; channel: string }>;
  linkSharing: Array<{ first: StepUnicast; second: StepUnicast; channel: string }>;
}
export interface StepUnicast {
  step: number;
  unicast: string;
}

/**
 * Plans one multicast without simulating it: the planning half of the data flow (config ->
 * network -> routing -> plan), which a run then simulates. Errors are McsimErrors naming the
 * request field (`fields` renames them, as the CLI names its options).
 */
export function planMulticast(
  req: PlanRequest,
  fields: Partial<Record<keyof PlanRequest, string>> = {},
): PlannedMulticast {
  const topo = withField(fields.topology ?? 'topology', () => parseTopology(req.topology));
  const { def, source, dests } = readMulticast(topo, req, fields);
  const base = def.routingFor?.(topo) ?? defaultRoutingName(topo);
  const rfFor = routingResolver(topo, base);
  const ctx = { topology: topo, routing: rfFor(base), length: req.length ?? 20 };
  const plan = def.plan(ctx, source, dests);
  const scheme = def.describe?.(ctx, source, dests);
  return {
    topology: topo,
    plan,
    view: planView(plan, topo, rfFor),
    ...(req.check ? { contention: contentionView(topo, rfFor, plan) } : {}),
    ...(scheme ? { scheme } : {}),
  };
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

/** The contention check of a unicast-based plan, with unicasts named by their node ids. */
function contentionView(
  topo: Topology,
  rfFor: (name?: string) => RoutingFunction,
  plan: MulticastPlan,
): ContentionView {
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

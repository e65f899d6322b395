import type { StopSpec, WormSpec } from '../plan/worm.js';
import type { RoutingFunction } from '../routing/routing.js';
import type { Fits } from '../topology/fits.js';
import type { Topology } from '../topology/topology.js';

/**
 * A multicast plan: which worms, with which headers, in which start-up phases. Planners are pure
 * functions of (network, source, destinations); the engine executes plans flit by flit, and a plan
 * can be printed and checked without simulating it.
 *
 * `worms` are the worms the source starts in its first phase; worms of later phases hang off the
 * stops that retransmit them (`StopSpec.retransmit`). `phase` gives every worm's start-up phase
 * (for unicast-based schemes: its message-passing step), nested worms included.
 */
export interface MulticastPlan {
  algorithm: string;
  source: number;
  destinations: readonly number[];
  worms: WormSpec[];
  phase: Map<WormSpec, number>;
  /**
   * Routing function each worm follows, when it is not the network's own (e.g. dual-path worms
   * follow the Hamiltonian labelling, not XY).
   */
  routing?: string;
}

export interface PlanContext {
  topology: Topology;
  /** The network's unicast routing function, which worms follow between stops. */
  routing: RoutingFunction;
  /** Message length in flits. */
  length: number;
}

/** Registry entry of a multicast scheme (one module each under multicast/, registered in registry.ts). */
export interface PlannerDef {
  readonly name: string;
  readonly description: string;
  /** Topology kinds it fits, or `any` network (it only needs unicast routes). */
  readonly topologies: Fits;
  /** Further fit checks (e.g. 2D only); returns the reason when it does not fit. */
  check?(topo: Topology): string | undefined;
  /** Routing function the scheme's worms follow on this topology (defaults to the network's). */
  routingFor?(topo: Topology): string;
  plan(ctx: PlanContext, source: number, destinations: readonly number[]): MulticastPlan;
  /**
   * What `mcsim plan` shows beyond worms and paths, when the scheme has more to say (e.g. a
   * bit-string worm's header, LCA level and replication tree): text lines and a JSON value.
   */
  describe?(
    ctx: PlanContext,
    source: number,
    destinations: readonly number[],
  ): { lines: string[]; json: unknown };
}

/** Every worm of a plan with its phase, in a stable order (phase, then discovery order). */
export function allWorms(plan: MulticastPlan): Array<{ worm: WormSpec; phase: number }> {
  const out: Array<{ worm: WormSpec; phase: number }> = [];
  const visit = (w: WormSpec) => {
    out.push({ worm: w, phase: plan.phase.get(w) ?? 1 });
    const walk = (stops: StopSpec[]) => {
      for (const s of stops) {
        for (const r of s.retransmit ?? []) visit(r);
        for (const b of s.branches ?? []) walk(b);
      }
    };
    walk(w.stops);
  };
  for (const w of plan.worms) visit(w);
  return out.sort((a, b) => a.phase - b.phase);
}

/** Builds a path worm: every stop but the last absorbs and forwards; the last absorbs. */
export function pathWorm(
  source: number,
  nodes: readonly number[],
  length: number,
  routing?: string,
): WormSpec {
  const w: WormSpec = {
    source,
    length,
    stops: nodes.map((node, i) => ({ node, service: i < nodes.length - 1 ? 'PAF' : 'ABS' }) as StopSpec),
  };
  if (routing !== undefined) w.routing = routing;
  return w;
}

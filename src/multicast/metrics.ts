import { F_ABSORB, SERVICE_FLAGS, type WormSpec } from '../plan/worm.js';
import type { RoutingFunction } from '../routing/routing.js';
import type { Topology } from '../topology/topology.js';
import type { MulticastPlan } from './plan.js';
import { walkWorm } from './walk.js';

/**
 * Hop-level metrics of a plan, the measures of 001 sec. 3.4 ("The network latency is equal to the
 * longest message transmission path involved. The network traffic is equal to the number of
 * channels used to deliver all messages involved"), for every scheme:
 * - hopLatency: the largest number of channel hops from the source to a destination along the chain
 *   of worms that serves it (hops of earlier phases added; for a tree worm, the depth in the tree);
 * - traffic: channels used, summed over worms (a tree edge once per worm; two worms on one channel
 *   count twice, as 001's multipath-HCM total 9 + 34 + 36 + 11 = 90 does);
 * - phases: start-up phases (the largest phase number of any worm).
 */
export interface PlanMetrics {
  hopLatency: number;
  traffic: number;
  phases: number;
  worms: number;
}

/**
 * Walks every worm of a plan through its routing function (the shared followRoute), without
 * building strings or hop lists (the plan-metrics workload runs it thousands of times per point). `onDelivery` receives each
 * absorbing stop with its chained hop count; `onHop` each channel hop of each worm.
 */
export function planMetrics(
  plan: MulticastPlan,
  topo: Topology,
  rfFor: (name?: string) => RoutingFunction,
  onDelivery?: (node: number, hops: number) => void,
  onHop?: (worm: WormSpec, from: number, port: number, to: number, vcMask: number) => void,
): PlanMetrics {
  const out: PlanMetrics = { hopLatency: 0, traffic: 0, phases: 0, worms: 0 };
  const visit = (worm: WormSpec, start: number, phase: number) => {
    out.worms++;
    out.phases = Math.max(out.phases, plan.phase.get(worm) ?? phase);
    walkWorm(
      topo,
      rfFor(worm.routing),
      worm,
      start,
      (from, port, to, packed) => {
        onHop?.(worm, from, port, to, packed >>> 8);
        out.traffic++;
      },
      (stop, d) => {
        if (SERVICE_FLAGS[stop.service] & F_ABSORB) {
          if (d > out.hopLatency) out.hopLatency = d;
          onDelivery?.(stop.node, d);
        }
        for (const r of stop.retransmit ?? []) visit(r, d, (plan.phase.get(worm) ?? phase) + 1);
      },
    );
  };
  for (const w of plan.worms) visit(w, 0, 1);
  return out;
}

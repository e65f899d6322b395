import { planMulticast } from '../api/plan.js';
import { parseConfig } from '../config/load.js';
import type { PlanView } from '../multicast/inspect.js';
import type { MulticastRequest } from '../multicast/request.js';
import { tracePlan } from '../sim/plan-trace.js';
import type { Trace } from '../trace/format.js';
import { assembleTrace, type TraceLine } from '../trace/format.js';
import { deliveriesOf } from '../trace/replay.js';

/** One multicast the playground runs: a scheme from a source to destinations, in a config's network. */
export interface PlaygroundRequest extends MulticastRequest {
  /** Message length in flits. Default 20. */
  length?: number;
}

/** What the playground shows of one multicast: the plan, the run's trace, and its numbers. */
export interface PlaygroundRun {
  plan: PlanView;
  trace: Trace;
  /** `deadlock` runs end at the deadlock; the trace then shows what waits on what. */
  status: 'complete' | 'deadlock';
  /** Cycle the run ended at. */
  cycle: number;
  /** Per destination (node id), cycles its header and its tail reached it (-1: never). */
  arrivals: Array<{ node: string; header: number; tail: number }>;
  /** Cycle the last tail reached its destination (the multicast's latency from cycle 0), or -1. */
  latency: number;
  /** Flits moved over network channels (flit-hops), injection and consumption channels left out. */
  traffic: number;
}

/**
 * Plans and runs one multicast alone in the network of `config` (a config object as `mcsim run`
 * reads it, before defaults), exactly as `mcsim plan` and `mcsim view --plan` do: the same
 * planners and engine, in Node or in the playground's Web Worker. Errors are the CLI's messages.
 */
export function simulateMulticast(config: unknown, req: PlaygroundRequest): PlaygroundRun {
  const cfg = parseConfig(config);
  const length = req.length ?? 20;
  const { view: plan } = planMulticast({ topology: cfg.network.topology, ...req, length });
  // tracePlan, as traceMulticast (api/trace.ts) calls it, without that module's page writing.
  const lines: TraceLine[] = [];
  const { status, cycle } = tracePlan(cfg, { ...req, length }, { write: (l) => lines.push(l) });
  const trace = assembleTrace(lines);
  const h = trace.header;
  const arrivals = (deliveriesOf(trace).get(trace.worms[0]?.message ?? 0) ?? []).map((d) => ({
    node: h.nodes[d.node]!,
    header: d.header,
    tail: d.tail,
  }));
  const done = arrivals.length > 0 && arrivals.every((a) => a.tail >= 0);
  let traffic = 0;
  for (const w of trace.worms)
    for (const hop of w.hops) if (h.channels[hop[0]]!.kind === 'net') traffic += w.length;
  return {
    plan,
    trace,
    status,
    cycle,
    arrivals,
    latency: done && status === 'complete' ? Math.max(...arrivals.map((a) => a.tail)) : -1,
    traffic,
  };
}

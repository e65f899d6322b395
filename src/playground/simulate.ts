import { planMulticast } from '../api/plan.js';
import { parseConfig } from '../config/load.js';
import type { PlanView } from '../multicast/inspect.js';
import { tracePlan } from '../sim/plan-trace.js';
import { assembleTrace, type TraceLine } from '../trace/format.js';
import { deliveriesOf } from '../trace/replay.js';
import type { PlaygroundRequest, PlaygroundRun } from './protocol.js';

/** The plan of one multicast in the network of `config`, as `mcsim plan` shows it, without running it. */
export function planOnly(config: unknown, req: PlaygroundRequest): PlanView {
  const cfg = parseConfig(config);
  return planMulticast({ topology: cfg.network.topology, ...req, length: req.length ?? 20 }).view;
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

import type { McsimConfig } from '../config/schema.js';
import type { MulticastRequest } from '../multicast/request.js';
import type { RunResult } from '../run/result.js';
import { tracePlan } from '../sim/plan-trace.js';
import { runSimulation } from '../sim/run.js';
import { assembleTrace, type Trace, type TraceLine } from '../trace/format.js';
import { viewerScript } from '../viewer/bundle.js';
import { viewerPage } from '../viewer/page.js';

export interface TraceWindow {
  /** Keep only the worms that hold a channel at some cycle in [a, b] (`--cycles a:b`). */
  cycles?: [number, number];
}

/**
 * Runs a config with tracing on (`mcsim run --trace`): every worm's channels and cycles
 * (docs/trace.md), with the run's result.
 */
export function traceRun(config: McsimConfig, opts: TraceWindow = {}): { trace: Trace; result: RunResult } {
  const lines: TraceLine[] = [];
  const result = runSimulation(config, { trace: { write: (l) => lines.push(l), window: opts.cycles } });
  return { trace: assembleTrace(lines), result };
}

/**
 * One multicast of a scheme alone in the network of `config`, traced (`mcsim view --plan`):
 * `complete`, or `deadlock` with the trace up to it.
 */
export function traceMulticast(
  config: McsimConfig,
  multicast: MulticastRequest & { length?: number },
  opts: TraceWindow = {},
): { trace: Trace; status: 'complete' | 'deadlock'; cycle: number } {
  const lines: TraceLine[] = [];
  const r = tracePlan(
    config,
    { ...multicast, length: multicast.length ?? 20 },
    { write: (l) => lines.push(l), window: opts.cycles },
  );
  return { trace: assembleTrace(lines), ...r };
}

/** The viewer's self-contained HTML page of a trace (`mcsim view`): open it in any browser. */
export async function viewerHtml(trace: Trace): Promise<string> {
  return viewerPage(trace, await viewerScript());
}

import type { McsimConfig } from '../config/schema.js';
import { DeadlockError, Engine } from '../engine/engine.js';
import type { DeadlockReport } from '../engine/report.js';
import { type MulticastRequest, readMulticast } from '../multicast/request.js';
import type { TraceOptions } from '../run/result.js';
import { traceHeader } from '../trace/header.js';
import { TraceRecorder } from '../trace/recorder.js';
import { buildFromConfig } from './build.js';
import { runToQuiet } from './drivers/driver.js';

/** The multicast to trace and its message length in flits. */
export interface PlanTraceInput extends MulticastRequest {
  length: number;
}

/**
 * One multicast of a scheme, alone in the network described by `config` (contention-free, as in
 * 000 sec. 5.2), simulated flit by flit with a trace. Returns how it ended.
 */
export function tracePlan(
  config: McsimConfig,
  p: PlanTraceInput,
  trace: TraceOptions,
): { status: 'complete' | 'deadlock'; cycle: number } {
  const { net, model, timing } = buildFromConfig(config);
  const topo = net.topology;
  const { def, source, dests } = readMulticast(topo, p, {
    algorithm: '--algorithm',
    source: '--source',
    dests: '--dests',
  });
  model.validate(net, p.length);
  const plan = def.plan({ topology: topo, routing: net.routing, length: p.length }, source, dests);
  const what = `${p.algorithm} from ${topo.formatNode(source)} to ${dests.length} destination(s)`;
  trace.write(
    traceHeader(net, config.network.bufferDepth, { kind: 'plan', description: what }, trace.window),
  );
  const recorder = new TraceRecorder(net, (w) => trace.write(w), trace.window);
  const engine = new Engine(net, model, timing, { trace: recorder });
  engine.startPhase(source, plan.worms, 0, engine.newMessage(source, 0, 'multicast', true, p.length));
  let report: DeadlockReport | undefined;
  try {
    runToQuiet(engine, Number.MAX_SAFE_INTEGER);
  } catch (e) {
    if (!(e instanceof DeadlockError)) throw e;
    report = e.report;
  }
  const status = report ? 'deadlock' : 'complete';
  trace.write(recorder.finish(engine.now, status, report));
  return { status, cycle: engine.now };
}

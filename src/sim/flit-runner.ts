import type { McsimConfig } from '../config/schema.js';
import type { WorkloadType } from '../config/workload-schema.js';
import { DeadlockError, Engine } from '../engine/engine.js';
import { MetricsCollector } from '../metrics/collector.js';
import { SwitchDiagnostics } from '../metrics/switch-diagnostics.js';
import type { RunMetrics } from '../metrics/types.js';
import { outcomeOf } from '../run/outcome.js';
import type { RunOptions, RunResult } from '../run/result.js';
import type { ConfigOf, Runner } from '../run/runner.js';
import { traceHeader } from '../trace/header.js';
import { TraceRecorder } from '../trace/recorder.js';
import { withField } from '../util/errors.js';
import { VERSION } from '../version.js';
import { buildFromConfig } from './build.js';
import type { Driver, DriverContext } from './drivers/driver.js';
import { keepWarm } from './keep-warm.js';
import { RunHooks } from './run-hooks.js';

/** The workload types the flit engine runs, each fed by its driver (sim/drivers/). */
export type FlitType = Extract<WorkloadType, 'uniform' | 'messages' | 'multicast' | 'mixed'>;

/**
 * The runner of a flit-level workload: config -> network -> the type's driver -> engine -> metrics.
 * Deterministic in the seed. A deadlock ends the run with `metrics.deadlock` set and outcome
 * `deadlock`; a run that stops with measured messages in flight has outcome `unfinished`.
 */
export function flitRunner<T extends FlitType>(
  type: T,
  description: string,
  makeDriver: (ctx: DriverContext, w: ConfigOf<T>['workload']) => Driver,
): Runner<T> {
  return {
    type,
    description,
    run: (config, options) => runFlits(config, options, (ctx) => makeDriver(ctx, config.workload)),
  };
}

function runFlits(
  config: McsimConfig,
  options: RunOptions,
  driverOf: (ctx: DriverContext) => Driver,
): RunResult {
  const { net, model, timing, resolved } = buildFromConfig(config);
  const tr = options.trace;
  const driver = driverOf({ config, net });
  model.validate(net, driver.maxLength);
  const topo = net.topology;
  const collector = new MetricsCollector(net.numNodes, driver.windowStart, driver.windowEnd, driver.batching);
  const diag = config.metrics?.switchDiagnostics
    ? withField(
        'metrics.switchDiagnostics',
        () => new SwitchDiagnostics(net, driver.windowStart, () => collector.windowEnd, driver.batching),
      )
    : undefined;
  let recorder: TraceRecorder | undefined;
  if (tr) {
    const what = `${config.workload.type} workload on ${net.topology.spec}, seed ${config.seed}`;
    tr.write(traceHeader(net, config.network.bufferDepth, { kind: 'run', description: what }, tr.window));
    recorder = new TraceRecorder(net, (w) => tr.write(w), tr.window);
  }
  const hooks = new RunHooks(collector, diag, topo, options.onRecord, recorder);
  const engine = new Engine(net, diag ? diag.instrument(model) : model, timing, hooks);
  keepWarm(engine);
  let deadlock: RunMetrics['deadlock'];
  try {
    driver.run(engine, collector, startupTimed(options.onProgress ?? (() => {})));
  } catch (e) {
    if (!(e instanceof DeadlockError)) throw e;
    deadlock = e.report;
    collector.stoppedByDeadlock(engine.now);
  }
  const metrics = collector.metrics(engine.now, engine.flitHops, engine.now);
  if (deadlock) metrics.deadlock = deadlock;
  if (diag) {
    metrics.switchDiagnostics = diag.metrics(engine.now);
    Object.assign(metrics.intervals, diag.intervals(engine.now));
  }
  const outcome = outcomeOf(metrics);
  if (recorder) tr!.write(recorder.finish(engine.now, outcome.status, deadlock));
  return { version: VERSION, seed: config.seed, outcome, config: resolved, metrics };
}

/**
 * Start-up diagnostic for the bench: with MCSIM_STARTUP_TIMING set, the run's first progress report
 * (every driver makes one after its first simulated cycle or sample) prints how long after process
 * start it came. The time is read before process.stderr, whose first use sets up the stream.
 */
function startupTimed(progress: (cycle: number, end: number) => void): (cycle: number, end: number) => void {
  if (!process.env.MCSIM_STARTUP_TIMING) return progress;
  let first = true;
  return (cycle, end) => {
    if (first) {
      first = false;
      const now = performance.now();
      process.stderr.write(`mcsim: first cycle at ${now.toFixed(1)} ms after process start\n`);
    }
    progress(cycle, end);
  };
}

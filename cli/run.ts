import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { resolveConfig } from '../src/config/load.js';
import { checkResources } from '../src/resources/check.js';
import { checkRunTime, humanTime } from '../src/resources/run-time.js';
import { appendJsonl, writeResult } from '../src/results/writers.js';
import { runSimulation } from '../src/sim/run.js';
import { TraceFileWriter } from '../src/trace/io.js';
import { McsimError } from '../src/util/errors.js';
import { parseCycles } from './cycles.js';
import { progressReporter } from './progress.js';
import { summaryText } from './summary.js';

/** Estimated seconds beyond which a run says how long it may take and shows its progress. */
const LONG_RUN_SECONDS = 60;

export interface RunOpts {
  set: string[];
  seed?: number;
  json?: boolean;
  out?: string;
  records?: string;
  trace?: string;
  cycles?: string;
  progress?: boolean;
  maxMemory?: number;
}

/**
 * `mcsim run`: exit code 0 when the run completed; 3 when it stopped on a deadlock (the report is
 * printed, on stderr too under --json); 5 when it ended with measured messages unfinished
 * (saturated or cut off: its latency is only a lower bound, and it says so) or when it was past
 * saturation by its stability test (metrics.stability).
 */
export async function runCommand(file: string | undefined, opts: RunOpts): Promise<number> {
  if (opts.cycles !== undefined && opts.trace === undefined)
    throw new McsimError('chooses the cycles a trace records: give --trace FILE too', '--cycles');
  const config = resolveConfig({ file, sets: opts.set, seed: opts.seed });
  checkResources(config, { maxMemoryMb: opts.maxMemory });
  const seconds = checkRunTime(config);
  // A long run shows its progress on a terminal unless asked not to; a short one stays quiet.
  const showProgress = opts.progress ?? (process.stderr.isTTY === true && seconds > LONG_RUN_SECONDS);
  if (seconds > LONG_RUN_SECONDS && !opts.json)
    process.stderr.write(`mcsim: this run may take about ${humanTime(seconds)}; Ctrl-C stops it\n`);
  if (opts.records) {
    mkdirSync(dirname(opts.records), { recursive: true });
    writeFileSync(opts.records, '');
  }
  const window = opts.cycles === undefined ? undefined : parseCycles(opts.cycles);
  const trace = opts.trace ? new TraceFileWriter(opts.trace) : undefined;
  const progress = showProgress ? progressReporter('run') : undefined;
  let result: ReturnType<typeof runSimulation>;
  try {
    result = runSimulation(config, {
      onRecord: opts.records ? (r) => appendJsonl(opts.records!, r) : undefined,
      onProgress: progress?.update,
      trace: trace && { write: (l) => trace.write(l), window },
    });
  } finally {
    trace?.close();
  }
  progress?.done();
  if (opts.out) writeResult(opts.out, result);
  if (opts.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else process.stdout.write(`${summaryText(result)}\n`);
  // Under --json stdout holds the result alone: the files written are said on stderr.
  const said = opts.json ? process.stderr : process.stdout;
  if (opts.out) said.write(`wrote ${opts.out}\n`);
  if (opts.records) said.write(`wrote ${opts.records} (one line per message)\n`);
  if (opts.trace) said.write(`wrote ${opts.trace} (every worm's channels and cycles, docs/trace.md)\n`);
  const o = result.outcome;
  if (o.status === 'deadlock') {
    // The JSON holds the report in metrics.deadlock; a person reading the terminal sees it too.
    if (opts.json) process.stderr.write(`${result.metrics.deadlock!.text}\n`);
    return 3;
  }
  if (o.status === 'unfinished') {
    process.stderr.write(`mcsim: not a measurement: ${o.reason}\n`);
    return 5;
  }
  const st = result.metrics.stability;
  if (st && !st.stable) {
    // Every measured message finished, but the network was past saturation: the latency depends on
    // how long the window was, so it is no steady-state measurement (docs/results.md).
    process.stderr.write(`mcsim: past saturation, latency is not a steady-state measurement: ${st.reason}\n`);
    return 5;
  }
  return 0;
}

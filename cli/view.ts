import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { resolveConfig } from '../src/config/load.js';
import { checkResources } from '../src/resources/check.js';
import { tracePlan } from '../src/sim/plan-trace.js';
import { runSimulation } from '../src/sim/run.js';
import { assembleTrace, type TraceLine } from '../src/trace/format.js';
import { TraceFileWriter } from '../src/trace/io.js';
import { McsimError } from '../src/util/errors.js';
import { viewerScript } from '../src/viewer/bundle.js';
import { viewerPage } from '../src/viewer/page.js';
import { parseCycles } from './cycles.js';

export interface ViewOpts {
  set: string[];
  seed?: number;
  out: string;
  cycles?: string;
  trace?: string;
  plan?: boolean;
  topology?: string;
  algorithm?: string;
  source?: string;
  dests?: string;
  length: number;
  maxMemory?: number;
}

/**
 * `mcsim view`: runs a config (or, with --plan, one multicast of a scheme) with tracing on and
 * writes the self-contained viewer page. Exit 0, or 3 when the run deadlocked (the page ends at the
 * deadlock).
 */
export async function viewCommand(file: string | undefined, o: ViewOpts): Promise<number> {
  const window = o.cycles === undefined ? undefined : parseCycles(o.cycles);
  const lines: TraceLine[] = [];
  const file_ = o.trace ? new TraceFileWriter(o.trace) : undefined;
  const write = (l: TraceLine) => {
    lines.push(l);
    file_?.write(l);
  };
  let status: string;
  try {
    if (o.plan) {
      if (file !== undefined) throw new McsimError('give either a CONFIG or --plan, not both', '--plan');
      for (const k of ['topology', 'algorithm', 'source', 'dests'] as const)
        if (o[k] === undefined) throw new McsimError(`--plan needs --${k}`, '--plan');
      const config = resolveConfig({ sets: [`network.topology=${o.topology}`, ...o.set], seed: o.seed });
      checkResources(config, { maxMemoryMb: o.maxMemory });
      status = tracePlan(
        config,
        {
          algorithm: o.algorithm!,
          source: o.source!,
          dests: o.dests!,
          length: o.length,
        },
        { write, window },
      ).status;
    } else {
      for (const k of ['topology', 'algorithm', 'source', 'dests'] as const)
        if (o[k] !== undefined) throw new McsimError(`--${k} goes with --plan`, `--${k}`);
      const config = resolveConfig({ file, sets: o.set, seed: o.seed });
      checkResources(config, { maxMemoryMb: o.maxMemory });
      status = runSimulation(config, { trace: { write, window } }).outcome.status;
    }
  } finally {
    file_?.close();
  }
  const page = viewerPage(assembleTrace(lines), await viewerScript());
  mkdirSync(dirname(o.out), { recursive: true });
  writeFileSync(o.out, page);
  const worms = lines.filter((l) => l.type === 'worm').length;
  process.stdout.write(`wrote ${o.out} (${worms} worm(s), ${status})\n`);
  return status === 'deadlock' ? 3 : 0;
}

import type { McsimConfig } from '../config/schema.js';
import type { RunOptions, RunResult } from '../run/result.js';
import type { Runner } from '../run/runner.js';
import { McsimError } from '../util/errors.js';
import { newRun } from './keep-warm.js';
import { RUNNERS } from './runners.js';

/**
 * One run of a resolved config by the runner of its workload type (sim/runners.ts): a flit-level
 * simulation, an analysis, or an InfiniBand collective. Deterministic in the seed.
 */
export function runSimulation(config: McsimConfig, options: RunOptions = {}): RunResult {
  newRun();
  const runner = runnerFor(config.workload.type);
  if (options.trace && runner.noTrace !== undefined) throw new McsimError(runner.noTrace, '--trace');
  return runner.run(config, options);
}

/** The runner of a workload type; McsimError naming the valid ones otherwise. */
export function runnerFor(type: string): Runner {
  if (!Object.hasOwn(RUNNERS, type))
    throw new McsimError(
      `unknown workload type "${type}" (allowed: ${Object.keys(RUNNERS).join(', ')})`,
      'workload.type',
    );
  return RUNNERS[type as keyof typeof RUNNERS] as Runner;
}

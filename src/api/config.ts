import { parseConfig } from '../config/load.js';
import type { McsimConfig, McsimConfigInput } from '../config/schema.js';
import type { RunOptions, RunResult } from '../run/result.js';
import { runSimulation } from '../sim/run.js';

/**
 * A config written in TypeScript, checked by the type checker: a misspelt field or a value of the
 * wrong type is a compile error, where `parseConfig(input: unknown)` finds it only at run time.
 * Returns its argument; `parseConfig` (or `simulate`) fills in the defaults.
 *
 *     const config = defineConfig({ network: { topology: 'mesh:8x8' }, workload: { type: 'uniform', load: 0.05 } });
 */
export function defineConfig(config: McsimConfigInput): McsimConfigInput {
  return config;
}

/** Parses a config (defaults filled in, McsimError on bad input) and runs it: `mcsim run` in code. */
export function simulate(config: McsimConfigInput | McsimConfig, options: RunOptions = {}): RunResult {
  return runSimulation(parseConfig(config), options);
}

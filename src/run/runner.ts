import type { McsimConfig } from '../config/schema.js';
import type { WorkloadType } from '../config/workload-schema.js';
import type { RunOptions, RunResult } from './result.js';

/** A config whose workload is of type T. */
export type ConfigOf<T extends WorkloadType> = Omit<McsimConfig, 'workload'> & {
  workload: Extract<McsimConfig['workload'], { type: T }>;
};

/**
 * How one workload type is run: the flit engine fed by the type's driver (uniform, messages,
 * multicast, mixed), an analysis that moves no flits (steps, plan-metrics), or 003's collectives on
 * a fabric of their own (ib-collective). Each runner is one module, registered in one line in
 * sim/runners.ts; runSimulation (sim/run.ts) runs the one of the config's workload type.
 */
export interface Runner<T extends WorkloadType = WorkloadType> {
  readonly type: T;
  /** What the run does, in a line. */
  readonly description: string;
  /**
   * Why a trace is refused (the message of the `--trace` error), for a run whose flits the engine's
   * trace does not record; absent for the flit-level runs, which a trace records (docs/trace.md).
   */
  readonly noTrace?: string;
  /** Runs a resolved config; deterministic in its seed. */
  run(config: ConfigOf<T>, options: RunOptions): RunResult;
}

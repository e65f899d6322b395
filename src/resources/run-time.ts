import type { McsimConfig } from '../config/schema.js';
import { McsimError } from '../util/errors.js';
import { estimatedCost } from './cost.js';

/**
 * Seconds per unit of `estimatedCost`: the full reproduction's records of 2026-11-26 (2 workers on
 * the project's 2-core machines) took 250 to 650 s per 10^9 units, by workload and switch model
 * (reproduction/scripts/pool-estimate.ts reads them). A machine twice as fast halves it: the
 * estimate is for orders of magnitude, not minutes.
 */
const SECONDS_PER_COST = 4e-7;
/** A single run estimated longer than this is refused: a week in one process is a mistake. */
export const LONGEST_RUN_SECONDS = 7 * 24 * 3600;

/** A run's expected wall time in seconds on one core of a machine like the project's. */
export function estimatedSeconds(config: McsimConfig): number {
  return estimatedCost(config) * SECONDS_PER_COST;
}

/**
 * Refuses a run that would take longer than LONGEST_RUN_SECONDS (a cycle count typed with three
 * zeros too many), naming its longest phase; returns the estimate otherwise.
 */
export function checkRunTime(config: McsimConfig): number {
  const s = estimatedSeconds(config);
  if (s <= LONGEST_RUN_SECONDS) return s;
  const w = config.workload;
  const phases =
    w.type === 'uniform' || w.type === 'mixed'
      ? ([
          ['workload.warmup', w.warmup],
          ['workload.measure', w.measure],
        ] as const)
      : [];
  const longest = [...phases].sort((a, b) => b[1] - a[1])[0];
  throw new McsimError(
    `this run would take about ${humanTime(s)} of simulation${longest ? ` (${longest[1].toLocaleString('en-US')} cycles)` : ''}, more than a week on one core; lower it, or split the work into a sweep`,
    longest?.[0] ?? 'workload',
  );
}

/** 90 s, 12 minutes, 3.5 hours, 40 days, ... */
export function humanTime(s: number): string {
  if (s < 120) return `${Math.round(s)} s`;
  if (s < 7200) return `${Math.round(s / 60)} minutes`;
  if (s < 3 * 86400) return `${(s / 3600).toFixed(1)} hours`;
  if (s < 1000 * 365 * 86400) return `${Math.round(s / 86400).toLocaleString('en-US')} days`;
  return 'thousands of years';
}

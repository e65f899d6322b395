import type { RunMetrics } from '../metrics/types.js';
import { flatten } from '../results/writers.js';
import type { RunOutcome } from '../run/outcome.js';
import { VERSION } from '../version.js';
import type { Point } from './points.js';

/**
 * One line of a sweep's results file: a point (parameters and seed) and how it ended. Sweeps write
 * these; summaries, claims and plots only read them, and read only `dataPoints` of them.
 */
export interface PointRecord {
  experiment: string;
  key: string;
  index: number;
  params: Record<string, unknown>;
  seed: number;
  /**
   * `ok`: the run completed and its metrics are data. `failed`: it threw, deadlocked, or stopped
   * with measured messages unfinished; `error` says why, and `metrics` (when present) describe
   * only what finished, for diagnosis, never as data.
   */
  status: 'ok' | 'failed';
  error?: string;
  /** How the simulation ended, when it ran to an end (absent when it threw). */
  outcome?: RunOutcome;
  metrics?: RunMetrics;
  /**
   * Hash of everything that shapes the point's result: its resolved config and the mcsim version.
   * A resumed sweep reuses a record only when this matches.
   */
  hash?: string;
  version: string;
  /** Seconds the simulation took (for a reused point, the run it was taken from). */
  seconds: number;
  /**
   * The experiment whose run of the same config and seed this record's result was taken from
   * (shared-points.ts), when the point was not simulated for this experiment itself.
   */
  reusedFrom?: string;
}

/** How a point ended, as its record says it. */
export type PointResult = Pick<
  PointRecord,
  'status' | 'error' | 'outcome' | 'metrics' | 'seconds' | 'reusedFrom'
>;

/** Point p's record in `experiment`, with this mcsim version (fields in the results file's order). */
export function recordOf(experiment: string, p: Point, r: PointResult): PointRecord {
  return {
    experiment,
    key: p.key,
    index: p.index,
    params: p.params,
    seed: p.seed,
    status: r.status,
    ...(r.error !== undefined ? { error: r.error } : {}),
    ...(r.outcome !== undefined ? { outcome: r.outcome } : {}),
    ...(r.metrics !== undefined ? { metrics: r.metrics } : {}),
    hash: p.hash,
    version: VERSION,
    seconds: r.seconds,
    ...(r.reusedFrom !== undefined ? { reusedFrom: r.reusedFrom } : {}),
  };
}

/**
 * The records that are data: completed runs with metrics, of parameter sets whose every seed
 * completed (a mean over only the seeds that survived would be biased toward the lucky ones), in
 * point order (index, then seed; the sort is stable). A sweep appends records as its workers
 * finish them, so the file's order varies from run to run; means summed in that order differed in
 * their last bits, and a claim comparing two equal times (003 C5a at 128 B) flipped between runs.
 */
export function dataPoints(records: readonly PointRecord[]): PointRecord[] {
  const spoiled = new Set(records.filter((r) => r.status !== 'ok').map((r) => JSON.stringify(r.params)));
  return records
    .filter((r) => r.status === 'ok' && r.metrics !== undefined && !spoiled.has(JSON.stringify(r.params)))
    .sort((a, b) => a.index - b.index || a.seed - b.seed);
}

/** The failed records, as "param=value (, ...): reason" lines, for summaries that must say what is missing. */
export function failureLines(records: readonly PointRecord[], paths: readonly string[]): string[] {
  return records
    .filter((r) => r.status === 'failed')
    .map((r) => {
      const at = paths
        .filter((p) => p in r.params)
        .map((p) => `${p.split('.').pop()}=${String(r.params[p])}`)
        .join(', ');
      return `${at || r.key} seed ${r.seed}: ${r.error ?? 'failed'}`;
    });
}

/** The newest record of each key (a later line supersedes earlier ones), in first-seen key order. */
export function latestPerKey(records: readonly PointRecord[]): Map<string, PointRecord> {
  const out = new Map<string, PointRecord>();
  for (const r of records) out.set(r.key, r);
  return out;
}

/** Flat CSV rows of records: parameters, seed, status, reason, metrics (pandas-friendly columns). */
export function recordRows(records: readonly PointRecord[]): Array<Record<string, unknown>> {
  return records.map((r) => ({
    ...flatten({ params: r.params }),
    seed: r.seed,
    status: r.status,
    error: r.error ?? '',
    ...flatten({ metrics: r.metrics ?? {} }),
  }));
}

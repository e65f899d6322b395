import type { Estimate } from '../stats/compare.js';
import { combineSeeds, type Interval, type SeedEstimate } from '../stats/interval.js';
import { valueAt } from './fields.js';
import type { PointRecord } from './record.js';

/**
 * The interval a record carries for a metric path ("metrics.latency.mean" reads
 * metrics.intervals["latency.mean"]); undefined when the run reported none for it.
 */
export function intervalAt(r: PointRecord, path: string): Interval | undefined {
  if (!path.startsWith('metrics.')) return undefined;
  return r.metrics?.intervals?.[path.slice('metrics.'.length)];
}

/** One record's value of a metric and its within-run interval, if the value is a number. */
export function seedEstimate(r: PointRecord, path: string): SeedEstimate | undefined {
  const v = Number(valueAt(r, path));
  if (!Number.isFinite(v)) return undefined;
  return { mean: v, interval: intervalAt(r, path) };
}

/**
 * A point's mean of a metric over its seeds (the records of one parameter set), with its 95%
 * interval (stats/interval.ts, combineSeeds); undefined when no record has the value.
 */
export function pointEstimate(
  records: readonly PointRecord[],
  path: string,
): { mean: number; interval: Interval } | undefined {
  const seeds = records.map((r) => seedEstimate(r, path)).filter((s) => s !== undefined);
  return seeds.length ? combineSeeds(seeds) : undefined;
}

/** The estimate (mean and half-width) a claim compares. */
export function asEstimate(p: { mean: number; interval: Interval }): Estimate {
  return { y: p.mean, h: p.interval.halfWidth };
}

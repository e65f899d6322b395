import { availableParallelism } from 'node:os';
import { checkResources } from '../resources/check.js';
import type { ResourceEstimate } from '../resources/estimate.js';
import { effective, expandPoints } from './points.js';
import type { Experiment } from './schema.js';

export interface SweepResourceOptions {
  quick: boolean;
  workers?: number | undefined;
  maxMemoryMb?: number | undefined;
  shard?: { index: number; count: number } | undefined;
}

/**
 * The resource check of a sweep, before any worker starts: its largest point, times the points
 * that run at once (one per worker). Points that differ only in their seed are estimated once.
 */
export function checkSweepResources(exp: Experiment, o: SweepResourceOptions): ResourceEstimate | undefined {
  const points = expandPoints(effective(exp, o.quick)).filter(
    (p) => !o.shard || p.index % o.shard.count === o.shard.index,
  );
  if (points.length === 0) return undefined;
  const parallel = Math.min(o.workers ?? availableParallelism(), points.length);
  const seen = new Set<string>();
  let largest: ResourceEstimate | undefined;
  let largestConfig = points[0]!.config;
  for (const p of points) {
    const k = JSON.stringify({ network: p.config.network, workload: p.config.workload });
    if (seen.has(k)) continue;
    seen.add(k);
    // Checked one by one, so the refusal names the first point that cannot fit even alone.
    const est = checkResources(p.config, { maxMemoryMb: o.maxMemoryMb });
    if (!largest || est.mb > largest.mb) {
      largest = est;
      largestConfig = p.config;
    }
  }
  if (parallel > 1) checkResources(largestConfig, { maxMemoryMb: o.maxMemoryMb, parallel });
  return largest;
}

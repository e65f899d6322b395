import { dataPoints, type PointRecord } from './record.js';

const ENDS = [
  ['converged', 'converged'],
  ['cap', 'reached the cap'],
  ['unstable', 'ended as unstable'],
  ['deadlock', 'stopped by a deadlock'],
] as const;

/**
 * How a sweep's measurement windows ended, for its summary (docs/results.md, "Run length by
 * convergence"): how many runs converged, reached the cap or were stopped as unstable, and, among
 * the runs that are data, each message set that stayed below the minimum count
 * (metrics.window.belowMinimum) in how many runs and with how many messages. A mean on such a set
 * did not converge by the rule, whatever its interval; the summary says so rather than let the
 * description's stopping rule speak for it.
 * Empty when no run could end by convergence.
 */
export function windowEndsText(records: readonly PointRecord[]): string[] {
  const windows = records.flatMap((r) => (r.metrics?.window ? [r.metrics.window] : []));
  if (!windows.some((w) => w.endedBy !== 'fixed')) return [];
  const ends = ENDS.map(([end, text]) => [windows.filter((w) => w.endedBy === end).length, text] as const)
    .filter(([n]) => n > 0)
    .map(([n, text]) => `${n} ${text}`);
  const lines = [
    `Measurement windows of the ${windows.length} runs (docs/results.md, "Run length by convergence"): ${ends.join(', ')}.`,
  ];
  // Only the runs whose means are data: an unstable run's short classes are no news.
  const short = new Map<string, number[]>();
  for (const r of dataPoints(records))
    for (const [set, n] of Object.entries(r.metrics?.window?.belowMinimum ?? {}))
      short.set(set, [...(short.get(set) ?? []), n]);
  if (short.size) {
    const sets = [...short].map(
      ([set, ns]) =>
        `${set === 'all' ? 'all messages' : `the ${set} class`} in ${ns.length} run(s) (${Math.min(...ns)} to ${Math.max(...ns)} finished)`,
    );
    lines[0] += ` Below the minimum count of finished measured messages, so not converged whatever their intervals (each mean keeps its run's own interval), in the runs that are data: ${sets.join('; ')}.`;
  }
  return [...lines, ''];
}

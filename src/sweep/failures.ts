import { valueAt } from './fields.js';
import type { PointRecord } from './record.js';
import type { Experiment } from './schema.js';

/** Failed points of one series, with what kind of failure and at which x values. */
export interface FailedGroup {
  series: string;
  kind: 'deadlocked' | 'saturated' | 'failed';
  xs: number[];
  count: number;
  example: PointRecord;
  /** "dual-path: saturated at load 0.09, 0.1 (4 point(s))". */
  text: string;
}

/**
 * Where each series' data end: its failed points (deadlocked, unfinished or errors) by x, so a
 * table or a plot that leaves them out says so.
 */
export function failedGroups(exp: Experiment, records: readonly PointRecord[]): FailedGroup[] {
  const xPath = exp.plot?.x;
  const sPath = exp.plot?.series;
  const bySeries = new Map<string, PointRecord[]>();
  for (const r of records) {
    if (r.status !== 'failed') continue;
    const s = sPath ? String(valueAt(r, sPath)) : '';
    bySeries.set(s, [...(bySeries.get(s) ?? []), r]);
  }
  return [...bySeries].map(([series, rs]) => {
    const kind = rs.some((r) => r.outcome?.status === 'deadlock')
      ? 'deadlocked'
      : rs.every((r) => r.outcome?.status === 'unfinished')
        ? 'saturated'
        : 'failed';
    const xs = xPath ? [...new Set(rs.map((r) => Number(valueAt(r, xPath))))].sort((a, b) => a - b) : [];
    const where = xs.length ? ` at ${xPath!.split('.').pop()} ${xs.join(', ')}` : '';
    const text = `${series ? `${series}: ` : ''}${kind}${where} (${rs.length} point(s))`;
    return { series, kind, xs, count: rs.length, example: rs[0]!, text };
  });
}

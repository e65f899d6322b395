import { valueAt } from '../fields.js';
import { dataPoints, type PointRecord } from '../record.js';

export interface XY {
  x: number;
  y: number;
}

/** Series name -> points sorted by x; y is the mean over seeds. */
export type Series = Map<string, XY[]>;

/**
 * Mean of a metric per (series value, x value) over seeds, from completed points only. The series
 * and x are read at a swept parameter or at any field of the record (e.g. metrics.plan.nodes).
 */
export function seriesOf(
  records: readonly PointRecord[],
  seriesPath: string,
  xPath: string,
  metric: (r: PointRecord) => number | undefined,
): Series {
  const acc = new Map<string, Map<number, number[]>>();
  for (const r of dataPoints(records)) {
    const y = metric(r);
    if (y === undefined || Number.isNaN(y)) continue;
    const s = String(valueAt(r, seriesPath));
    const x = Number(valueAt(r, xPath));
    if (!Number.isFinite(x)) continue;
    let m = acc.get(s);
    if (!m) acc.set(s, (m = new Map()));
    m.set(x, [...(m.get(x) ?? []), y]);
  }
  const out: Series = new Map();
  for (const [s, m] of acc)
    out.set(
      s,
      [...m]
        .sort((a, b) => a[0] - b[0])
        .map(([x, ys]) => ({ x, y: ys.reduce((a, b) => a + b, 0) / ys.length })),
    );
  return out;
}

/** The y of a series at x, if measured. */
export function at(s: Series, name: string, x: number): number | undefined {
  return s.get(name)?.find((p) => p.x === x)?.y;
}

/** The x values at which every named series has a value, ascending. */
export function commonXs(s: Series, names: readonly string[]): number[] {
  const first = s.get(names[0]!) ?? [];
  return first.map((p) => p.x).filter((x) => names.every((n) => at(s, n, x) !== undefined));
}

/** Names among `names` with no data at all. */
export function missing(s: Series, names: readonly string[]): string[] {
  return names.filter((n) => (s.get(n) ?? []).length === 0);
}

import { valueAt } from './fields.js';
import type { PointRecord } from './record.js';

/**
 * When a point of a load sweep is past saturation (002 sec. 7.1: "latency is infinite in a stable but
 * saturated system"; the rule is ours, after the 002 notes sec. 3.1). A point is past saturation
 * when it failed (measured messages unfinished after the drain, or a deadlock), when its received
 * load is below `received` times its offered load, or when its mean latency exceeds `latencyFactor`
 * times the latency of its series at the series' lowest load (a stand-in for the notes' growing
 * source queues, which mcsim does not record); and every point of a series above a saturated load
 * is past saturation too.
 */
export interface SaturationRule {
  received: number;
  latencyFactor?: number | undefined;
}

const LATENCY = 'metrics.latency.mean';

/** The records past saturation, per series (`seriesPath`, or all one series) along `xPath`. */
export function saturatedPoints(
  records: readonly PointRecord[],
  seriesPath: string | undefined,
  xPath: string,
  rule: SaturationRule,
): Set<PointRecord> {
  const bySeries = new Map<string, PointRecord[]>();
  for (const r of records) {
    const s = seriesPath ? String(valueAt(r, seriesPath)) : '';
    bySeries.set(s, [...(bySeries.get(s) ?? []), r]);
  }
  const out = new Set<PointRecord>();
  for (const rs of bySeries.values()) {
    const xs = [...new Set(rs.map((r) => Number(valueAt(r, xPath))))].sort((a, b) => a - b);
    const at = (x: number) => rs.filter((r) => Number(valueAt(r, xPath)) === x);
    const base = at(xs[0]!).find((r) => r.status === 'ok');
    const baseLat = base ? Number(valueAt(base, LATENCY)) : Number.NaN;
    let past = false;
    for (const x of xs) {
      for (const r of at(x)) {
        const acc = Number(valueAt(r, 'metrics.throughput.accepted'));
        const off = Number(valueAt(r, 'metrics.throughput.offered'));
        const lat = Number(valueAt(r, LATENCY));
        if (
          r.status !== 'ok' ||
          acc < rule.received * off ||
          (rule.latencyFactor !== undefined && Number.isFinite(baseLat) && lat > rule.latencyFactor * baseLat)
        )
          past = true;
      }
      if (past) for (const r of at(x)) out.add(r);
    }
  }
  return out;
}

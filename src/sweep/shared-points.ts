import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readJsonl } from '../results/read.js';
import { VERSION } from '../version.js';
import type { Point } from './points.js';
import { type PointRecord, recordOf } from './record.js';

/**
 * Points that another experiment in the same results folder has already simulated. Two figures
 * of a paper often plot two metrics of one set of runs (002 Figs. 14 and 15: latency and received
 * load of the same 400 points): a point's `hash` covers its whole resolved config, seed included,
 * and the mcsim version, and the same config and seed give the same result to the byte, so a
 * record with that hash in any results file of the folder is that point's result. Reused on the
 * same terms as a sweep's own earlier records: completed, or ended with an outcome (deadlocked,
 * saturated); a point that threw runs again.
 */
export class SharedPoints {
  private byHash: Map<string, PointRecord> | undefined;

  constructor(
    private readonly outDir: string,
    private readonly ownFile: string,
  ) {}

  /** The record of another experiment with point p's hash, or undefined. */
  find(p: Point): PointRecord | undefined {
    this.byHash ??= this.load();
    return this.byHash.get(p.hash);
  }

  /**
   * The folder's other results files (the sweep's own file is read by the sweep itself), read
   * once. A file that cannot be read is passed over: reuse only ever saves a run, and the file's
   * own sweep reports what is wrong with it.
   */
  private load(): Map<string, PointRecord> {
    const out = new Map<string, PointRecord>();
    let names: string[];
    try {
      names = readdirSync(this.outDir).filter((f) => f.endsWith('.jsonl'));
    } catch {
      return out;
    }
    names.sort();
    const own = resolve(this.ownFile);
    for (const name of names) {
      const file = join(this.outDir, name);
      if (resolve(file) === own) continue;
      let records: PointRecord[];
      try {
        records = readJsonl<PointRecord>(file);
      } catch {
        continue;
      }
      for (const r of records) if (reusable(r) && !out.has(r.hash!)) out.set(r.hash!, r);
    }
    return out;
  }
}

/** A point record of this mcsim version that ran to an end (a results file may hold other lines). */
function reusable(r: PointRecord): boolean {
  return (
    typeof r === 'object' &&
    typeof r.hash === 'string' &&
    typeof r.experiment === 'string' &&
    typeof r.key === 'string' &&
    r.version === VERSION &&
    (r.status === 'ok' || (r.status === 'failed' && r.outcome !== undefined))
  );
}

/** Point p's record in experiment `experiment`, its result taken from another experiment's record r. */
export function reusedRecord(experiment: string, p: Point, r: PointRecord): PointRecord {
  return recordOf(experiment, p, { ...r, reusedFrom: r.reusedFrom ?? r.experiment });
}

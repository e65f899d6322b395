import { existsSync, readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { catalog } from '../reproduction/catalog.js';
import { checkKeysInFile } from '../src/config/keys.js';
import { chartFromRecords, plotExperiment, writeChart } from '../src/plot/from-records.js';
import { readSweepRecords } from '../src/results/read.js';
import { latestPerKey, type PointRecord } from '../src/sweep/record.js';
import type { Experiment } from '../src/sweep/schema.js';
import { loadExperiment } from '../src/sweep/sweep.js';
import { McsimError } from '../src/util/errors.js';

export interface PlotOpts {
  x?: string;
  y?: string;
  experiment?: string;
  series?: string;
  out?: string;
  xlabel?: string;
  ylabel?: string;
  title?: string;
  logx?: boolean;
  logy?: boolean;
}

/**
 * `mcsim plot RESULTS`: without --x/--y, the figures the experiment itself defines (the records
 * name their experiment), drawn exactly as the sweep draws them; with --x and --y, a custom chart.
 */
export function plotCommand(file: string, o: PlotOpts): void {
  if (!existsSync(file)) throw new McsimError(`no results file "${file}"; ${nearbyResults(file)}`);
  // A newer line for a point supersedes older ones (a re-run after an edit), as in the sweep.
  let cut: number | undefined;
  const read = readSweepRecords<PointRecord>(file, (line) => {
    cut = line;
  });
  const records = [...latestPerKey(read).values()].sort((a, b) => a.index - b.index);
  if (records.length === 0) throw new McsimError(`results file "${file}" holds no records`);
  if (cut !== undefined)
    console.log(
      `note: line ${cut} of ${file} is cut mid-way (a write that was interrupted) and left out: ${records.length} point(s) plotted; resuming the sweep runs that point again`,
    );
  const prefix = o.out ?? file.replace(/\.jsonl$/, '');
  if (o.x === undefined && o.y === undefined) {
    const exp = experimentOf(records, file, o.experiment);
    if (!exp.plot)
      throw new McsimError(`experiment "${exp.id}" defines no plot; give --x and --y for a chart`);
    for (const w of plotExperiment(exp, records, prefix)) console.log(`wrote ${w.svg} and ${w.png}`);
    return;
  }
  if (o.x === undefined || o.y === undefined)
    throw new McsimError(
      'give both --x and --y for a custom chart, or neither for the figures of the experiment',
    );
  const ys = o.y.split(',');
  ys.forEach((y, i) => {
    const spec = chartFromRecords(records, {
      x: o.x!,
      y,
      series: o.series,
      xlabel: o.xlabel,
      ylabel: o.ylabel,
      title: o.title,
      logX: o.logx,
      logY: o.logy,
    });
    if (spec.series.length === 0)
      throw new McsimError(`no numeric values at --x ${o.x} and --y ${y} in "${file}"`);
    const w = writeChart(spec, `${prefix}${ys.length > 1 ? `-${i + 1}` : ''}`);
    console.log(`wrote ${w.svg} and ${w.png}`);
  });
}

/**
 * One record per point, in point order, as the sweep that wrote the file holds them: a later line
 * replaces an earlier one of the same point (a resumed sweep appends), but a failure never replaces a success.
 */
/** The experiment the records belong to: --experiment FILE, or the figure of that id under experiments/. */
function experimentOf(records: PointRecord[], file: string, expFile: string | undefined): Experiment {
  const ids = [...new Set(records.map((r) => r.experiment))];
  if (ids.length > 1)
    throw new McsimError(
      `results file "${file}" mixes experiments ${ids.map((i) => `"${i}"`).join(', ')}; give --x and --y`,
    );
  const id = ids[0]!;
  if (expFile !== undefined) {
    checkKeysInFile(expFile, 'experiment');
    const exp = loadExperiment(expFile);
    if (exp.id !== id)
      throw new McsimError(
        `experiment file "${expFile}" is "${exp.id}", but the records are of "${id}"`,
        '--experiment',
      );
    return exp;
  }
  const found = catalog().find((e) => e.id === id);
  if (!found)
    throw new McsimError(
      `the records are of experiment "${id}", which is not under mcsim's experiments/; give its file with --experiment FILE, or --x and --y`,
    );
  return found.exp;
}

/** What to say when the results file is missing: the results beside it, or how to make some. */
function nearbyResults(file: string): string {
  const dir = dirname(file);
  let near: string[] = [];
  try {
    near = readdirSync(dir).filter((f) => f.endsWith('.jsonl') && !f.includes('.shard-'));
  } catch {
    // No such directory: nothing to list.
  }
  return near.length > 0
    ? `${dir}/ holds ${near.sort().join(', ')}`
    : `run mcsim sweep or mcsim reproduce first (npm start writes results/tpm-fig10-quick.jsonl)`;
}

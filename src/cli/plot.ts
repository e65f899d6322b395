import { existsSync } from 'node:fs';
import type { PointRecord } from '../experiments/record.js';
import { chartFromRecords, writeChart } from '../plot/from-records.js';
import { readJsonl } from '../results/writers.js';
import { McsimError } from '../util/errors.js';

export interface PlotOpts {
  x: string;
  y: string;
  series?: string;
  out?: string;
  xlabel?: string;
  ylabel?: string;
  title?: string;
  logx?: boolean;
  logy?: boolean;
}

/** `mcsim plot RESULTS`: a line chart (SVG and PNG) of a sweep's results file. */
export function plotCommand(file: string, o: PlotOpts): void {
  if (!existsSync(file)) throw new McsimError(`cannot read results file "${file}"`);
  const records = readJsonl<PointRecord>(file);
  if (records.length === 0) throw new McsimError(`results file "${file}" holds no records`);
  const ys = o.y.split(',');
  ys.forEach((y, i) => {
    const spec = chartFromRecords(records, {
      x: o.x,
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
    const prefix = `${o.out ?? file.replace(/\.jsonl$/, '')}${ys.length > 1 ? `-${i + 1}` : ''}`;
    const w = writeChart(spec, prefix);
    console.log(`wrote ${w.svg} and ${w.png}`);
  });
}

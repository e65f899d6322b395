import { writeFileSync } from 'node:fs';
import { pointEstimate } from '../sweep/estimates.js';
import { failedGroups } from '../sweep/failures.js';
import { valueAt } from '../sweep/fields.js';
import { dataPoints, type PointRecord } from '../sweep/record.js';
import { saturatedPoints } from '../sweep/saturation.js';
import type { Experiment } from '../sweep/schema.js';
import { type ChartSpec, renderSvg, svgToPng } from './chart.js';

export interface ChartRequest {
  x: string;
  y: string;
  series?: string | undefined;
  xlabel?: string | undefined;
  ylabel?: string | undefined;
  title?: string | undefined;
  logX?: boolean | undefined;
  logY?: boolean | undefined;
}

/**
 * Lines of mean y against x per series, each point with its 95% interval as an error bar: the
 * interval of the mean over the point's seeds (sweep/estimates.ts), which for one seed is the
 * run's own batch-means or i.i.d. interval.
 */
export function chartFromRecords(records: PointRecord[], req: ChartRequest): ChartSpec {
  const groups = new Map<string, Map<number, PointRecord[]>>();
  for (const r of dataPoints(records)) {
    const x = Number(valueAt(r, req.x));
    const y = Number(valueAt(r, req.y));
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    const s = req.series ? String(valueAt(r, req.series)) : req.y;
    let g = groups.get(s);
    if (!g) groups.set(s, (g = new Map()));
    g.set(x, [...(g.get(x) ?? []), r]);
  }
  // Metrics that cannot be negative keep their intervals at zero or above.
  const nonNegative = [...groups.values()].every((g) =>
    [...g.values()].every((rs) => rs.every((r) => Number(valueAt(r, req.y)) >= 0)),
  );
  const series = [...groups].map(([name, g]) => ({
    name,
    points: [...g]
      .sort((a, b) => a[0] - b[0])
      .map(([x, rs]) => {
        const p = pointEstimate(rs, req.y)!;
        const h = p.interval.halfWidth;
        if (h === null || h === 0) return { x, y: p.mean };
        return { x, y: p.mean, lo: nonNegative ? Math.max(0, p.mean - h) : p.mean - h, hi: p.mean + h };
      }),
  }));
  return {
    title: req.title,
    xlabel: req.xlabel ?? req.x,
    ylabel: req.ylabel ?? req.y,
    logX: req.logX,
    logY: req.logY,
    series,
  };
}

/** Writes PREFIX.svg and PREFIX.png; returns their paths. */
export function writeChart(spec: ChartSpec, prefix: string): { svg: string; png: string } {
  const svg = renderSvg(spec);
  writeFileSync(`${prefix}.svg`, svg);
  writeFileSync(`${prefix}.png`, svgToPng(svg));
  return { svg: `${prefix}.svg`, png: `${prefix}.png` };
}

/**
 * The charts of an experiment's plot spec, one per y column (and per x panel, when the spec has
 * panels): PREFIX-1.svg/png, PREFIX-2...
 */
export function plotExperiment(
  exp: Experiment,
  records: PointRecord[],
  prefix: string,
): Array<{ svg: string; png: string }> {
  const p = exp.plot;
  if (!p) return [];
  const notes = failedGroups(exp, records).map((g) => `left out, not data: ${g.text}`);
  const fig = `${exp.paper ? `${exp.paper} ` : ''}${exp.figure ? `Fig. ${exp.figure}` : exp.id}`;
  // Past saturation a latency is no measurement (002 sec. 7.1): such points leave latency charts.
  const past = p.saturation ? saturatedPoints(records, p.series, p.x) : new Set<PointRecord>();
  const out: Array<{ svg: string; png: string }> = [];
  p.y.forEach((y, i) => {
    const shown = /latency/i.test(y) ? records.filter((r) => !past.has(r)) : records;
    for (const panel of p.panels ?? [undefined]) {
      const kept = panel ? shown.filter((r) => inPanel(panel, r, p.x)) : shown;
      // "(a)" per y column, "(b, large)" with a panel label, ": title" with a panel title.
      const letter = p.y.length > 1 ? String.fromCharCode(97 + i) : '';
      const parts = [letter, panel?.label].filter((x) => x);
      const suffix = parts.length > 0 ? ` (${parts.join(', ')})` : '';
      const title = `${p.title ?? `${fig}${suffix}`}${panel?.title ? `: ${panel.title}` : ''}`;
      out.push(
        writeChart(
          {
            ...chartFromRecords(kept, {
              x: p.x,
              y,
              series: p.series,
              xlabel: p.xlabel,
              ylabel: p.ylabels?.[i],
              title,
              logX: p.logX,
              logY: p.logY,
            }),
            notes,
          },
          `${prefix}-${out.length + 1}`,
        ),
      );
    }
  });
  return out;
}

type Panel = NonNullable<NonNullable<Experiment['plot']>['panels']>[number];

/** Does record r belong to a panel: its parameters match `where`, its x lies in [from, to]? */
function inPanel(panel: Panel, r: PointRecord, x: string): boolean {
  if (panel.where && !Object.entries(panel.where).every(([k, v]) => valueAt(r, k) === v)) return false;
  const v = Number(valueAt(r, x));
  return (panel.from === undefined || v >= panel.from) && (panel.to === undefined || v <= panel.to);
}

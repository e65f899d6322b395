import { writeFileSync } from 'node:fs';
import { failedGroups } from '../experiments/failures.js';
import { valueAt } from '../experiments/fields.js';
import { dataPoints, type PointRecord } from '../experiments/record.js';
import type { Experiment } from '../experiments/schema.js';
import { type ChartSpec, renderSvg, svgToPng } from './chart.js';

/** Student's t, 97.5% quantiles for 1..10 degrees of freedom (then ~normal). */
const T = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228];

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

/** Lines of mean y against x per series; with several seeds per point, a 95% interval of the mean. */
export function chartFromRecords(records: PointRecord[], req: ChartRequest): ChartSpec {
  const groups = new Map<string, Map<number, number[]>>();
  for (const r of dataPoints(records)) {
    const x = Number(valueAt(r, req.x));
    const y = Number(valueAt(r, req.y));
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    const s = req.series ? String(valueAt(r, req.series)) : req.y;
    let g = groups.get(s);
    if (!g) groups.set(s, (g = new Map()));
    g.set(x, [...(g.get(x) ?? []), y]);
  }
  // Metrics that cannot be negative keep their intervals at zero or above.
  const nonNegative = [...groups.values()].every((g) =>
    [...g.values()].every((ys) => ys.every((y) => y >= 0)),
  );
  const series = [...groups].map(([name, g]) => ({
    name,
    points: [...g]
      .sort((a, b) => a[0] - b[0])
      .map(([x, ys]) => {
        const n = ys.length;
        const m = ys.reduce((a, b) => a + b, 0) / n;
        if (n < 2) return { x, y: m };
        const sd = Math.sqrt(ys.reduce((a, b) => a + (b - m) ** 2, 0) / (n - 1));
        const h = ((T[n - 2] ?? 1.96) * sd) / Math.sqrt(n);
        return { x, y: m, lo: nonNegative ? Math.max(0, m - h) : m - h, hi: m + h };
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
  const charts: Array<{ y: string; i: number; suffix: string; recs: PointRecord[] }> = [];
  p.y.forEach((y, i) => {
    if (!p.panels)
      charts.push({ y, i, suffix: p.y.length > 1 ? ` (${String.fromCharCode(97 + i)})` : '', recs: records });
    else
      for (const panel of p.panels) {
        const inPanel = (r: PointRecord) => {
          const x = Number(valueAt(r, p.x));
          return x >= panel.from && x <= panel.to;
        };
        const which = p.y.length > 1 ? `${String.fromCharCode(97 + i)}, ` : '';
        charts.push({ y, i, suffix: ` (${which}${panel.label})`, recs: records.filter(inPanel) });
      }
  });
  return charts.map((c, k) =>
    writeChart(
      {
        ...chartFromRecords(c.recs, {
          x: p.x,
          y: c.y,
          series: p.series,
          xlabel: p.xlabel,
          ylabel: p.ylabels?.[c.i],
          title: p.title ?? `${fig}${c.suffix}`,
          logX: p.logX,
          logY: p.logY,
        }),
        notes,
      },
      `${prefix}-${k + 1}`,
    ),
  );
}

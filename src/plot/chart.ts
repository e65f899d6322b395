import * as Plot from '@observablehq/plot';
import { Resvg } from '@resvg/resvg-js';
import { parseHTML } from 'linkedom';

/** A line chart: one line per series, error bars where points carry an interval (95% CI of the mean). */
export interface ChartSpec {
  title?: string;
  xlabel: string;
  ylabel: string;
  logX?: boolean;
  logY?: boolean;
  series: Array<{ name: string; points: Array<{ x: number; y: number; lo?: number; hi?: number }> }>;
  /** Lines printed under the plot, e.g. which points were left out as not data. */
  notes?: string[];
}

const WIDTH = 720;
const HEIGHT = 420;

/**
 * Renders a chart to SVG text with Observable Plot on a server-side DOM (linkedom): axes with
 * labels, one coloured line and dots per series, error bars where the points carry an interval,
 * and a legend (swatch and name per series) to the right of the plot area.
 */
export function renderSvg(spec: ChartSpec): string {
  const { document } = parseHTML('<!DOCTYPE html><html><body></body></html>');
  const rows = spec.series.flatMap((s) => s.points.map((p) => ({ ...p, series: s.name })));
  const names = spec.series.map((s) => s.name);
  // A log axis cannot draw a bar that reaches zero: such bars are cut at a tenth of the mean.
  const withBars = rows
    .filter((r) => r.lo !== undefined && r.hi !== undefined && r.hi > r.lo)
    .map((r) => (spec.logY && r.lo! <= 0 ? { ...r, lo: r.y / 10 } : r));
  const color = { domain: names, scheme: 'tableau10' as const };
  // Room for the longest series name (about 7.5 px a character at 12 px), at least 150 px.
  const legendWidth = Math.max(150, 16 + 7.5 * Math.max(0, ...names.map((n) => n.length)));
  const chart = Plot.plot({
    document,
    width: WIDTH,
    height: HEIGHT,
    marginLeft: 70,
    marginRight: legendWidth,
    marginBottom: 45,
    style: { fontFamily: 'sans-serif', fontSize: '12px', background: 'white' },
    x: {
      label: spec.xlabel,
      type: spec.logX ? 'log' : 'linear',
      grid: true,
      labelAnchor: 'center',
      labelArrow: 'none',
    },
    y: {
      label: spec.ylabel,
      type: spec.logY ? 'log' : 'linear',
      grid: true,
      labelAnchor: 'center',
      labelArrow: 'none',
      nice: true,
    },
    color,
    marks: [
      Plot.frame({ stroke: '#999' }),
      // z names the grouping: series named by numbers would otherwise read as a quantitative channel.
      Plot.line(rows, { x: 'x', y: 'y', z: 'series', stroke: 'series', strokeWidth: 2, sort: 'x' }),
      Plot.dot(rows, { x: 'x', y: 'y', fill: 'series', r: 3 }),
      ...(withBars.length
        ? [Plot.ruleX(withBars, { x: 'x', y1: 'lo', y2: 'hi', stroke: 'series', strokeWidth: 1.5 })]
        : []),
    ],
  }) as unknown as { outerHTML: string };
  // Legend: a second Plot of one swatch and label per series, placed in the right margin.
  const legend = Plot.plot({
    document,
    width: legendWidth,
    height: 22 * names.length + 10,
    margin: 0,
    marginLeft: 8,
    axis: null,
    x: { domain: [0, 10] },
    y: { domain: names, type: 'band' },
    color,
    style: { fontFamily: 'sans-serif', fontSize: '12px' },
    marks: [
      Plot.ruleY(names, { y: (d: string) => d, x1: 0, x2: 1.2, stroke: (d: string) => d, strokeWidth: 3 }),
      Plot.text(names, {
        y: (d: string) => d,
        x: 1.6,
        text: (d: string) => d,
        textAnchor: 'start',
        fill: 'black',
      }),
    ],
  }) as unknown as { outerHTML: string };
  const title = spec.title
    ? `<text x="${WIDTH / 2}" y="18" text-anchor="middle" font-family="sans-serif" font-size="14" font-weight="bold">${escapeXml(spec.title)}</text>`
    : '';
  const top = spec.title ? 26 : 0;
  const notes = spec.notes ?? [];
  const height = HEIGHT + top + notes.length * 16;
  const noteText = notes.map(
    (n, i) =>
      `<text x="12" y="${HEIGHT + top + 12 + i * 16}" font-family="sans-serif" font-size="11" fill="#555">${escapeXml(n)}</text>`,
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    title,
    ...noteText,
    `<g transform="translate(0,${top})">${withNs(chart.outerHTML)}</g>`,
    `<g transform="translate(${WIDTH - legendWidth + 10},${top + 30})">${withNs(legend.outerHTML)}</g>`,
    '</svg>',
  ].join('\n');
}

function withNs(svg: string): string {
  return svg.includes('xmlns=') ? svg : svg.replace('<svg', '<svg xmlns="http://www.w3.org/2000/svg"');
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Rasterises SVG text to PNG with resvg (no browser, no canvas). */
export function svgToPng(svg: string, scale = 2): Buffer {
  const r = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
  });
  return r.render().asPng();
}

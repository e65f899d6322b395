import { CLAIMS } from './claims.js';
import { valueAt } from './fields.js';
import type { Experiment } from './schema.js';
import type { PointRecord } from './sweep.js';

const fmt = (v: unknown) =>
  typeof v === 'number'
    ? Number.isInteger(v)
      ? String(v)
      : v.toFixed(Math.abs(v) >= 100 ? 0 : 2)
    : String(v ?? '');

/**
 * A Markdown summary of a sweep: for each plotted metric a table (x down, one column per series,
 * means over seeds), then the paper's claims about the figure and whether they hold, with numbers.
 */
export function summaryMarkdown(
  exp: Experiment,
  records: PointRecord[],
  label = '',
  images: string[] = [],
): string {
  const lines = [`### ${exp.title}${label ? ` (${label})` : ''}`, ''];
  if (exp.description) lines.push(exp.description.trim(), '');
  for (const img of images) lines.push(`![${exp.id}](${img})`, '');
  const plot = exp.plot;
  const ok = records.filter((r) => r.status === 'ok');
  if (plot) {
    const seriesPath = plot.series;
    const series = seriesPath ? [...new Set(ok.map((r) => String(valueAt(r, seriesPath))))] : [''];
    const xs = [...new Set(ok.map((r) => Number(valueAt(r, plot.x))))].sort((a, b) => a - b);
    plot.y.forEach((y, yi) => {
      lines.push(`**${plot.ylabels?.[yi] ?? y}** against ${plot.xlabel ?? plot.x}:`, '');
      lines.push(`| ${plot.xlabel ?? plot.x} | ${series.map((s) => s || y).join(' | ')} |`);
      lines.push(`| ---: | ${series.map(() => '---:').join(' | ')} |`);
      for (const x of xs) {
        const cells = series.map((s) => {
          const vals = ok
            .filter(
              (r) =>
                Number(valueAt(r, plot.x)) === x && (!seriesPath || String(valueAt(r, seriesPath)) === s),
            )
            .map((r) => Number(valueAt(r, y)))
            .filter((v) => !Number.isNaN(v));
          return vals.length ? fmt(vals.reduce((a, b) => a + b, 0) / vals.length) : '';
        });
        lines.push(`| ${x} | ${cells.join(' | ')} |`);
      }
      lines.push('');
    });
  }
  const claims = CLAIMS[exp.id]?.(records) ?? [];
  if (claims.length) {
    lines.push('Claims of the paper, checked on these data:', '');
    for (const c of claims)
      lines.push(`- ${c.holds ? '**holds**' : '**does not hold**'}: ${c.claim}. ${c.detail}.`);
    lines.push('');
  }
  const failed = records.length - ok.length;
  if (failed) lines.push(`${failed} point(s) failed.`, '');
  return lines.join('\n');
}

import { fmtHalf, fmtNum } from '../stats/compare.js';
import type { ClaimResult } from './claims.js';
import { pointEstimate } from './estimates.js';
import { failedGroups } from './failures.js';
import { getPath, valueAt } from './fields.js';
import { dataPoints, type PointRecord } from './record.js';
import { bracketOf, fmtBracket, pointState, saturatedPoints } from './saturation.js';
import type { Experiment } from './schema.js';
import { windowEndsText } from './window-ends.js';

const MARK: Record<ClaimResult['verdict'], string> = {
  holds: '**holds**',
  tie: '**tie** (within noise or resolution)',
  fails: '**does not hold**',
  unchecked: '**not checked**',
};

/** A table cell: the point's mean over its seeds with its 95% half-width ("239 ± 2.1"). */
function cell(records: readonly PointRecord[], path: string): string | undefined {
  const p = pointEstimate(records, path);
  if (!p) return undefined;
  const v = fmtNum(p.mean);
  const h = p.interval.halfWidth;
  return h === null || h === 0 ? v : `${v} ± ${fmtHalf(h)}`;
}

/**
 * A Markdown summary of a sweep: for each plotted metric a table (x down, one column per series,
 * means over seeds of completed points), the points left out and why, then the paper's claims about
 * the figure and whether they hold, with numbers (`claims`: the caller's, checked on these records).
 */
export function summaryMarkdown(
  exp: Experiment,
  records: PointRecord[],
  label = '',
  images: string[] = [],
  claims: readonly ClaimResult[] = [],
): string {
  const lines = [`### ${exp.title}${label ? ` (${label})` : ''}`, ''];
  if (exp.description) lines.push(exp.description.trim(), '');
  if (label === 'quick' && exp.quick) lines.push(quickNote(exp), '');
  for (const img of images) lines.push(`![${exp.id}](${img})`, '');
  const plot = exp.plot;
  const ok = dataPoints(records);
  if (plot) {
    lines.push(
      "Each cell: the mean over the point's seeds ± the half-width of its 95% confidence interval (docs/results.md).",
      '',
    );
    const past = plot.saturation ? saturatedPoints(records, plot.series, plot.x) : new Set<PointRecord>();
    const seriesPath = plot.series;
    const series = seriesPath ? [...new Set(records.map((r) => String(valueAt(r, seriesPath))))] : [''];
    const xs = [...new Set(records.map((r) => Number(valueAt(r, plot.x))))].sort((a, b) => a - b);
    plot.y.forEach((y, yi) => {
      lines.push(`**${plot.ylabels?.[yi] ?? y}** against ${plot.xlabel ?? plot.x}:`, '');
      lines.push(`| ${plot.xlabel ?? plot.x} | ${series.map((s) => s || y).join(' | ')} |`);
      lines.push(`| ---: | ${series.map(() => '---:').join(' | ')} |`);
      for (const x of xs) {
        const cells = series.map((s) => {
          const here = (r: PointRecord) =>
            Number(valueAt(r, plot.x)) === x && (!seriesPath || String(valueAt(r, seriesPath)) === s);
          const pts = ok.filter(here);
          if (/latency/i.test(y) && pts.some((r) => past.has(r)))
            return pointState(pts) === 'undetermined' ? 'near saturation' : 'saturated';
          const c = cell(pts, y);
          if (c !== undefined) return c;
          const f = records.find((r) => r.status === 'failed' && here(r));
          return f
            ? f.outcome?.status === 'deadlock'
              ? 'deadlock'
              : f.outcome
                ? 'saturated'
                : 'failed'
            : '';
        });
        lines.push(`| ${x} | ${cells.join(' | ')} |`);
      }
      lines.push('');
    });
  }
  if (plot?.saturation) {
    const seriesPath = plot.series;
    const names = seriesPath ? [...new Set(records.map((r) => String(valueAt(r, seriesPath))))] : [''];
    lines.push(
      `Saturation, as (last stable, first unstable] ${plot.xlabel ?? plot.x} (docs/results.md, "Stability and saturation"); latency cells past it read "saturated", those whose stability the window could not decide "near saturation":`,
      '',
    );
    for (const n of names) {
      const rs = seriesPath ? records.filter((r) => String(valueAt(r, seriesPath)) === n) : records;
      lines.push(`- ${n || 'all'}: ${fmtBracket(bracketOf(rs, plot.x))}`);
    }
    lines.push('');
  }
  lines.push(...windowEndsText(records));
  const groups = failedGroups(exp, records);
  if (groups.length) {
    lines.push('Points left out of tables, plots and claims (not data):', '');
    for (const g of groups)
      lines.push(`- ${g.text}; e.g. seed ${g.example.seed}: ${g.example.error ?? 'failed'}`);
    lines.push('');
  }
  if (claims.length) {
    lines.push(
      exp.paper ? 'Claims of the paper, checked on these data:' : 'Claims, checked on these data:',
      '',
    );
    for (const c of claims)
      lines.push(
        `- ${MARK[c.verdict]}: ${c.claim}. ${c.detail}.${c.paper ? ` The paper: "${c.paper}"` : ''}`,
      );
    lines.push('');
  }
  return lines.join('\n');
}

/** What the quick form changes, so its summary never repeats the full form's sizes as its own. */
export function quickNote(exp: Experiment): string {
  const q = exp.quick!;
  const parts: string[] = [];
  const walk = (obj: unknown, path: string) => {
    if (obj !== null && typeof obj === 'object' && !Array.isArray(obj))
      for (const [k, v] of Object.entries(obj)) walk(v, path ? `${path}.${k}` : k);
    else
      parts.push(
        `${path} ${JSON.stringify(obj)} (full: ${JSON.stringify(getPath(exp.base, path) ?? 'default')})`,
      );
  };
  walk(q.base ?? {}, '');
  for (const a of q.axes ?? []) parts.push(`${a.label ?? a.path} ${a.values.join(', ')}`);
  if (q.seeds) parts.push(`seeds ${q.seeds.join(', ')}`);
  return `Quick form, scaled down from the above: ${parts.join('; ')}.`;
}

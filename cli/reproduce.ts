import { catalog } from '../reproduction/catalog.js';
import { claimsOf } from '../reproduction/claims/index.js';
import { claimsNote, paperName } from '../reproduction/papers.js';
import { plotExperiment } from '../src/plot/from-records.js';
import { checkSweepResources } from '../src/sweep/resources.js';
import type { Experiment } from '../src/sweep/schema.js';
import { summaryMarkdown } from '../src/sweep/summary.js';
import { resultsFile, runSweeps, type SweepResult, siblingsIn } from '../src/sweep/sweep.js';
import { McsimError } from '../src/util/errors.js';
import { withInterruptHint } from './interrupt.js';
import { progressReporter } from './progress.js';
import { noteWorkers } from './sweep.js';

export interface ReproduceOpts {
  list?: boolean;
  all?: boolean;
  quick?: boolean;
  workers?: number;
  out: string;
  maxMemory?: number;
}

/**
 * `mcsim reproduce`: list the figures, or run one and print its summary, or run several (`--all`:
 * every one) as one pool of points, the costliest first, and print a line per figure (exit 4 if
 * points failed).
 */
export async function reproduceCommand(ids: readonly string[], o: ReproduceOpts): Promise<number> {
  const all = catalog();
  if (o.list || (ids.length === 0 && !o.all)) {
    for (const { id: i, exp } of all)
      console.log(
        `${i.padEnd(12)} paper ${exp.paper ?? '-'}, ${exp.figure ? `Fig. ${exp.figure}` : 'extra'}: ${exp.title}`,
      );
    const papers = [...new Set(all.map((e) => e.exp.paper).filter((p): p is string => p !== undefined))];
    console.log(`\npapers (README.md, References): ${papers.map(paperName).join('; ')}`);
    return 0;
  }
  if (o.all && ids.length > 0) throw new McsimError('give figure ids or --all, not both', '--all');
  const entries = o.all
    ? all
    : ids.map((id) => {
        const e = all.find((x) => x.id === id);
        if (!e) throw new McsimError(`unknown figure "${id}" (allowed: ${all.map((x) => x.id).join(', ')})`);
        return e;
      });
  const quick = o.quick ?? false;
  for (const e of entries)
    checkSweepResources(e.exp, { quick, workers: o.workers, maxMemoryMb: o.maxMemory });
  const bar = progressReporter(entries.length === 1 ? entries[0]!.id : `${entries.length} figures`);
  const files = entries.map((e) => resultsFile(e.exp, o.out, quick)).join(', ');
  const results = await withInterruptHint(files, () =>
    runSweeps(
      entries.map((e) => e.exp),
      {
        outDir: o.out,
        quick,
        ...(o.workers ? { workers: o.workers } : {}),
        plot: plotExperiment,
        claims: claimsOf,
        progress: (d, t, f, w) => bar.update(d, t, f, w),
      },
    ),
  );
  bar.done();
  noteWorkers(o.workers, results[0]!);
  if (entries.length === 1) printFigure(entries[0]!.exp, results[0]!, o);
  else for (const [i, r] of results.entries()) printFigureLine(entries[i]!.exp, r, o);
  return results.some((r) => r.failed > 0) ? 4 : 0;
}

/** One figure's whole summary: its tables, claims and files. */
function printFigure(exp: Experiment, r: SweepResult, o: ReproduceOpts): void {
  if (r.skipped > 0)
    console.log(
      `reused ${r.skipped} of ${r.records.length} point(s) from ${r.file} (same config and mcsim version); delete it to run them again`,
    );
  if (r.shared > 0)
    console.log(
      `took ${r.shared} point(s) from other experiments' results in ${o.out} (same config and seed, same mcsim version)`,
    );
  if (r.changed > 0) console.log(`re-ran ${r.changed} point(s) whose config or mcsim version changed`);
  const claims = claimsOf(exp, r.records, siblingsIn(o.out, o.quick ?? false));
  const md = summaryMarkdown(exp, r.records, o.quick ? 'quick' : '', [], claims);
  console.log(md.replace(/^!\[.*\n\n/gm, ''));
  const note = claimsNote(
    exp,
    claims.map((c) => c.verdict),
  );
  if (note) console.log(`${note}\n`);
  console.log(`data:    ${r.file} (${r.csv})\nsummary: ${r.md}`);
  for (const p of r.plots) console.log(`plot:    ${p.png} (${p.svg})`);
}

/** One line per figure of a pooled run: points, failures, claims; the summary file says the rest. */
function printFigureLine(exp: Experiment, r: SweepResult, o: ReproduceOpts): void {
  const claims = claimsOf(exp, r.records, siblingsIn(o.out, o.quick ?? false));
  const n = (v: string) => claims.filter((c) => c.verdict === v).length;
  const verdicts = claims.length
    ? `; claims: ${n('holds')} hold, ${n('tie')} tie, ${n('fails')} do not hold${n('unchecked') ? `, ${n('unchecked')} not checked` : ''}`
    : '';
  console.log(
    `${exp.id.padEnd(16)} ${r.records.length} point(s), ${r.ran} run, ${r.skipped} reused, ${r.shared} shared, ${r.failed} failed${verdicts}: ${r.md}`,
  );
}

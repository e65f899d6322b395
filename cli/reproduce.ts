import { catalog } from '../reproduction/catalog.js';
import { claimsOf } from '../reproduction/claims/index.js';
import { paperName } from '../reproduction/papers.js';
import { plotExperiment } from '../src/plot/from-records.js';
import { checkSweepResources } from '../src/resources/experiment.js';
import { summaryMarkdown } from '../src/sweep/summary.js';
import { resultsFile, runSweep, siblingsIn } from '../src/sweep/sweep.js';
import { McsimError } from '../src/util/errors.js';
import { withInterruptHint } from './interrupt.js';
import { progressReporter } from './progress.js';

export interface ReproduceOpts {
  list?: boolean;
  quick?: boolean;
  workers?: number;
  out: string;
  maxMemory?: number;
}

/** `mcsim reproduce`: list the figures, or run one and print its summary (exit 4 if points failed). */
export async function reproduceCommand(id: string | undefined, o: ReproduceOpts): Promise<number> {
  const all = catalog();
  if (o.list || !id) {
    for (const { id: i, exp } of all)
      console.log(
        `${i.padEnd(12)} paper ${exp.paper ?? '-'}, ${exp.figure ? `Fig. ${exp.figure}` : 'extra'}: ${exp.title}`,
      );
    const papers = [...new Set(all.map((e) => e.exp.paper).filter((p): p is string => p !== undefined))];
    console.log(`\npapers (README.md, References): ${papers.map(paperName).join('; ')}`);
    return 0;
  }
  const entry = all.find((e) => e.id === id);
  if (!entry) throw new McsimError(`unknown figure "${id}" (allowed: ${all.map((e) => e.id).join(', ')})`);
  checkSweepResources(entry.exp, { quick: o.quick ?? false, workers: o.workers, maxMemoryMb: o.maxMemory });
  const bar = progressReporter(id);
  const r = await withInterruptHint(resultsFile(entry.exp, o.out, o.quick ?? false), () =>
    runSweep(entry.exp, {
      outDir: o.out,
      quick: o.quick ?? false,
      ...(o.workers ? { workers: o.workers } : {}),
      plot: plotExperiment,
      claims: claimsOf,
      progress: (d, t, f) => bar.update(d, t, f),
    }),
  );
  bar.done();
  if (r.skipped > 0)
    console.log(
      `reused ${r.skipped} of ${r.records.length} point(s) from ${r.file} (same config and mcsim version); delete it to run them again`,
    );
  if (r.shared > 0)
    console.log(
      `took ${r.shared} point(s) from other experiments' results in ${o.out} (same config and seed, same mcsim version)`,
    );
  if (r.changed > 0) console.log(`re-ran ${r.changed} point(s) whose config or mcsim version changed`);
  const md = summaryMarkdown(
    entry.exp,
    r.records,
    o.quick ? 'quick' : '',
    [],
    claimsOf(entry.exp, r.records, siblingsIn(o.out, o.quick ?? false)),
  );
  console.log(md.replace(/^!\[.*\n\n/gm, ''));
  console.log(`data:    ${r.file} (${r.csv})\nsummary: ${r.md}`);
  for (const p of r.plots) console.log(`plot:    ${p.png} (${p.svg})`);
  return r.failed > 0 ? 4 : 0;
}

import { claimsOf } from '../reproduction/claims/index.js';
import { claimsNote } from '../reproduction/papers.js';
import { checkKeysInFile } from '../src/config/keys.js';
import { plotExperiment } from '../src/plot/from-records.js';
import type { PointRecord } from '../src/sweep/record.js';
import { checkSweepResources } from '../src/sweep/resources.js';
import type { Experiment } from '../src/sweep/schema.js';
import { writeSlurmScript } from '../src/sweep/slurm.js';
import { loadExperiment, resultsFile, runSweep, siblingsIn } from '../src/sweep/sweep.js';
import { McsimError } from '../src/util/errors.js';
import { withInterruptHint } from './interrupt.js';
import { progressReporter } from './progress.js';

export interface SweepOpts {
  workers?: number;
  out: string;
  quick?: boolean;
  slurm?: boolean;
  shards?: number;
  shard?: string;
  maxMemory?: number;
}

/** `mcsim sweep`: exit 0, or 4 when some points failed (recorded with their messages). */
export async function sweepCommand(file: string, o: SweepOpts): Promise<number> {
  checkKeysInFile(file, 'experiment');
  const exp = loadExperiment(file);
  if (o.slurm) {
    // The command that runs mcsim here (node, its flags such as a TypeScript loader, the entry file).
    const self = [process.execPath, ...process.execArgv, process.argv[1]!];
    const r = writeSlurmScript(exp, file, o.out, o.shards ?? 8, o.quick ?? false, self);
    console.log(
      `wrote ${r.script}\nsubmit with:\n  ${r.sbatch}\nthen merge with:\n  mcsim collect ${r.shardDir} --out ${o.out}/${exp.id}.jsonl`,
    );
    return 0;
  }
  let shard: { index: number; count: number } | undefined;
  if (o.shard !== undefined) {
    const m = /^(\d+)\/(\d+)$/.exec(o.shard);
    if (!m || Number(m[1]) >= Number(m[2]))
      throw new McsimError(`expected K/N with K < N, got "${o.shard}"`, '--shard');
    shard = { index: Number(m[1]), count: Number(m[2]) };
  }
  checkSweepResources(exp, {
    quick: o.quick ?? false,
    workers: o.workers,
    maxMemoryMb: o.maxMemory,
    shard,
  });
  const bar = progressReporter(exp.id);
  const results = shard ? `the shard files under ${o.out}` : resultsFile(exp, o.out, o.quick ?? false);
  const r = await withInterruptHint(results, () =>
    runSweep(exp, {
      outDir: o.out,
      quick: o.quick ?? false,
      ...(o.workers ? { workers: o.workers } : {}),
      ...(shard ? { shard } : {}),
      plot: plotExperiment,
      claims: claimsOf,
      progress: (done, total, failed, work) => {
        bar.update(done, total, failed, work);
      },
    }),
  );
  bar.done();
  noteWorkers(o.workers, r);
  console.log(
    `${exp.id}: ${r.records.length} point(s), ${r.ran} run now${r.changed ? ` (${r.changed} of them changed since the earlier run: config or mcsim version)` : ''}, ${r.skipped} reused from ${r.file}${r.shared ? `, ${r.shared} taken from other experiments' results in ${o.out}` : ''}, ${r.failed} failed\nresults: ${r.file}\ntable:   ${r.csv}\nsummary: ${r.md}`,
  );
  printFailures(r.records);
  printClaims(exp, r.records, siblingsIn(o.out, o.quick ?? false));
  return r.failed > 0 ? 4 : 0;
}

/** Failed points, one line each: they are not data and are left out of tables, plots and claims. */
export function printFailures(records: readonly PointRecord[]): void {
  const failed = records.filter((r) => r.status === 'failed');
  if (failed.length === 0) return;
  console.log(`\n${failed.length} point(s) failed (not data; left out of tables, plots and claims):`);
  for (const r of failed) console.log(`  ${JSON.stringify(r.params)} seed ${r.seed}: ${r.error}`);
}

const MARK = {
  holds: 'holds         ',
  tie: 'tie           ',
  fails: 'does not hold ',
  unchecked: 'not checked   ',
} as const;

export function printClaims(
  exp: Experiment,
  records: readonly PointRecord[],
  sibling: (id: string) => PointRecord[] | undefined,
): void {
  const claims = claimsOf(exp, records, sibling);
  if (claims.length === 0) return;
  console.log(
    `\nclaims of ${exp.paper ? `paper ${exp.paper}` : 'the paper'}${exp.figure ? `, Fig. ${exp.figure}` : ''}:`,
  );
  for (const c of claims)
    console.log(
      `  ${MARK[c.verdict]} ${c.claim}\n                 ${c.detail}${c.paper ? `\n                 paper: "${c.paper}"` : ''}`,
    );
  const note = claimsNote(
    exp,
    claims.map((c) => c.verdict),
  );
  if (note) console.log(`\n${note}`);
}

/** Says so when the pool ran fewer workers than asked for (fewer points were left to run). */
export function noteWorkers(asked: number | undefined, r: { workers: number }): void {
  if (asked !== undefined && r.workers > 0 && r.workers < asked)
    console.log(
      `note: ${r.workers} worker(s) instead of the ${asked} asked for: only ${r.workers} point(s) to run`,
    );
}

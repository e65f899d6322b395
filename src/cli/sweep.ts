import { CLAIMS } from '../experiments/claims.js';
import { loadExperiment, runSweep } from '../experiments/sweep.js';
import { progressReporter } from './progress.js';

export interface SweepOpts {
  workers?: number;
  out: string;
  quick?: boolean;
}

/** `mcsim sweep`: exit 0, or 4 when some points failed (recorded with their messages). */
export async function sweepCommand(file: string, o: SweepOpts): Promise<number> {
  const exp = loadExperiment(file);
  const bar = progressReporter(exp.id);
  let failedSoFar = 0;
  const r = await runSweep(exp, {
    outDir: o.out,
    quick: o.quick ?? false,
    ...(o.workers ? { workers: o.workers } : {}),
    progress: (done, total, failed) => {
      failedSoFar = failed;
      bar.update(done, total, failed);
    },
  });
  bar.done();
  console.log(
    `${exp.id}: ${r.records.length} point(s), ${r.ran} run now, ${r.skipped} already done, ${r.failed} failed\nresults: ${r.file}\ntable:   ${r.csv}\nsummary: ${r.md}`,
  );
  void failedSoFar;
  const claims = CLAIMS[exp.id];
  if (claims && r.records.length > 0) {
    console.log(`\nclaims of ${exp.paper ? `paper ${exp.paper}` : 'the paper'}${exp.figure ? `, Fig. ${exp.figure}` : ''}:`);
    for (const c of claims(r.records)) console.log(`  ${c.holds ? 'holds ' : 'FAILS '} ${c.claim}\n         ${c.detail}`);
  }
  return r.failed > 0 ? 4 : 0;
}

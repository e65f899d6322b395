/**
 * One bench point, two builds, one process: `node paired-child.js OLD_DIST NEW_DIST CONFIG_JSON
 * WARMUP_MEASURE PAIRS [NEW_CONFIG_JSON]` (with NEW_CONFIG_JSON the new build runs that
 * configuration instead: a switch model against its direct twin, twins.ts). Loads each build's
 * DIST/config/load.js and DIST/sim/run.js (two separate module graphs, so each engine is compiled
 * on its own), warms both up as child.ts does, then runs the point PAIRS times on each, old and
 * new in turn (the order flips every pair), and prints one JSON line `{ old: [...], new: [...],
 * refMs }` of flit-hops per CPU second and the median reading of the reference loop timed after
 * each pair (reference-loop.ts), or `{ error }`.
 *
 * Why in one process: on a shared machine the speed available to a process drifts by 20-30% over
 * seconds to minutes (other tenants' use of the memory system), and two processes timed a minute
 * apart see different machines; the two runs of a pair are a fraction of a second apart, so the
 * ratio of each pair is what the revisions differ by. compare.ts reports the median of those ratios.
 */
import { pathToFileURL } from 'node:url';
import { WARMUP_FLIT_HOPS, WARMUP_RUNS } from './points.js';
import { ReferenceLoop } from './reference-loop.js';

interface Build {
  parseConfig(raw: unknown): unknown;
  runSimulation(config: unknown): { metrics: { flitHops: number } };
}

async function load(dist: string): Promise<Build> {
  const url = (f: string) => pathToFileURL(`${dist}/${f}`).href;
  const { parseConfig } = await import(url('config/load.js'));
  const { runSimulation } = await import(url('sim/run.js'));
  return { parseConfig, runSimulation };
}

/** Flit-hops per CPU second of one run. */
function timed(b: Build, config: unknown): number {
  const c0 = process.cpuUsage();
  const m = b.runSimulation(config).metrics;
  const c = process.cpuUsage(c0);
  return m.flitHops / ((c.user + c.system) / 1e6);
}

async function main(): Promise<void> {
  const [oldDist, newDist, configJson, warmup, pairs, newConfigJson] = process.argv.slice(2);
  if (!oldDist || !newDist || !configJson || !warmup || !pairs)
    throw new Error(
      'usage: paired-child.js OLD_DIST NEW_DIST CONFIG_JSON WARMUP_MEASURE PAIRS [NEW_CONFIG_JSON]',
    );
  type Raw = { workload: Record<string, unknown> };
  const raws = [JSON.parse(configJson) as Raw, JSON.parse(newConfigJson ?? configJson) as Raw];
  const builds = [await load(oldDist), await load(newDist)] as const;
  const configs: unknown[] = [];
  for (const [i, b] of builds.entries()) {
    const raw = raws[i]!;
    try {
      configs.push(b.parseConfig(raw));
      const short = b.parseConfig({ ...raw, workload: { ...raw.workload, measure: Number(warmup) } });
      let hops = 0;
      for (let r = 0; r < WARMUP_RUNS && hops < WARMUP_FLIT_HOPS; r++)
        hops += b.runSimulation(short).metrics.flitHops;
    } catch (e) {
      const msg = (e as Error).message.split('\n')[0];
      console.log(JSON.stringify({ error: i === 0 ? `old revision: ${msg}` : msg }));
      return;
    }
  }
  const old: number[] = [];
  const cur: number[] = [];
  const reference = new ReferenceLoop();
  reference.time();
  const ref: number[] = [];
  for (let p = 0; p < Number(pairs); p++) {
    if (p % 2 === 0) {
      old.push(timed(builds[0], configs[0]));
      cur.push(timed(builds[1], configs[1]));
    } else {
      cur.push(timed(builds[1], configs[1]));
      old.push(timed(builds[0], configs[0]));
    }
    ref.push(reference.time());
  }
  ref.sort((a, b) => a - b);
  console.log(JSON.stringify({ old, new: cur, refMs: ref[ref.length >> 1] }));
}

await main();

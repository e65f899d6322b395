/**
 * One bench point in a process of its own, against the built code of any revision:
 * `node child.js DIST CONFIG_JSON WARMUP_MEASURE`. It loads DIST/config/load.js and
 * DIST/sim/run.js (entry points every revision of mcsim has), runs the point with a short window
 * until WARMUP_FLIT_HOPS flits have moved (points.ts) so the JIT has compiled the engine, then
 * times the full run and then the reference loop (reference-loop.ts: the machine's speed at that
 * moment), and prints one JSON line:
 * `{ cycles, flitHops, seconds, cpuSeconds, refMs }`, or `{ error }` when that revision cannot run the point (a
 * topology it does not know). Used by compare.ts; nothing here may import the current revision's
 * engine (only the bench's own constants), or the old revision would be timed with new code. No collection is forced between the
 * two runs: revisions before the engine kept its compiled code across runs would then start the
 * timed run from the interpreter (docs/engine.md, "Compiled code across runs"), and the ratio would
 * measure V8's warm-up rather than the engines.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { WARMUP_FLIT_HOPS, WARMUP_RUNS } from './points.js';
import { ReferenceLoop } from './reference-loop.js';

interface Loaded {
  parseConfig(raw: unknown): unknown;
  runSimulation(config: unknown): { metrics: { cycles: number; flitHops: number } };
}

async function load(dist: string): Promise<Loaded> {
  const url = (f: string) => pathToFileURL(`${dist}/${f}`).href;
  const { parseConfig } = await import(url('config/load.js'));
  const { runSimulation } = await import(url('sim/run.js'));
  return { parseConfig, runSimulation };
}

async function main(): Promise<void> {
  const [dist, configJson, warmup] = process.argv.slice(2);
  if (!dist || !configJson || !warmup) throw new Error('usage: child.js DIST CONFIG_JSON WARMUP_MEASURE');
  const raw = JSON.parse(configJson) as { workload: Record<string, unknown> };
  const { parseConfig, runSimulation } = await load(dist);
  let config: unknown;
  try {
    config = parseConfig(raw);
    // The first warm-up run also shows whether this revision can build the point's network at all.
    const short = parseConfig({ ...raw, workload: { ...raw.workload, measure: Number(warmup) } });
    let hops = 0;
    for (let i = 0; i < WARMUP_RUNS && hops < WARMUP_FLIT_HOPS; i++)
      hops += runSimulation(short).metrics.flitHops;
  } catch (e) {
    console.log(JSON.stringify({ error: (e as Error).message.split('\n')[0] }));
    return;
  }
  const reference = new ReferenceLoop();
  for (let i = 0; i < 2; i++) reference.time();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const m = runSimulation(config).metrics;
  const seconds = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  const cpuSeconds = (c.user + c.system) / 1e6;
  const refMs = reference.time();
  console.log(JSON.stringify({ cycles: m.cycles, flitHops: m.flitHops, seconds, cpuSeconds, refMs }));
}

await main();

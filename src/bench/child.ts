/**
 * One bench point in a process of its own, against the built code of any revision:
 * `node --expose-gc child.js DIST CONFIG_JSON WARMUP_MEASURE`. It loads DIST/config/load.js and
 * DIST/sim/run.js (entry points every revision of mcsim has), runs the point once with a short
 * window so the JIT has compiled the engine, then times the full run and prints one JSON line:
 * `{ cycles, flitHops, seconds, cpuSeconds }`, or `{ error }` when that revision cannot run the point (a
 * topology it does not know). Used by compare.ts; nothing here may import the current revision's
 * modules, or the old revision would be timed with new code.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

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
    // The warm-up run also shows whether this revision can build the point's network at all.
    runSimulation(parseConfig({ ...raw, workload: { ...raw.workload, measure: Number(warmup) } }));
  } catch (e) {
    console.log(JSON.stringify({ error: (e as Error).message.split('\n')[0] }));
    return;
  }
  (globalThis as { gc?: () => void }).gc?.();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const m = runSimulation(config).metrics;
  const seconds = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  const cpuSeconds = (c.user + c.system) / 1e6;
  console.log(JSON.stringify({ cycles: m.cycles, flitHops: m.flitHops, seconds, cpuSeconds }));
}

await main();

import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { parseConfig } from '../src/config/load.js';
import { runSimulation } from '../src/sim/run.js';
import { packagePath } from '../src/util/package-path.js';
import {
  BENCH_POINTS,
  type BenchSpec,
  benchConfig,
  TIMED_RUNS,
  WARMUP_FLIT_HOPS,
  WARMUP_RUNS,
  warmupMeasure,
} from './points.js';
import { ReferenceLoop } from './reference-loop.js';
import { printTable } from './table.js';
import { compareTwins } from './twins.js';

/**
 * `npm run bench`: engine speed on the points of points.ts (the 16x16 mesh reference network at
 * light, moderate and saturating loads with 1- and 8-flit buffers, then a 64x64 mesh, a CCC, a
 * torus, a fat tree and the switch models). Prints simulated cycles per second, flit-hops per
 * second, live heap and the machine's speed beside the runs (reference-loop.ts), then each switch
 * model against the direct engine on its own network (twins.ts), then searches the 16x16 mesh's
 * saturation throughput by bisection. Speed targets live here, never in timed tests;
 * `--compare REF` (compare.ts) runs an older revision side by side.
 */
export interface BenchResult {
  id: string;
  cycles: number;
  seconds: number;
  cyclesPerSecond: number;
  flitHops: number;
  flitHopsPerSecond: number;
  accepted: number;
  latency: number;
  heapMB: number;
}

/**
 * One timed run. With `measureHeap` (needs node --expose-gc), the heap is collected at every
 * progress tick and its live size recorded: what the run retains, without garbage.
 */
export function benchPoint(p: BenchSpec, measure = p.measure, measureHeap = false): BenchResult {
  const gc = (globalThis as { gc?: () => void }).gc;
  const config = parseConfig(benchConfig(p, measure));
  gc?.();
  let heap = 0;
  const t0 = performance.now();
  const r = runSimulation(config, {
    onProgress: () => {
      if (measureHeap) gc?.();
      heap = Math.max(heap, process.memoryUsage().heapUsed);
    },
  });
  const seconds = (performance.now() - t0) / 1000;
  const m = r.metrics;
  return {
    id: p.id,
    cycles: m.cycles,
    seconds: round(seconds, 3),
    cyclesPerSecond: Math.round(m.cycles / seconds),
    flitHops: m.flitHops,
    flitHopsPerSecond: Math.round(m.flitHops / seconds),
    accepted: m.throughput.accepted,
    latency: m.latency.mean,
    heapMB: round(heap / 2 ** 20, 1),
  };
}

function meshPoint(load: number, bufferDepth: number, measure: number): BenchSpec {
  return {
    id: `mesh16-b${bufferDepth}-${load}`,
    topology: 'mesh:16x16',
    bufferDepth,
    load,
    measure,
    network: { routing: 'xy', vcs: 2 },
  };
}

/** Highest offered load (flits/node/cycle) whose accepted throughput keeps up with it (within 5%). */
export function findSaturation(bufferDepth: number, lo = 0.02, hi = 0.5, steps = 7): number {
  const keepsUp = (load: number) => {
    const r = runSimulation(parseConfig(benchConfig(meshPoint(load, bufferDepth, 6000)))).metrics;
    return r.throughput.accepted >= 0.95 * r.throughput.offered && r.messages.unfinished === 0;
  };
  for (let i = 0; i < steps; i++) {
    const mid = (lo + hi) / 2;
    if (keepsUp(mid)) lo = mid;
    else hi = mid;
  }
  return round(lo, 3);
}

function round(x: number, d: number): number {
  const f = 10 ** d;
  return Math.round(x * f) / f;
}

/** The median of `runs` values of `measure` (undefined as soon as one is). */
function medianOf(runs: number, measure: () => number | undefined): number | undefined {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = measure();
    if (t === undefined) return undefined;
    times.push(t);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1];
}

/**
 * Start-up: how long after process start `mcsim run` (the installed, bundled command) runs its
 * first simulated cycle, median of `runs` fresh processes on the default configuration.
 */
export function startupMs(runs = 5, env: NodeJS.ProcessEnv = process.env): number | undefined {
  const bin = packagePath('bin/mcsim.js');
  return medianOf(runs, () => {
    const r = spawnSync(
      process.execPath,
      [
        bin,
        'run',
        ...['workload.warmup=0', 'workload.measure=100', 'workload.drain=0'].flatMap((s) => ['--set', s]),
      ],
      { encoding: 'utf8', env: { ...env, MCSIM_STARTUP_TIMING: '1' } },
    );
    const m = /first cycle at ([\d.]+) ms/.exec(r.stderr);
    return m ? Number(m[1]) : undefined;
  });
}

/** The same moment for a script that does nothing: Node's own start on this machine. */
export function nodeStartMs(runs = 5, env: NodeJS.ProcessEnv = process.env): number | undefined {
  return medianOf(runs, () => {
    const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(performance.now()))'], {
      encoding: 'utf8',
      env,
    });
    const t = Number(r.stdout);
    return r.status === 0 && Number.isFinite(t) ? round(t, 1) : undefined;
  });
}

/** The start-up lines of the bench: mcsim's first cycle beside Node's own start. */
function printStartup(): void {
  // Single processes on a shared machine vary by 10-30 ms; eleven keep the median within a few.
  const runs = 11;
  const report = (env: NodeJS.ProcessEnv, how: string) => {
    const first = startupMs(runs, env);
    const bare = nodeStartMs(runs, env);
    console.log(
      first === undefined
        ? 'start-up: could not be measured (is the command built? npm run build)'
        : `start-up${how}: mcsim run reaches its first cycle ${first} ms after process start; a script that does nothing, ${bare ?? '?'} ms (medians of ${runs})`,
    );
  };
  report(process.env, '');
  // Node reads the certificates NODE_EXTRA_CA_CERTS names while it starts, before any script (some
  // 40 ms on the project's machines, whose environment sets it); mcsim opens no TLS connection.
  if (process.env.NODE_EXTRA_CA_CERTS) {
    const { NODE_EXTRA_CA_CERTS: _, ...env } = process.env;
    report(env, ' without NODE_EXTRA_CA_CERTS');
  }
}

export function runBench(points: readonly BenchSpec[] = BENCH_POINTS): void {
  const rows: BenchResult[] = [];
  const ranges: string[] = [];
  const refs: number[] = [];
  // The machine's speed beside each timed run (reference-loop.ts), compiled before the first.
  const reference = new ReferenceLoop();
  for (let i = 0; i < 5; i++) reference.time();
  // Speed first, in a fresh process; the timed runs follow short warm-up runs of the same point
  // so the JIT has compiled the engine for it (as benchmark harnesses do): until they have moved
  // WARMUP_FLIT_HOPS flits. The row is the median of TIMED_RUNS timed runs.
  for (const p of points) {
    let hops = 0;
    for (let i = 0; i < WARMUP_RUNS && hops < WARMUP_FLIT_HOPS; i++)
      hops += benchPoint(p, warmupMeasure(p)).flitHops;
    const runs: BenchResult[] = [];
    const ref: number[] = [];
    for (let i = 0; i < TIMED_RUNS; i++) {
      runs.push(benchPoint(p));
      ref.push(reference.time());
    }
    ref.sort((a, b) => a - b);
    refs.push(ref[ref.length >> 1]!);
    runs.sort((a, b) => a.flitHopsPerSecond - b.flitHopsPerSecond);
    const M = (x: number) => (x / 1e6).toFixed(1);
    ranges.push(`${M(runs[0]!.flitHopsPerSecond)}-${M(runs[runs.length - 1]!.flitHopsPerSecond)}`);
    rows.push(runs[runs.length >> 1]!);
  }
  console.log('');
  const fmt = (x: number) => x.toLocaleString('en-US');
  printTable(
    [
      'point',
      'cycles',
      'seconds',
      'cycles/s',
      'flit-hops/s',
      'range (M)',
      'accepted',
      'latency',
      'heap MB',
      'ref ms',
    ],
    rows.map((p, i) => [
      p.id,
      String(p.cycles),
      String(p.seconds),
      fmt(p.cyclesPerSecond),
      fmt(p.flitHopsPerSecond),
      ranges[i]!,
      String(p.accepted),
      String(p.latency),
      String(p.heapMB),
      refs[i]!.toFixed(1),
    ]),
  );
  console.log(
    'ref ms: a fixed loop over typed arrays timed after each timed run, in the same process (median): a point whose ref is high ran on a slow machine',
  );
  compareTwins(points);
  if (points !== BENCH_POINTS) return;
  for (const depth of [1, 8])
    console.log(
      `16x16 mesh, XY, 2 VCs of ${depth} flit(s), 20-flit packets: saturation throughput ~ ${findSaturation(depth)} flits/node/cycle`,
    );
  // Memory must not grow with run length: run the 0.04 point with a 4x longer window and compare.
  const short = benchPoint(meshPoint(0.04, 1, 10000), 10000, true);
  const long = benchPoint(meshPoint(0.04, 1, 80000), 80000, true);
  console.log(
    `\nlive heap at 0.04 (collected at each progress tick): ${short.heapMB} MB over ${short.cycles} cycles, ${long.heapMB} MB over ${long.cycles} cycles`,
  );
  console.log(`peak RSS ${round(process.resourceUsage().maxRSS / 1024, 1)} MB`);
  printStartup();
}

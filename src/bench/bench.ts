import { performance } from 'node:perf_hooks';
import { parseConfig } from '../config/load.js';
import { runSimulation } from '../sim/run.js';

/**
 * `npm run bench`: engine speed on the reference network of the foundation issue — a 16x16 mesh,
 * XY routing, 2 VCs, 20-flit packets, uniform random unicast — at 0.01, 0.04 and a saturating load.
 * Prints simulated cycles per second, flit-hops per second and peak memory, then searches the
 * saturation throughput by bisection. Speed targets live here, never in timed tests.
 */
export interface BenchPoint {
  load: number;
  bufferDepth: number;
  cycles: number;
  seconds: number;
  cyclesPerSecond: number;
  flitHops: number;
  flitHopsPerSecond: number;
  accepted: number;
  latency: number;
  heapMB: number;
}

function config(load: number, bufferDepth: number, measure: number) {
  return parseConfig({
    seed: 7,
    network: { topology: 'mesh:16x16', routing: 'xy', vcs: 2, bufferDepth },
    workload: { type: 'uniform', load, packetLength: 20, warmup: 2000, measure, drain: 4000 },
  });
}

/**
 * One timed run. With `measureHeap` (needs node --expose-gc), the heap is collected at every
 * progress tick and its live size recorded: what the run retains, without garbage.
 */
export function benchPoint(
  load: number,
  bufferDepth: number,
  measure = 20000,
  measureHeap = false,
): BenchPoint {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  let heap = 0;
  const t0 = performance.now();
  const r = runSimulation(config(load, bufferDepth, measure), {
    onProgress: () => {
      if (measureHeap) gc?.();
      heap = Math.max(heap, process.memoryUsage().heapUsed);
    },
  });
  const seconds = (performance.now() - t0) / 1000;
  const m = r.metrics;
  return {
    load,
    bufferDepth,
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

/** Highest offered load (flits/node/cycle) whose accepted throughput keeps up with it (within 5%). */
export function findSaturation(bufferDepth: number, lo = 0.02, hi = 0.5, steps = 7): number {
  const keepsUp = (load: number) => {
    const r = runSimulation(config(load, bufferDepth, 6000)).metrics;
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

export function runBench(): void {
  const rows: BenchPoint[] = [];
  // Speed first, in a fresh process; each timed run follows a short warm-up run of the same
  // point so the JIT has compiled the engine for it (as benchmark harnesses do).
  const saturating = new Map<number, number>([
    [1, 0.14],
    [8, 0.22],
  ]);
  for (const depth of [1, 8]) {
    for (const load of [0.01, 0.04, saturating.get(depth)!]) {
      benchPoint(load, depth, 3000);
      rows.push(benchPoint(load, depth));
    }
  }
  console.log('');
  const head = [
    'buffer',
    'load',
    'cycles',
    'seconds',
    'cycles/s',
    'flit-hops/s',
    'accepted',
    'latency',
    'heap MB',
  ];
  const table = rows.map((p) => [
    String(p.bufferDepth),
    String(p.load),
    String(p.cycles),
    String(p.seconds),
    p.cyclesPerSecond.toLocaleString('en-US'),
    p.flitHopsPerSecond.toLocaleString('en-US'),
    String(p.accepted),
    String(p.latency),
    String(p.heapMB),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
  console.log(head.map((h, i) => h.padStart(widths[i]!)).join('  '));
  for (const r of table) console.log(r.map((c, i) => c.padStart(widths[i]!)).join('  '));
  for (const depth of [1, 8])
    console.log(
      `16x16 mesh, XY, 2 VCs of ${depth} flit(s), 20-flit packets: saturation throughput ~ ${findSaturation(depth)} flits/node/cycle`,
    );
  // Memory must not grow with run length: run the 0.04 point with a 4x longer window and compare.
  const short = benchPoint(0.04, 1, 10000, true);
  const long = benchPoint(0.04, 1, 80000, true);
  console.log(
    `\nlive heap at 0.04 (collected at each progress tick): ${short.heapMB} MB over ${short.cycles} cycles, ${long.heapMB} MB over ${long.cycles} cycles`,
  );
  console.log(`peak RSS ${round(process.resourceUsage().maxRSS / 1024, 1)} MB`);
}

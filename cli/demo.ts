import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseConfig } from '../src/config/load.js';
import { flatten, writeCsv } from '../src/results/writers.js';
import type { RunResult } from '../src/run/result.js';
import { runSimulation } from '../src/sim/run.js';
import { table } from './summary.js';

export const DEMO_LOADS = [0.02, 0.05, 0.1, 0.15, 0.2, 0.25];

/**
 * The README's main job: uniform random unicast on an 8x8 mesh (XY, 2 VCs of 1 flit, 20-flit
 * packets, the timing of 000 sec. 5.1) at six loads, up to saturation. Prints a table and writes CSV and JSONL.
 */
export async function demoCommand(outDir: string): Promise<void> {
  const results: RunResult[] = [];
  console.log('mcsim demo: uniform random unicast, mesh:8x8, XY routing, 2 VCs, 20-flit packets\n');
  for (const load of DEMO_LOADS) {
    const config = parseConfig({
      network: { topology: 'mesh:8x8', routing: 'xy', vcs: 2 },
      workload: { type: 'uniform', load, packetLength: 20, warmup: 1000, measure: 4000, drain: 10000 },
    });
    results.push(runSimulation(config));
  }
  const rows = results.map((r) => {
    const m = r.metrics;
    const w = r.config.workload as { load: number };
    return [
      w.load,
      m.throughput.offered,
      m.throughput.accepted,
      // Past saturation the latency covers only the messages that finished: a lower bound.
      `${m.latencyLowerBound ? '>=' : ''}${m.latency.mean}`,
      `${m.latencyLowerBound ? '>=' : ''}${m.latency.p99}`,
      m.messages.unfinished,
      outcomeText(r),
    ];
  });
  console.log(table(['load', 'offered', 'accepted', 'latency', 'p99', 'unfinished', 'outcome'], rows));
  mkdirSync(outDir, { recursive: true });
  const csv = join(outDir, 'demo.csv');
  const jsonl = join(outDir, 'demo.jsonl');
  writeCsv(
    csv,
    results.map((r) => flatten(r)),
  );
  writeFileSync(jsonl, '');
  for (const r of results) appendFileSync(jsonl, `${JSON.stringify(r)}\n`);
  console.log(`\nwrote ${csv} and ${jsonl}`);
}

/** A row's outcome: a run that is not data, one past saturation by its stability test, or a measurement. */
function outcomeText(r: RunResult): string {
  if (r.outcome.status !== 'complete') return `${r.outcome.status} (not data)`;
  const st = r.metrics.stability;
  return st && !st.stable ? 'past saturation (latency grows with the window)' : 'stable';
}

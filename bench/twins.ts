import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { packagePath } from '../src/util/package-path.js';
import { median } from './median.js';
import { type BenchSpec, benchConfig, directTwin } from './points.js';
import { printTable } from './table.js';

/**
 * Pairs per point: a switch-model point's run takes a tenth of a second, and single pairs range
 * over a factor of 1.5; with fifteen the medians of four sittings stayed within 12% of each other.
 */
export const TWIN_PAIRS = 15;

/**
 * Switch models against the direct engine (docs/bench.md, "Switch models against the direct
 * engine"): each switch-model point and its direct twin (points.ts directTwin: the same network,
 * traffic and load under the engine's own wormhole rules), timed in turn in one process
 * (paired-child.ts), `pairs` times. The ratio is the median of the pairs' ratios of flit-hops per
 * CPU second.
 *
 * The twin runs on a copy of the build (`.bench/twin/dist`), so each side has a module graph, and
 * compiled code, of its own: a process that runs a switch model and the direct engine on one copy
 * compiles the engine's shared code for both, and each then runs 30-40% slower than alone. Both
 * sides warm up on runs of the point's full length, so the timed runs are of compiled code.
 */
export function compareTwins(points: readonly BenchSpec[], pairs = TWIN_PAIRS): void {
  const root = packagePath();
  const dist = join(root, 'dist');
  const rows: string[][] = [];
  let copy: string | undefined;
  for (const p of points) {
    const twin = directTwin(p);
    if (twin === undefined) continue;
    if (copy === undefined) {
      copy = join(root, '.bench', 'twin', 'dist');
      rmSync(copy, { recursive: true, force: true });
      cpSync(dist, copy, { recursive: true });
    }
    const child = join(dist, 'bench', 'paired-child.js');
    const args = [
      child,
      dist,
      copy,
      JSON.stringify(benchConfig(p)),
      String(p.measure),
      String(pairs),
      JSON.stringify(benchConfig(twin)),
    ];
    const out = execFileSync(process.execPath, args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const r = JSON.parse(out.trim().split('\n').pop()!) as { old?: number[]; new?: number[]; error?: string };
    if (r.error !== undefined) {
      rows.push([p.id, r.error, '', '', '']);
      continue;
    }
    const model = r.old!;
    const direct = r.new!;
    const ratios = model.map((m, i) => m / direct[i]!);
    const M = (x: number) => (x / 1e6).toFixed(2);
    rows.push([
      p.id,
      M(median(model)),
      M(median(direct)),
      median(ratios).toFixed(3),
      `${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)}`,
    ]);
  }
  if (rows.length === 0) return;
  console.log(
    `\nswitch models against the direct engine on the same network, traffic and load (one process, in turn, ${pairs} pairs; M flit-hops per CPU second):`,
  );
  printTable(['point', 'model', 'direct', 'model/direct', 'range'], rows);
}

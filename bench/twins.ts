import { join } from 'node:path';
import { packagePath } from '../src/util/package-path.js';
import { type BenchSpec, directTwin } from './points.js';
import { runChild, type Timed } from './run-child.js';
import { printTable } from './table.js';

/**
 * Switch models against the direct engine (docs/bench.md, "Switch models against the direct
 * engine"): each switch-model point and its direct twin (points.ts directTwin: the same network,
 * traffic and load under the engine's own wormhole rules) run in fresh processes (child.ts) in
 * turn, `pairs` times, the order flipping every pair. The ratio is the median of the pairs' ratios
 * of flit-hops per CPU second.
 *
 * Fresh processes, not one: a process that has run a switch model and the direct engine in turn
 * compiles the engine's shared code for both, and each then runs 30-40% slower than alone, so one
 * process would compare neither with what a user runs.
 */
export function compareTwins(points: readonly BenchSpec[], pairs: number): void {
  const dist = join(packagePath(), 'dist');
  const rows: string[][] = [];
  for (const p of points) {
    const twin = directTwin(p);
    if (twin === undefined) continue;
    const model: number[] = [];
    const direct: number[] = [];
    const ratios: number[] = [];
    let error: string | undefined;
    for (let i = 0; i < pairs && error === undefined; i++) {
      const first = i % 2 === 0 ? p : twin;
      const a = runChild(dist, first);
      const b = runChild(dist, first === p ? twin : p);
      const [m, d] = first === p ? [a, b] : [b, a];
      error = m.error ?? d.error;
      if (error !== undefined) break;
      model.push(speed(m));
      direct.push(speed(d));
      ratios.push(speed(m) / speed(d));
    }
    if (error !== undefined) {
      rows.push([p.id, error, '', '', '']);
      continue;
    }
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
    `\nswitch models against the direct engine on the same network, traffic and load (fresh processes in turn, ${pairs} pairs; M flit-hops per CPU second):`,
  );
  printTable(['point', 'model', 'direct', 'model/direct', 'range'], rows);
}

function speed(t: Timed): number {
  return t.flitHopsPerSecond!;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

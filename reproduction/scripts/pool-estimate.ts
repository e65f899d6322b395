/**
 * What the whole reproduction would take on more cores, from the run times its records hold:
 * reads results/ (a full `npm run reproduction`), and replays the points on C workers taking the
 * next point from one queue, as `mcsim reproduce --all` orders them (the costliest first by
 * resources/cost.ts's estimate) and figure by figure (each figure waiting for its slowest point
 * before the next starts). Also prints how well the estimate ranks the points (Spearman).
 * Usage: tsx reproduction/scripts/pool-estimate.ts [results-dir] [cores...]
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { estimatedCost } from '../../src/resources/cost.js';
import { readJsonl } from '../../src/results/read.js';
import { effective, expandPoints } from '../../src/sweep/points.js';
import { latestPerKey, type PointRecord } from '../../src/sweep/record.js';
import { catalog } from '../catalog.js';

const [dir = 'results', ...coreArgs] = process.argv.slice(2);
const cores = coreArgs.length ? coreArgs.map(Number) : [2, 16, 64];
const points: Array<{ est: number; s: number }> = [];
const figures: Array<Array<{ est: number; s: number }>> = [];
for (const { id, exp } of catalog()) {
  const file = join(dir, `${id}.jsonl`);
  if (!existsSync(file)) continue;
  const records = latestPerKey(readJsonl<PointRecord>(file));
  const fig: Array<{ est: number; s: number }> = [];
  for (const p of expandPoints(effective(exp, false))) {
    const r = records.get(p.key);
    // A point taken from another figure's run costs nothing here.
    if (!r || r.reusedFrom) continue;
    fig.push({ est: estimatedCost(p.config), s: r.seconds });
  }
  points.push(...fig);
  figures.push(fig);
}

/** Wall time of C workers taking the costs in the order given, each the next when it is free. */
function makespan(costs: readonly number[], c: number): number {
  const free = new Array<number>(c).fill(0);
  for (const x of costs) {
    let m = 0;
    for (let i = 1; i < c; i++) if (free[i]! < free[m]!) m = i;
    free[m]! += x;
  }
  return Math.max(...free);
}
const costliestFirst = (ps: ReadonlyArray<{ est: number; s: number }>) =>
  [...ps].sort((a, b) => b.est - a.est).map((p) => p.s);
function ranks(a: readonly number[]): number[] {
  const r = new Array<number>(a.length);
  a.map((v, i) => [v, i] as const)
    .sort((x, y) => x[0] - y[0])
    .forEach(([, i], k) => {
      r[i] = k;
    });
  return r;
}
const ra = ranks(points.map((p) => p.est));
const rb = ranks(points.map((p) => p.s));
const mid = (points.length - 1) / 2;
let num = 0;
let den = 0;
for (let i = 0; i < points.length; i++) {
  num += (ra[i]! - mid) * (rb[i]! - mid);
  den += (ra[i]! - mid) ** 2;
}
const total = points.reduce((a, p) => a + p.s, 0);
console.log(
  `${points.length} points simulated, ${total.toFixed(0)} s of simulation; estimate ranks them with Spearman ${(num / den).toFixed(3)}`,
);
console.log('| cores | lower bound | one pool, costliest first | figure by figure |');
console.log('| ---: | ---: | ---: | ---: |');
for (const c of cores) {
  const bound = Math.max(total / c, ...points.map((p) => p.s));
  const pooled = makespan(costliestFirst(points), c);
  const byFigure = figures.reduce((a, f) => a + makespan(costliestFirst(f), c), 0);
  console.log(`| ${c} | ${bound.toFixed(0)} s | ${pooled.toFixed(0)} s | ${byFigure.toFixed(0)} s |`);
}

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { McsimError } from '../src/util/errors.js';
import { packagePath } from '../src/util/package-path.js';
import { buildRevisionCli, STARTUP_RUN, startupPairs } from './compare-startup.js';
import { median } from './median.js';
import { BENCH_POINTS, type BenchSpec, benchConfig, warmupMeasure } from './points.js';
import { printTable } from './table.js';

/**
 * `mcsim bench --compare REF`: the current code against git revision REF, in one sitting. REF is
 * exported (git archive) into `.bench/<commit>/` and built there once with this checkout's
 * node_modules; then every bench point runs in fresh processes (child.ts), alternating old and
 * new `reps` times (the order flips every round so drift in the machine's speed hits both), and
 * the table gives the median flit-hops per second of each and their ratio. Whole processes are
 * timed from their second run of the point, after a warm-up run, as the in-process bench does.
 *
 * With `--paired`, each point runs in one process that holds both builds (paired-child.ts) and
 * times them in turn, `reps` pairs; the ratio is the median of the pairs' ratios. On a machine
 * whose speed drifts (shared with other work) it is the steadier measure; the table says which.
 * On all points, start-up follows: whole `mcsim run` processes of both revisions in turn
 * (compare-startup.ts).
 */
const ROOT = packagePath();

function git(args: string[]): string {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** Builds revision `ref` into .bench/<commit>/dist once; returns that dist directory. */
export function buildRevision(ref: string): { commit: string; dist: string } {
  let commit: string;
  try {
    commit = git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new McsimError(`"${ref}" is not a commit of this repository`, '--compare');
  }
  const dir = join(ROOT, '.bench', commit.slice(0, 12));
  const dist = join(dir, 'dist');
  if (existsSync(join(dist, 'sim', 'run.js'))) return { commit, dist };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  console.error(`building ${commit.slice(0, 12)} in .bench/ ...`);
  execFileSync('sh', ['-c', 'git archive --format=tar "$1" | tar -x -C "$2"', 'sh', commit, dir], {
    cwd: ROOT,
  });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  const tsconfig = existsSync(join(dir, 'tsconfig.build.json')) ? 'tsconfig.build.json' : 'tsconfig.json';
  try {
    execFileSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', tsconfig], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch {
    // Type errors against this checkout's dependencies still emit JavaScript; only a missing
    // entry point means the revision cannot be run.
  }
  if (!existsSync(join(dist, 'sim', 'run.js')))
    throw new McsimError(`revision ${commit.slice(0, 12)} did not build (no dist/sim/run.js)`, '--compare');
  return { commit, dist };
}

interface Timed {
  flitHopsPerSecond?: number;
  /** Per wall-clock second. */
  wallFlitHopsPerSecond?: number;
  /** The reference loop's reading after the timed run (reference-loop.ts). */
  refMs?: number;
  error?: string;
}

function runChild(dist: string, p: BenchSpec): Timed {
  const child = join(ROOT, 'dist', 'bench', 'child.js');
  const out = execFileSync(
    process.execPath,
    [child, dist, JSON.stringify(benchConfig(p)), String(warmupMeasure(p))],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const r = JSON.parse(out.trim().split('\n').pop()!) as {
    flitHops?: number;
    seconds?: number;
    cpuSeconds?: number;
    refMs?: number;
    error?: string;
  };
  if (r.error !== undefined) return { error: r.error };
  // Per CPU second: on a machine busy with other work the wall clock also counts the time the
  // process waited for a core, CPU time does not; on an idle machine they differ by the work of
  // V8's background threads (compilation, garbage collection), which CPU time counts.
  return {
    flitHopsPerSecond: r.flitHops! / r.cpuSeconds!,
    wallFlitHopsPerSecond: r.flitHops! / r.seconds!,
    refMs: r.refMs!,
  };
}

/** Flit-hops per CPU second of each run of the two builds, pair by pair. */
interface Pairs {
  old: number[];
  new: number[];
  /** The process's median reading of the reference loop. */
  refMs: number;
}

/** Both builds in one process, `pairs` runs each in turn (paired-child.ts), or the error message. */
function runPaired(oldDist: string, newDist: string, p: BenchSpec, pairs: number): Pairs | string {
  const child = join(ROOT, 'dist', 'bench', 'paired-child.js');
  const out = execFileSync(
    process.execPath,
    [child, oldDist, newDist, JSON.stringify(benchConfig(p)), String(warmupMeasure(p)), String(pairs)],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const r = JSON.parse(out.trim().split('\n').pop()!) as {
    old?: number[];
    new?: number[];
    refMs?: number;
    error?: string;
  };
  if (r.error !== undefined) return r.error;
  return { old: r.old!, new: r.new!, refMs: r.refMs! };
}

const REF_NOTE =
  'ref ms: the reference loop timed after the timed runs, median per side or process (bench/reference-loop.ts): a process that ran on a slow machine reads high';

export function compareBench(
  ref: string,
  reps: number,
  points: readonly BenchSpec[] = BENCH_POINTS,
  paired = false,
): void {
  const { commit, dist: refDist } = buildRevision(ref);
  const curDist = join(ROOT, 'dist');
  const head = git(['rev-parse', '--short=12', 'HEAD']);
  const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '' ? ' + uncommitted changes' : '';
  if (paired) {
    console.log(
      `old: ${commit.slice(0, 12)} (${ref}); new: ${head}${dirty}; both in one process per point, ${reps} pairs of runs in turn`,
    );
    comparePaired(refDist, curDist, reps, points);
  } else {
    console.log(`old: ${commit.slice(0, 12)} (${ref}); new: ${head}${dirty}; ${reps} runs each, alternating`);
    compareAlternating(refDist, curDist, reps, points);
  }
  if (points === BENCH_POINTS) compareStartup(dirname(refDist), ROOT, Math.max(30, reps));
}

/** Start-up, old against new: whole `mcsim run` processes in turn (compare-startup.ts). */
function compareStartup(oldRoot: string, newRoot: string, pairs: number): void {
  buildRevisionCli(oldRoot);
  const r = startupPairs(oldRoot, newRoot, pairs);
  const what = `start-up (whole \`mcsim ${STARTUP_RUN.join(' ')}\` processes, ${pairs} pairs in turn, without NODE_EXTRA_CA_CERTS)`;
  if (typeof r === 'string') {
    console.log(`${what}: n/a, ${r.slice(0, 80)}`);
    return;
  }
  const each = r.new.map((x, i) => x / r.old[i]!);
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  console.log(
    `${what}: old ${ms(median(r.old))}, new ${ms(median(r.new))} of wall time; new/old ${median(each).toFixed(3)} (pairs ${Math.min(...each).toFixed(3)}-${Math.max(...each).toFixed(3)})`,
  );
}

/** The table of fresh processes, old and new alternating, `reps` runs each per point. */
function compareAlternating(
  refDist: string,
  curDist: string,
  reps: number,
  points: readonly BenchSpec[],
): void {
  const rows: string[][] = [];
  const ratios: number[] = [];
  const wallRatios: number[] = [];
  const M = (x: number) => (x / 1e6).toFixed(2);
  for (const p of points) {
    const old: number[] = [];
    const cur: number[] = [];
    const oldWall: number[] = [];
    const curWall: number[] = [];
    const oldRef: number[] = [];
    const curRef: number[] = [];
    let error: string | undefined;
    for (let r = 0; r < reps && error === undefined; r++) {
      const order: [string, number[], number[], number[]][] = [
        [refDist, old, oldWall, oldRef],
        [curDist, cur, curWall, curRef],
      ];
      if (r % 2 === 1) order.reverse();
      for (const [dist, into, intoWall, intoRef] of order) {
        const t = runChild(dist, p);
        if (t.error !== undefined) {
          error = dist === refDist ? `old revision: ${t.error}` : t.error;
          break;
        }
        into.push(t.flitHopsPerSecond!);
        intoWall.push(t.wallFlitHopsPerSecond!);
        intoRef.push(t.refMs!);
      }
    }
    if (error !== undefined) {
      rows.push([p.id, 'n/a', cur.length ? M(median(cur)) : 'n/a', 'n/a', 'n/a', 'n/a', error.slice(0, 60)]);
    } else {
      const ratio = median(cur) / median(old);
      ratios.push(ratio);
      wallRatios.push(median(curWall) / median(oldWall));
      const range = (xs: number[]) => `${M(Math.min(...xs))}-${M(Math.max(...xs))}`;
      rows.push([
        p.id,
        M(median(old)),
        M(median(cur)),
        ratio.toFixed(3),
        wallRatios[wallRatios.length - 1]!.toFixed(3),
        `${median(oldRef).toFixed(1)} / ${median(curRef).toFixed(1)}`,
        `old ${range(old)}, new ${range(cur)}`,
      ]);
    }
    console.error(`  ${p.id} done`);
  }
  console.log('');
  printTable(
    [
      'point',
      'old M flit-hops/cpu-s',
      'new M flit-hops/cpu-s',
      'new/old',
      'new/old wall',
      'ref ms old / new',
      'spread (cpu)',
    ],
    rows,
  );
  console.log(REF_NOTE);
  if (ratios.length > 0) {
    const geo = (xs: number[]) => Math.exp(xs.reduce((a, r) => a + Math.log(r), 0) / xs.length).toFixed(3);
    console.log(
      `geometric mean of new/old over ${ratios.length} point(s): ${geo(ratios)} per CPU second, ${geo(wallRatios)} per wall second`,
    );
  }
}

/** The --paired table: per point the medians of each side and the median of the pairs' ratios. */
function comparePaired(refDist: string, curDist: string, pairs: number, points: readonly BenchSpec[]): void {
  const rows: string[][] = [];
  const ratios: number[] = [];
  const M = (x: number) => (x / 1e6).toFixed(2);
  for (const p of points) {
    const r = runPaired(refDist, curDist, p, pairs);
    if (typeof r === 'string') rows.push([p.id, 'n/a', 'n/a', 'n/a', 'n/a', r.slice(0, 60)]);
    else {
      const old = r.old;
      const cur = r.new;
      const each = cur.map((x, i) => x / old[i]!);
      const ratio = median(each);
      ratios.push(ratio);
      rows.push([
        p.id,
        M(median(old)),
        M(median(cur)),
        ratio.toFixed(3),
        r.refMs.toFixed(1),
        `${Math.min(...each).toFixed(3)}-${Math.max(...each).toFixed(3)}`,
      ]);
    }
    console.error(`  ${p.id} done`);
  }
  console.log('');
  printTable(
    [
      'point',
      'old M flit-hops/cpu-s',
      'new M flit-hops/cpu-s',
      'new/old (median of pairs)',
      'ref ms',
      'pairs range',
    ],
    rows,
  );
  console.log(REF_NOTE);
  if (ratios.length > 0) {
    const geo = Math.exp(ratios.reduce((a, r) => a + Math.log(r), 0) / ratios.length).toFixed(3);
    console.log(`geometric mean of new/old over ${ratios.length} point(s): ${geo} per CPU second`);
  }
}

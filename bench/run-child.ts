import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { packagePath } from '../src/util/package-path.js';
import { type BenchSpec, benchConfig, warmupMeasure } from './points.js';

/** One timed run of a point in a fresh process (child.ts), per CPU and per wall-clock second. */
export interface Timed {
  flitHopsPerSecond?: number;
  /** Per wall-clock second. */
  wallFlitHopsPerSecond?: number;
  /** The reference loop's reading after the timed run (reference-loop.ts). */
  refMs?: number;
  error?: string;
}

export function runChild(dist: string, p: BenchSpec): Timed {
  const child = join(packagePath(), 'dist', 'bench', 'child.js');
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

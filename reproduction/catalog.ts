import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Experiment } from '../src/sweep/schema.js';
import { loadExperiment } from '../src/sweep/sweep.js';
import { packagePath } from '../src/util/package-path.js';

/** The experiments/ folder of the package (next to src/, reproduction/ and dist/). */
export function experimentsDir(): string {
  return packagePath('experiments/');
}

/** Every experiment file that reproduces a figure of a paper, in paper and figure order. */
export function catalog(): Array<{ id: string; file: string; exp: Experiment }> {
  const dir = experimentsDir();
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => ({ file: join(dir, f), exp: loadExperiment(join(dir, f)) }))
    .map(({ file, exp }) => ({ id: exp.id, file, exp }))
    .sort(
      (a, b) =>
        (a.exp.paper ?? '').localeCompare(b.exp.paper ?? '') ||
        Number(a.exp.figure ?? 99) - Number(b.exp.figure ?? 99),
    );
}

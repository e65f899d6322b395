import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Experiment } from './schema.js';
import { loadExperiment } from './sweep.js';

/** The experiments/ folder of the package (next to src/ or dist/). */
export function experimentsDir(): string {
  return fileURLToPath(new URL('../../experiments/', import.meta.url));
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

/**
 * The deterministic part of the `--quick` form of every experiment in experiments/: per point its
 * key, status, error, outcome and metrics (not the run time, the mcsim version or the config hash,
 * which change without the result changing). `npm run references` writes these files from the
 * current code; test/regression/quick-outputs.test.ts re-runs the experiments and requires the
 * same bytes. Depends only on runSweep and loadExperiment, so the same script can regenerate the
 * references from an older revision of the engine.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadExperiment, runSweep } from '../../src/sweep/sweep.js';
import { tempDir } from '../temp-dir.js';

export const EXPERIMENTS_DIR = fileURLToPath(new URL('../../experiments/', import.meta.url));
export const REFERENCE_DIR = fileURLToPath(new URL('./reference/', import.meta.url));

/** The experiment files, by file name (stable order). */
export function experimentFiles(): string[] {
  return readdirSync(EXPERIMENTS_DIR)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
}

/** The reference file name of an experiment file. */
export function referenceName(file: string): string {
  return file.replace(/\.yaml$/, '.quick.json');
}

/** Runs the quick form of one experiment on one worker and returns its reference text. */
export async function quickReference(file: string): Promise<string> {
  const exp = loadExperiment(join(EXPERIMENTS_DIR, file));
  const out = tempDir('mcsim-ref-');
  try {
    const res = await runSweep(exp, { outDir: out, quick: true, workers: 1 });
    const points = res.records.map((r) => ({
      key: r.key,
      status: r.status,
      error: r.error ?? null,
      outcome: r.outcome ?? null,
      metrics: r.metrics ?? null,
    }));
    // One point per line: a change shows as the lines of the points it touched, at a fifth of the
    // size of indented JSON.
    const lines = points.map((p) => JSON.stringify(p)).join(',\n');
    return `{"experiment":${JSON.stringify(exp.id)},"points":[\n${lines}\n]}\n`;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

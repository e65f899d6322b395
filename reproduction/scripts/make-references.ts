/**
 * Writes test/regression/reference/*.quick.json: the deterministic outputs of the `--quick` form of
 * every experiment (`npm run references`). Run it on the code whose results must not change;
 * test/regression/quick-outputs.test.ts then holds later code to the same bytes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  experimentFiles,
  quickReference,
  REFERENCE_DIR,
  referenceName,
} from '../../test/regression/references.js';

mkdirSync(REFERENCE_DIR, { recursive: true });
for (const file of experimentFiles()) {
  const t0 = Date.now();
  writeFileSync(join(REFERENCE_DIR, referenceName(file)), await quickReference(file));
  console.log(`${referenceName(file)} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

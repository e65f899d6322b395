import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { experimentFiles, quickReference, REFERENCE_DIR, referenceName } from './references.js';

// Every result that existed before the engine was reshaped (issue 11) must stay byte-identical.
describe('quick experiment outputs equal the committed references', () => {
  for (const file of experimentFiles()) {
    it(file, async () => {
      const ref = join(REFERENCE_DIR, referenceName(file));
      assert.ok(existsSync(ref), `no reference for ${file}: run npm run references on the unmodified code`);
      assert.equal(await quickReference(file), readFileSync(ref, 'utf8'));
    });
  }
});

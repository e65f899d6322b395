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
      const got = (await quickReference(file)).split('\n');
      const want = readFileSync(ref, 'utf8').split('\n');
      // Name the first point that differs rather than print two whole files.
      const i = got.findIndex((line, k) => line !== want[k]);
      if (i >= 0 || got.length !== want.length) {
        const k = i >= 0 ? i : Math.min(got.length, want.length);
        const cut = (s: string | undefined) => (s === undefined ? '(none)' : s.slice(0, 600));
        assert.fail(
          `${file}: line ${k + 1} of ${want.length} differs (npm run references rewrites the references on purpose)\n` +
            `expected: ${cut(want[k])}\nactual:   ${cut(got[k])}`,
        );
      }
    });
  }
});

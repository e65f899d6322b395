import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CLAIMS } from '../../src/experiments/claims.js';
import { loadExperiment, runSweep } from '../../src/experiments/sweep.js';

/**
 * The claims of 000 sec. 5 about Figs. 10-12, checked on the scaled-down (--quick) versions of the
 * experiments: the 16x16 mesh of the paper with fewer samples and points.
 */
const out = mkdtempSync(join(tmpdir(), 'mcsim-tpm-'));

for (const id of ['tpm-fig10', 'tpm-fig11', 'tpm-fig12']) {
  describe(`000 ${id.replace('tpm-fig', 'Fig. ')} (quick)`, () => {
    it('every claim of the paper about it holds in our run', async () => {
      const exp = loadExperiment(new URL(`../../experiments/${id}.yaml`, import.meta.url).pathname);
      const r = await runSweep(exp, { outDir: out, quick: true, workers: 2 });
      assert.equal(r.failed, 0);
      const claims = CLAIMS[id]!(r.records);
      assert.ok(claims.length >= 2);
      for (const c of claims) assert.ok(c.holds, `${c.claim}: ${c.detail}`);
    });
  });
}

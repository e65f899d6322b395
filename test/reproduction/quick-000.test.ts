import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Verdict } from '../../reproduction/claims/index.js';
import { claimsOf } from '../../reproduction/claims/index.js';
import { loadExperiment, runSweep, siblingsIn } from '../../src/sweep/sweep.js';
import { tempDir } from '../temp-dir.js';

/**
 * The claims of 000 sec. 5 about Figs. 10-12, checked on the scaled-down (--quick) versions of the
 * experiments: the paper's 16x16 mesh with fewer samples and points. The expected verdicts are
 * those of our model at this scale, decided beyond noise (holds, tie, fails), claims that fail
 * included (docs/experiments/tpm.md discusses them): a change of model that flips one fails here
 * and must be explained there. With 40 multicasts per point (Figs. 10-11) and a few dozen
 * multicasts per load (Fig. 12), several differences the full runs resolve are within noise here.
 */
const out = tempDir('mcsim-tpm-');

const expected: Record<string, Verdict[]> = {
  // lowest latency, nearly constant, dual-path rise then flat (tie: slope after 1.07 ± 0.47
  // against a quarter of 3.48 ± 0.43), column-path/separate degrade, TPM traffic below dual-path at
  // every point (tie: at 20, 2366 ± 120 against 2257 ± 100), separate/column-path traffic above.
  'tpm-fig10': ['holds', 'holds', 'tie', 'holds', 'tie', 'holds'],
  // the Fig. 10 trends, all-port improves column-path and separate, column-path as good as
  // dual-path (tie: at 20 the ratio is 1.13 ± 0.1 against at most 1.15).
  'tpm-fig11': ['holds', 'holds', 'tie', 'holds', 'holds', 'tie'],
  // unicast order (fails: separate above dual-path at 0.05 beyond noise), TPM lowest multicast
  // latency, dual-path good at low load (fails: x1.73 ± 0.44 of TPM), dual-path rises fastest and
  // column-path rises slowly but far above TPM (ties: growths of 16 to 46 multicasts per load).
  // dual-path and multi-path are past saturation at 0.08 and compared below it only.
  'tpm-fig12': ['fails', 'holds', 'fails', 'tie', 'tie'],
};

for (const [id, verdicts] of Object.entries(expected)) {
  describe(`000 ${id.replace('tpm-fig', 'Fig. ')} (quick)`, () => {
    it('every point completes and each claim of the paper gets its verdict, with numbers', async () => {
      const exp = loadExperiment(new URL(`../../experiments/${id}.yaml`, import.meta.url).pathname);
      const r = await runSweep(exp, { outDir: out, quick: true, workers: 2 });
      const claims = claimsOf(exp, r.records, siblingsIn(out, true));
      assert.deepEqual(
        claims.map((c) => c.verdict),
        verdicts,
        claims.map((c) => `${c.verdict}: ${c.claim}: ${c.detail}`).join('\n'),
      );
      for (const c of claims) assert.match(c.detail, /\d/, `${c.claim} gives its numbers`);
      // Fig. 12's saturated points (and only saturated ones: never a deadlock) are left out.
      for (const f of r.records.filter((x) => x.status === 'failed'))
        assert.equal(f.outcome?.status, 'unfinished', `${JSON.stringify(f.params)}: ${f.error}`);
      if (id !== 'tpm-fig12') assert.equal(r.failed, 0);
    });
  });
}

import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CLAIMS } from '../../src/experiments/claims.js';
import { TORUS_CLAIMS } from '../../src/experiments/claims-torus.js';
import type { PointRecord } from '../../src/experiments/sweep.js';
import { loadExperiment, runSweep } from '../../src/experiments/sweep.js';

/**
 * 001 Figs. 8-11 and the flit-level companion on their scaled-down (--quick) experiments. Each
 * claim's verdict is asserted as the readings of docs/algorithms/ give it (the reading notes of
 * 001, sec. 4.3): some of 001's claims do not hold, and docs/experiments/torus.md says why. Only
 * 001's "Uniform has the highest traffic" (Fig. 11) is left unasserted here: it fails on the full
 * sweep at T15, T25 and T35 by under 1%, sizes the quick sweep does not have.
 */
const out = mkdtempSync(join(tmpdir(), 'mcsim-torus-'));
const expected: Record<string, Array<boolean | undefined>> = {
  // falls; others rise; TASNEM lowest (fails vs T2W); Uniform highest; Uniform > HCM
  'torus-fig8': [true, true, false, true, true],
  // traffic rises; TASNEM lowest (ties at broadcast); Uniform highest (fails vs T2W, ties at broadcast)
  'torus-fig9': [true, true, false],
  // latency rises; TASNEM grows least (fails vs T2W); TASNEM lowest (fails vs T2W); Uniform highest; Uniform > HCM
  'torus-fig10': [true, false, false, true, true],
  // traffic rises; TASNEM lowest; Uniform highest (not asserted, see above)
  'torus-fig11': [true, true, undefined],
  // TASNEM lowest flit-level latency
  'torus-engine': [true],
};

for (const [id, verdicts] of Object.entries(expected)) {
  describe(`001 ${id} (quick)`, () => {
    it('runs every point, and each claim comes out as the readings predict', async () => {
      const exp = loadExperiment(new URL(`../../experiments/${id}.yaml`, import.meta.url).pathname);
      const r = await runSweep(exp, { outDir: out, quick: true, workers: 2, plots: false });
      assert.equal(r.failed, 0);
      const claims = CLAIMS[id]!(r.records);
      assert.equal(claims.length, verdicts.length);
      claims.forEach((c, i) => {
        assert.ok(/\d/.test(c.detail), `${c.claim}: numbers in the detail`);
        if (verdicts[i] !== undefined) assert.equal(c.holds, verdicts[i], `${c.claim}: ${c.detail}`);
      });
    });
  });
}

describe('torus claims without data', () => {
  it('never hold, and say "no data"', () => {
    const failed: PointRecord = {
      experiment: 'x',
      key: 'k',
      index: 0,
      params: { 'workload.algorithm': 'tasnem', 'workload.destinations': 100 },
      seed: 1,
      status: 'failed',
      error: 'boom',
      version: '0',
      seconds: 0,
    };
    for (const [id, f] of Object.entries(TORUS_CLAIMS))
      for (const records of [[], [failed]])
        for (const c of f(records)) {
          assert.equal(c.holds, false, `${id}: ${c.claim}`);
          assert.match(c.detail, /^no data/);
        }
  });
});

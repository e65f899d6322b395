import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CLAIMS } from '../../src/experiments/claims.js';
import { loadExperiment, runSweep } from '../../src/experiments/sweep.js';

/**
 * The claims of 004 sec. 6 about Figs. 8-11, on the scaled-down (--quick) experiments. Fig. 9's
 * claim that the average stays close to the bound does not hold for the larger sets in our step
 * model (docs/experiments/ccc.md gives the numbers), so for Fig. 9 only Theorem 3's bound is asserted.
 */
const out = mkdtempSync(join(tmpdir(), 'mcsim-ccc-'));
const expected: Record<string, 'all' | number[]> = {
  'ccc-fig8': 'all',
  'ccc-fig9': [0],
  'ccc-fig10': 'all',
  'ccc-fig11': 'all',
};

for (const [id, which] of Object.entries(expected)) {
  describe(`004 ${id.replace('ccc-fig', 'Fig. ')} (quick)`, () => {
    it(
      which === 'all'
        ? 'every claim of the paper about it holds in our run'
        : 'Theorem 3 holds at every point',
      async () => {
        const exp = loadExperiment(new URL(`../../experiments/${id}.yaml`, import.meta.url).pathname);
        const r = await runSweep(exp, { outDir: out, quick: true, workers: 2 });
        assert.equal(r.failed, 0);
        const claims = CLAIMS[id]!(r.records);
        const checked = which === 'all' ? claims : which.map((i) => claims[i]!);
        for (const c of checked) assert.ok(c.holds, `${c.claim}: ${c.detail}`);
      },
    );
  });
}

describe('U-CCC, flit by flit on ccc:7 (quick)', () => {
  it('U-CCC beats separate addressing, more so as the set grows', async () => {
    const exp = loadExperiment(new URL('../../experiments/ccc-engine.yaml', import.meta.url).pathname);
    const r = await runSweep(exp, { outDir: out, quick: true, workers: 2 });
    const lat = (a: string, d: number) =>
      r.records.find((x) => x.params['workload.algorithm'] === a && x.params['workload.destinations'] === d)!
        .metrics!.latency.mean;
    const ratios = [7, 31, 127].map((d) => lat('separate', d) / lat('uccc', d));
    assert.ok(
      ratios.every((x) => x > 1),
      ratios.join(' '),
    );
    assert.ok(ratios[2]! > ratios[0]!, ratios.join(' '));
  });
});

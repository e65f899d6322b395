import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { PointRecord } from '../../src/experiments/record.js';
import { claimsOf } from '../../src/experiments/summary.js';
import { loadExperiment, runSweep } from '../../src/experiments/sweep.js';

/**
 * 003 Figs. 10, 16 and 22 on their scaled-down (--quick) experiments (8x8 mesh, 32 B, 512 B and
 * 8 KB, two seeds), with the cross-figure claims of Fig. 22 on the other two. The verdicts are
 * those docs/experiments/infiniband.md reports for the full figures: multicast always wins, the
 * one-source multicast meets its zero-load time, and the speedup as a ratio neither grows with size
 * when there are many sources nor with the number of sources, while as time saved it does.
 */
const out = mkdtempSync(join(tmpdir(), 'mcsim-ib-'));
const runs = new Map<string, PointRecord[]>();

async function run(id: string) {
  const exp = loadExperiment(new URL(`../../experiments/${id}.yaml`, import.meta.url).pathname);
  const r = await runSweep(exp, { outDir: out, quick: true, workers: 1, plots: false });
  assert.equal(r.failed, 0);
  runs.set(id, r.records);
  return claimsOf(exp, r.records, (s) => runs.get(s));
}

/** Verdicts by claim tag: C1, C2-ratio, C2-saved, ... */
const verdicts = (claims: Awaited<ReturnType<typeof run>>) =>
  Object.fromEntries(
    claims.map((c) => {
      const how = c.claim.includes('as a ratio')
        ? '-ratio'
        : c.claim.includes('as time saved')
          ? '-saved'
          : '';
      return [`${c.claim.split(' ')[0]}${how}`, c.verdict];
    }),
  );

describe('003 Figs. 10, 16, 22 (quick)', () => {
  it('one source (Fig. 10): every claim holds', async () => {
    const v = verdicts(await run('ib-fig10'));
    assert.deepEqual(v, { C1: 'holds', 'C2-ratio': 'holds', 'C2-saved': 'holds', C9: 'holds' });
  });

  it('multi-source (Fig. 16): the ratio falls with size, the time saved grows; C1 and C10 hold', async () => {
    const v = verdicts(await run('ib-fig16'));
    assert.equal(v.C1, 'holds');
    assert.equal(v['C2-ratio'], 'fails');
    assert.equal(v['C2-saved'], 'holds');
    assert.equal(v.C10, 'holds');
  });

  it('all-source (Fig. 22): C3 fails as a ratio and holds as time saved; C7 and C8 hold', async () => {
    const claims = await run('ib-fig22');
    const v = verdicts(claims);
    assert.equal(v['C3-ratio'], 'fails');
    assert.equal(v['C3-saved'], 'holds');
    assert.equal(v.C7, 'holds');
    assert.equal(v.C8, 'holds');
    for (const c of claims) assert.ok(/\d/.test(c.detail), `${c.claim}: numbers in the detail`);
  });
});

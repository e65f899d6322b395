import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { claimsOf } from '../../reproduction/claims/index.js';
import type { PointRecord } from '../../src/sweep/record.js';
import { loadExperiment, runSweep } from '../../src/sweep/sweep.js';
import { tempDir } from '../temp-dir.js';

/**
 * 003 Figs. 10, 16 and 22 on their scaled-down (--quick) experiments (8x8 mesh, 32 B, 512 B and
 * 8 KB, eight seeds, both VL buffer models), with the cross-figure claims of Fig. 22 on the other
 * two. The verdicts are those docs/experiments/infiniband.md reports for the full figures:
 * multicast always wins, the one-source multicast meets its zero-load time, and the speedup as a
 * ratio does not grow with the number of sources while as time saved it does; with many sources
 * the ratio falls with size under packet buffers and grows under credit buffers.
 */
const out = tempDir('mcsim-ib-');
const runs = new Map<string, PointRecord[]>();

async function run(id: string) {
  const exp = loadExperiment(new URL(`../../experiments/${id}.yaml`, import.meta.url).pathname);
  const r = await runSweep(exp, { outDir: out, quick: true, workers: 1 });
  assert.equal(r.failed, 0);
  runs.set(id, r.records);
  return claimsOf(exp, r.records, (s) => runs.get(s));
}

/** Verdicts by claim tag and buffer model: C1/packet, C2-ratio/credit, ... */
const verdicts = (claims: Awaited<ReturnType<typeof run>>) =>
  Object.fromEntries(
    claims.map((c) => {
      const how = c.claim.includes('as a ratio')
        ? '-ratio'
        : c.claim.includes('as time saved')
          ? '-saved'
          : '';
      const [tag, model] = c.claim.split(' ');
      return [`${tag}${how}/${model!.slice(1)}`, c.verdict];
    }),
  );

const both = (v: Record<string, string>, tag: string) => [v[`${tag}/packet`], v[`${tag}/credit`]];

describe('003 Figs. 10, 16, 22 (quick)', () => {
  it('one source (Fig. 10): every claim holds under both buffer models', async () => {
    const v = verdicts(await run('ib-fig10'));
    assert.deepEqual(Object.keys(v).length, 8);
    for (const [k, d] of Object.entries(v)) assert.equal(d, 'holds', k);
  });

  it('multi-source (Fig. 16): the ratio falls with size under packet buffers and grows under credit ones; C1 and C10 hold', async () => {
    const v = verdicts(await run('ib-fig16'));
    assert.deepEqual(both(v, 'C1'), ['holds', 'holds']);
    assert.deepEqual(both(v, 'C2-ratio'), ['fails', 'holds']);
    assert.deepEqual(both(v, 'C2-saved'), ['holds', 'holds']);
    assert.deepEqual(both(v, 'C10'), ['holds', 'holds']);
  });

  it('all-source (Fig. 22): C3 fails as a ratio and holds as time saved; C7 and C8 hold', async () => {
    const claims = await run('ib-fig22');
    const v = verdicts(claims);
    assert.deepEqual(both(v, 'C3-ratio'), ['fails', 'fails']);
    assert.deepEqual(both(v, 'C3-saved'), ['holds', 'holds']);
    assert.deepEqual(both(v, 'C7'), ['holds', 'holds']);
    assert.deepEqual(both(v, 'C8'), ['holds', 'holds']);
    for (const c of claims) assert.ok(/\d/.test(c.detail), `${c.claim}: numbers in the detail`);
    for (const c of claims) assert.match(c.claim, /^C\d+[a-c]? \((packet|credit) buffers\) /);
  });
});

import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readJsonl } from '../src/results/writers.js';
import type { PointRecord } from '../src/sweep/record.js';
import { peerUnavailable } from '../test/peers/unavailable.js';

/**
 * A sweep on a real Slurm: Debian's munge and slurm-wlm, a controller and one node on this
 * machine, started by scripts/slurm-local.sh (needs root). Kept out of `npm test`; `npm run
 * test:slurm` runs it, and .ci/run calls that.
 */
const ROOT = new URL('..', import.meta.url).pathname;
const MAIN = join(ROOT, 'cli/main.ts');
const state = mkdtempSync(join(tmpdir(), 'mcsim-slurm-'));
const env = { ...process.env, SLURM_CONF: join(state, 'slurm.conf') };

function mcsim(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    encoding: 'utf8',
    env,
    cwd: ROOT,
  });
  assert.equal(r.status, 0, r.stderr + r.stdout);
  return r.stdout;
}

describe('mcsim sweep --slurm on a local single-node Slurm', () => {
  // A Slurm that cannot be installed or started (no root, no package mirror) fails the test unless
  // the developer asks to skip it (test/peers/unavailable.ts);
  // once it runs, any difference between the array's results and the local run fails it.
  let unavailable: string | undefined;
  before(() => {
    const r = spawnSync('bash', [join(ROOT, 'scripts/slurm-local.sh'), 'start', state], { encoding: 'utf8' });
    if (r.status !== 0) unavailable = `${r.stderr}${r.stdout}`.trim().split('\n').slice(-3).join(' | ');
  });
  after(() => {
    spawnSync('bash', [join(ROOT, 'scripts/slurm-local.sh'), 'stop', state], { stdio: 'inherit' });
  });

  it('a job array of 4 tasks collects the same results as the local run', async (t) => {
    if (unavailable) return peerUnavailable(t, 'Slurm', unavailable);
    const dir = mkdtempSync(join(tmpdir(), 'mcsim-slurm-run-'));
    const exp = join(dir, 'exp.yaml');
    writeFileSync(
      exp,
      [
        'id: slurm-test',
        'title: slurm test',
        'base:',
        '  network: { topology: "mesh:6x6" }',
        '  workload: { type: uniform, warmup: 200, measure: 2000, drain: 2000 }',
        'series: { path: network.routing, values: [xy, yx] }',
        'axes:',
        '  - { path: workload.load, values: [0.02, 0.05, 0.08, 0.11] }',
        'seeds: [1]',
      ].join('\n'),
    );
    mcsim('sweep', exp, '--workers', '2', '--out', join(dir, 'local'));
    const printed = mcsim('sweep', exp, '--slurm', '--shards', '4', '--out', join(dir, 'cluster'));
    const script = /^wrote (.*\.slurm\.sh)$/m.exec(printed)![1]!;
    const jobId = execFileSync('sbatch', ['--parsable', script], { env, encoding: 'utf8' })
      .trim()
      .split(';')[0]!;
    // No accounting here: wait on squeue until the array has left the queue.
    const deadline = Date.now() + 120_000;
    for (;;) {
      const q = execFileSync('squeue', ['-h', '-j', jobId, '-o', '%i %T'], { env, encoding: 'utf8' }).trim();
      if (q === '') break;
      assert.ok(Date.now() < deadline, `job ${jobId} still queued: ${q}`);
      await new Promise((r) => setTimeout(r, 300));
    }
    mcsim('collect', join(dir, 'cluster', 'shards'), '--out', join(dir, 'cluster', 'slurm-test.jsonl'));
    const local = readJsonl<PointRecord>(join(dir, 'local', 'slurm-test.jsonl'));
    const merged = readJsonl<PointRecord>(join(dir, 'cluster', 'slurm-test.jsonl'));
    assert.equal(local.length, 8);
    assert.equal(merged.length, 8, 'every point came back from the array');
    const byKey = (rs: PointRecord[]) => new Map(rs.map((r) => [r.key, JSON.stringify(r.metrics)]));
    assert.deepEqual(byKey(merged), byKey(local));
  });
});

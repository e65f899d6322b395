import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readJsonl } from '../../src/results/writers.js';
import type { PointRecord } from '../../src/sweep/record.js';
import { tempDir } from '../temp-dir.js';

const MAIN = new URL('../../cli/main.ts', import.meta.url).pathname;

function sweep(file: string, out: string, killAfterLines?: number): Promise<number | null> {
  return new Promise((resolve) => {
    const p = spawn(
      process.execPath,
      ['--import', 'tsx', MAIN, 'sweep', file, '--workers', '2', '--out', out],
      { stdio: 'ignore' },
    );
    let timer: NodeJS.Timeout | undefined;
    if (killAfterLines !== undefined) {
      const results = join(out, 'resume-test.jsonl');
      timer = setInterval(() => {
        const n = existsSync(results) ? readFileSync(results, 'utf8').split('\n').length - 1 : 0;
        if (n >= killAfterLines) p.kill('SIGKILL');
      }, 20);
    }
    p.on('exit', (code) => {
      if (timer) clearInterval(timer);
      resolve(code);
    });
  });
}

describe('sweeps are resumable', () => {
  it('a sweep killed outright midway, then resumed, equals an uninterrupted one point for point', async () => {
    const dir = tempDir('mcsim-resume-');
    const exp = join(dir, 'exp.yaml');
    writeFileSync(
      exp,
      [
        'id: resume-test',
        'title: resume test',
        'base:',
        '  network: { topology: "mesh:6x6" }',
        '  workload: { type: uniform, warmup: 200, measure: 3000, drain: 2000 }',
        'axes:',
        '  - { path: workload.load, values: [0.02, 0.04, 0.06, 0.08, 0.1, 0.12] }',
        'seeds: [1, 2]',
      ].join('\n'),
    );
    const whole = join(dir, 'whole');
    assert.equal(await sweep(exp, whole), 0);
    const cut = join(dir, 'cut');
    const code = await sweep(exp, cut, 4);
    assert.notEqual(code, 0, 'the first run was killed');
    const partial = readJsonl<PointRecord>(join(cut, 'resume-test.jsonl'));
    assert.ok(partial.length >= 4 && partial.length < 12, `killed after ${partial.length} points`);
    assert.equal(await sweep(exp, cut), 0);
    const a = readJsonl<PointRecord>(join(whole, 'resume-test.jsonl'));
    const b = readJsonl<PointRecord>(join(cut, 'resume-test.jsonl'));
    assert.equal(b.length, 12, 'no point run twice, none lost');
    const byKey = (rs: PointRecord[]) => new Map(rs.map((r) => [r.key, JSON.stringify(r.metrics)]));
    assert.deepEqual(byKey(b), byKey(a));
  });
});

describe('a failing point', () => {
  it('is recorded as failed with its message, the sweep goes on, and the exit code says so', async () => {
    const dir = tempDir('mcsim-fail-');
    const exp = join(dir, 'exp.yaml');
    writeFileSync(
      exp,
      [
        'id: fail-test',
        'title: a point that cannot run',
        'base:',
        '  network: { topology: "mesh:4x4" }',
        '  workload: { type: multicast, algorithm: tpm, samples: 5 }',
        'axes:',
        '  - { path: workload.destinations, values: [3, 100, 8] }',
      ].join('\n'),
    );
    const code = await new Promise<number | null>((resolve) => {
      spawn(process.execPath, ['--import', 'tsx', MAIN, 'sweep', exp, '--workers', '2', '--out', dir], {
        stdio: 'ignore',
      }).on('exit', resolve);
    });
    assert.equal(code, 4);
    const recs = readJsonl<PointRecord>(join(dir, 'fail-test.jsonl'));
    assert.equal(recs.length, 3);
    const bad = recs.find((r) => r.params['workload.destinations'] === 100)!;
    assert.equal(bad.status, 'failed');
    assert.match(bad.error!, /100 destinations do not fit mesh:4x4/);
    assert.equal(recs.filter((r) => r.status === 'ok').length, 2);
  });
});

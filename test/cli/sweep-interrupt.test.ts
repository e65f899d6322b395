import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from '../temp-dir.js';

const MAIN = new URL('../../cli/main.ts', import.meta.url).pathname;

describe('an interrupted sweep (cli/interrupt.ts)', () => {
  it('Ctrl-C in a sweep: exit 130, the finished points kept, and a hint that re-running resumes', async () => {
    const out = tempDir('mcsim-int-');
    const file = join(out, 'tpm-fig10.jsonl');
    const p = spawn(
      process.execPath,
      ['--import', 'tsx', MAIN, 'sweep', 'experiments/tpm-fig10.yaml', '--workers', '1', '--out', out],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let err = '';
    p.stderr.on('data', (d) => {
      err += d;
    });
    // One Ctrl-C, once a point is in (a second one while the first is handled would be a user
    // insisting, which the default handler answers by killing the process).
    const timer = setInterval(() => {
      if (existsSync(file) && readFileSync(file, 'utf8').split('\n').length > 1) {
        clearInterval(timer);
        p.kill('SIGINT');
      }
    }, 50);
    const code = await new Promise<number | null>((resolve) => p.on('exit', (c) => resolve(c)));
    clearInterval(timer);
    assert.equal(code, 130);
    assert.match(
      err,
      new RegExp(`interrupted; the finished points are in ${file}: run the same command again to resume`),
    );
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    assert.ok(lines.length >= 1 && lines.length < 78, `${lines.length} point(s) kept`);
    for (const l of lines) assert.equal(JSON.parse(l).status, 'ok');
  });
});

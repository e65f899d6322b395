import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { lockResults } from '../../src/sweep/lock.js';

describe('results file locks', () => {
  it('many locks at once add one exit listener, and releasing them removes their files and it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcsim-locks-'));
    try {
      const before = process.listenerCount('exit');
      // A reproduction of every figure holds one lock per figure (40 and more).
      const files = Array.from({ length: 40 }, (_, i) => join(dir, `fig${i}.jsonl`));
      const releases = files.map((f) => lockResults(f, 'fig'));
      assert.equal(process.listenerCount('exit'), before + 1);
      for (const f of files) assert.ok(existsSync(`${f}.lock`));
      for (const release of releases.slice(0, 39)) release();
      assert.equal(process.listenerCount('exit'), before + 1);
      assert.ok(!existsSync(`${files[0]}.lock`));
      assert.ok(existsSync(`${files[39]}.lock`));
      releases[39]!();
      releases[39]!(); // twice changes nothing
      assert.equal(process.listenerCount('exit'), before);
      for (const f of files) assert.ok(!existsSync(`${f}.lock`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

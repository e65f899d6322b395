import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from '../temp-dir.js';

const ROOT = new URL('../../', import.meta.url).pathname;

describe('the packed package.json', () => {
  it('leaves out prepare (users get dist/ built) and comes back byte for byte after packing', () => {
    const dir = tempDir('mcsim-pack-');
    try {
      const original = readFileSync(join(ROOT, 'package.json'), 'utf8');
      writeFileSync(join(dir, 'package.json'), original);
      const run = (mode: string) =>
        execFileSync(
          process.execPath,
          ['--import', 'tsx', join(ROOT, 'scripts/pack-manifest.ts'), mode, dir],
          {
            cwd: ROOT,
          },
        );
      run('strip');
      const packed = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      const ours = JSON.parse(original);
      assert.ok(ours.scripts.prepare, 'a clone builds on npm ci');
      assert.equal(packed.scripts.prepare, undefined);
      assert.deepEqual({ ...packed.scripts, prepare: ours.scripts.prepare }, ours.scripts);
      assert.deepEqual(packed.dependencies, ours.dependencies);
      run('restore');
      assert.equal(readFileSync(join(dir, 'package.json'), 'utf8'), original);
      assert.ok(!existsSync(join(dir, '.package.json.packing')));
      // npm runs them around npm pack and npm publish.
      assert.match(ours.scripts.prepack, /pack-manifest\.ts strip/);
      assert.match(ours.scripts.postpack, /pack-manifest\.ts restore/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

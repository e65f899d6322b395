import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';

const ROOT = new URL('../../', import.meta.url).pathname;

describe('the API reference', () => {
  it('docs/api-reference.md is what TypeDoc gives from the sources, with no warning (every type an export uses is exported)', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/api-docs.ts', '--check'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 300_000,
    });
    assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
  });
});

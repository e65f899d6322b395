import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const CHILD = fileURLToPath(new URL('./small-integers.child.ts', import.meta.url));

describe('network sizes are small integers (docs/engine-time.md, "Numbers kept as doubles")', () => {
  it('no size of any topology is a heap double, so no buffer or branch index computed from them is', () => {
    // A size computed with ** or a division is a double to V8: every index derived from it was then
    // computed in floating point (a fat tree's buffer count made the engine's branch slots doubles).
    const r = spawnSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', CHILD], {
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    const found = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as Record<string, string[]>;
    assert.equal(Object.keys(found).length, 8);
    for (const [spec, doubles] of Object.entries(found)) assert.deepEqual(doubles, [], spec);
  });
});

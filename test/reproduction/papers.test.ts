import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { mcsimInProcess } from '../cli/in-process.js';

describe('the short names of the papers', () => {
  it('000..004 are listed with their authors in README.md and docs/references.md, and by reproduce --list', async () => {
    const { PAPERS } = await import('../../reproduction/papers.js');
    const root = new URL('../../', import.meta.url).pathname;
    for (const doc of ['README.md', 'docs/references.md']) {
      const text = readFileSync(join(root, doc), 'utf8');
      for (const [id, name] of Object.entries(PAPERS)) {
        const surname = name.split(/[ ,&]/)[0]!;
        assert.match(text, new RegExp(`\\| ${id}[^|]*\\| [^|]*${surname}`), `${doc}: ${id} ${surname}`);
      }
    }
    const r = await mcsimInProcess(['reproduce', '--list']);
    assert.match(r.out, /000 \(Mohapatra & Varavithya, TPM on 2D meshes\)/);
  });
});

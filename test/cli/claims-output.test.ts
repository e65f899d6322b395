import assert from 'node:assert/strict';
import { existsSync, rmSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { tempDir } from '../temp-dir.js';
import { mcsimInProcess } from './in-process.js';

const dir = tempDir('mcsim-claims-');
after(() => rmSync(dir, { recursive: true, force: true }));

describe('claims that do not hold or tie, as the commands print them', () => {
  it('reproduce and sweep use the same words and point to the page that explains them', async () => {
    const rep = await mcsimInProcess(['reproduce', 'tpm-fig10', '--quick', '--out', dir]);
    assert.equal(rep.code, 0, rep.err);
    // The second command reuses the first one's results: the same claims on the same data.
    const sw = await mcsimInProcess(['sweep', 'experiments/tpm-fig10.yaml', '--quick', '--out', dir]);
    assert.equal(sw.code, 0, sw.err);
    const note = (out: string) =>
      out.split('\n').find((l) => l.startsWith('note: ') && l.includes('in our model'));
    const a = note(rep.out);
    assert.ok(a, 'reproduce prints the note');
    assert.equal(note(sw.out), a, 'sweep prints the same note');
    assert.match(
      a!,
      /^note: (\d+ claim\(s\) do not hold, )?\d+ tie in our model; .*: docs\/experiments\/tpm\.md explains/,
    );
    assert.ok(existsSync(a!.match(/(docs\/experiments\/\S+\.md)/)![1]!), 'the page exists');
    for (const out of [rep.out, sw.out]) assert.doesNotMatch(out, /FAILS/);
  });
});

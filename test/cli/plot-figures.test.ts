import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from '../temp-dir.js';
import { mcsimInProcess } from './in-process.js';

describe('mcsim plot without --x/--y', () => {
  it('on a fresh quick-start result, writes the same figures the sweep drew', async () => {
    const dir = tempDir('mcsim-plotfig-');
    const r = await mcsimInProcess(['reproduce', 'tpm-fig10', '--quick', '--out', dir]);
    assert.equal(r.code, 0, r.err);
    const charts = readdirSync(dir)
      .filter((f) => /\.(svg|png)$/.test(f))
      .sort();
    assert.deepEqual(charts, [
      'tpm-fig10-quick-1.png',
      'tpm-fig10-quick-1.svg',
      'tpm-fig10-quick-2.png',
      'tpm-fig10-quick-2.svg',
    ]);
    const drawn = new Map(charts.map((f) => [f, readFileSync(join(dir, f))]));
    for (const f of charts) rmSync(join(dir, f));
    const p = await mcsimInProcess(['plot', join(dir, 'tpm-fig10-quick.jsonl')]);
    assert.equal(p.code, 0, p.err);
    assert.match(p.out, /wrote .*tpm-fig10-quick-1\.svg and .*tpm-fig10-quick-1\.png/);
    for (const f of charts) assert.deepEqual(readFileSync(join(dir, f)), drawn.get(f), `${f} differs`);
    const svg = drawn.get('tpm-fig10-quick-1.svg')!.toString();
    for (const name of ['tpm', 'dual-path', 'column-path']) assert.ok(svg.includes(`>${name}<`), name);
  });

  it('names what to do when the records belong to an experiment it cannot find, or --x comes without --y', async () => {
    const dir = tempDir('mcsim-plotfig-');
    const f = join(dir, 'r.jsonl');
    const rec = {
      experiment: 'mine',
      key: 'k',
      index: 0,
      params: { a: 1 },
      seed: 1,
      status: 'ok',
      metrics: {},
    };
    writeFileSync(f, `${JSON.stringify(rec)}\n`);
    const r = await mcsimInProcess(['plot', f]);
    assert.equal(r.code, 2);
    assert.match(
      r.err,
      /experiment "mine", which is not under mcsim's experiments\/; give its file with --experiment FILE, or --x and --y/,
    );
    const x = await mcsimInProcess(['plot', f, '--x', 'a']);
    assert.equal(x.code, 2);
    assert.match(x.err, /give both --x and --y/);
  });
});

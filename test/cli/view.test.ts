import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readTrace } from '../../src/trace/io.js';
import { pageTrace } from '../../src/viewer/page.js';
import { tempDir } from '../temp-dir.js';
import { FIG2_CONFIG } from '../trace/fig2.js';
import { mcsimInProcess } from './in-process.js';

const dir = tempDir('mcsim-view-cli-');

describe('mcsim view and run --trace', () => {
  it('writes one self-contained page: the trace and the script inline, nothing to load', async () => {
    const out = join(dir, 'tpm.html');
    const trace = join(dir, 'tpm.jsonl');
    const r = await mcsimInProcess([
      'view',
      '--plan',
      '--topology',
      'mesh:6x6',
      '--algorithm',
      'tpm',
      '--source',
      '2,3',
      '--dests',
      '0,0 5,5 1,4',
      '--out',
      out,
      '--trace',
      trace,
    ]);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /wrote .*tpm\.html \(\d+ worm\(s\), complete\)/);
    const html = readFileSync(out, 'utf8');
    assert.doesNotMatch(html, /<script[^>]+src=|<link\b|<img\b|@import|<iframe/i);
    const written = readTrace(trace);
    assert.deepEqual(pageTrace(html), written, 'the page holds the trace written, exactly');
    assert.equal(written.header.source.kind, 'plan');
    assert.ok(written.worms.length >= 2);
  });

  it('a deadlocked config gives a page ending at the deadlock and exit code 3', async () => {
    const cfg = join(dir, 'fig2.json');
    writeFileSync(cfg, JSON.stringify(FIG2_CONFIG));
    const r = await mcsimInProcess(['view', cfg, '--out', join(dir, 'fig2.html')]);
    assert.equal(r.code, 3, r.err);
    assert.match(r.out, /2 worm\(s\), deadlock/);
  });

  it('switch-based networks: the trace names their switches and the end node each host link joins', async () => {
    const r = await mcsimInProcess([
      'view',
      '--plan',
      '--topology',
      'fattree:16',
      '--algorithm',
      'separate',
      '--source',
      '0',
      '--dests',
      '5 9',
      '--out',
      join(dir, 'ft.html'),
      '--trace',
      join(dir, 'ft.jsonl'),
    ]);
    assert.equal(r.code, 0, r.err);
    const t = readTrace(join(dir, 'ft.jsonl'));
    assert.equal(t.header.switches?.names.length, 8);
    assert.deepEqual(t.header.switches?.hints[4], [2, 0]);
    assert.deepEqual(t.header.switches?.ofNode.slice(0, 6), [0, 0, 0, 0, 1, 1]);
    // Network channels join switches (ids below 8); host links name their end node.
    for (const c of t.header.channels)
      if (c.kind === 'net') assert.ok(c.from < 8 && c.to < 8);
      else assert.equal(c.from, c.to);
    const ib = await mcsimInProcess([
      'run',
      '--set',
      'network.topology=ibmesh:3x3',
      '--set',
      'workload.measure=300',
      '--trace',
      join(dir, 'ib.jsonl'),
    ]);
    assert.equal(ib.code, 0, ib.err);
    assert.equal(readTrace(join(dir, 'ib.jsonl')).header.switches?.names[4], 's1,1');
  });

  it('mcsim run --trace writes the JSONL trace beside the usual output', async () => {
    const trace = join(dir, 'run.jsonl');
    const r = await mcsimInProcess([
      'run',
      '--set',
      'network.topology=torus:4x4',
      '--set',
      'workload.measure=500',
      '--set',
      'workload.warmup=100',
      '--trace',
      trace,
      '--cycles',
      '200:400',
    ]);
    assert.equal(r.code, 0, r.err);
    const t = readTrace(trace);
    assert.equal(t.header.topology.kind, 'torus');
    assert.deepEqual(t.header.window, [200, 400]);
    assert.ok(
      t.header.channels.some((c) => c.wrap),
      'torus wrap-around channels are marked',
    );
    assert.equal(t.header.channels.filter((c) => c.wrap).length, 16, 'two directions x 8 rings of 4');
    assert.ok(t.worms.length > 0);
  });

  for (const [args, msg] of [
    [['view', '--out', 'x.html', '--plan', '--topology', 'mesh:4x4'], /--plan: --plan needs --algorithm/],
    [['view', 'a.yaml', '--out', 'x.html', '--plan'], /give either a CONFIG or --plan/],
    [['view', '--out', 'x.html', '--topology', 'mesh:4x4'], /--topology: --topology goes with --plan/],
    [['view', '--out', 'x.html', '--cycles', '9:2'], /--cycles: the window ends before it starts/],
    [['run', '--trace', 'x.jsonl', '--cycles', 'soon'], /--cycles: expected A:B/],
    [['run', '--trace', join(dir, 's.jsonl'), '--set', 'workload.type=steps'], /--trace: a steps workload/],
    [
      [
        'view',
        '--out',
        'x.html',
        '--plan',
        '--topology',
        'mesh:4x4',
        '--algorithm',
        'tpm',
        '--source',
        '9,9',
        '--dests',
        '1,1',
      ],
      /--source: /,
    ],
  ] as const) {
    it(`refuses in one line with exit 2: ${args.join(' ')}`, async () => {
      const r = await mcsimInProcess([...args]);
      assert.equal(r.code, 2, r.out + r.err);
      assert.match(r.err, msg);
      assert.equal(r.err.trim().split('\n').length, 1);
    });
  }
});

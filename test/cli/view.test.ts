import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readTrace } from '../../src/trace/io.js';
import { FIG2_CONFIG } from '../trace/fig2.js';
import { mcsimInProcess } from './in-process.js';

const dir = mkdtempSync(join(tmpdir(), 'mcsim-view-cli-'));

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
    const json = /<script id="mcsim-trace" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!;
    const embedded = JSON.parse(json);
    const written = readTrace(trace);
    assert.deepEqual(embedded, JSON.parse(JSON.stringify(written)));
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

  it('a switch-based network is refused for traces and views, in one line with exit 2 (format 1 names end nodes)', async () => {
    for (const args of [
      [
        'run',
        '--set',
        'network.topology=fattree:16',
        '--set',
        'workload.measure=200',
        '--trace',
        join(dir, 'ft.jsonl'),
      ],
      [
        'view',
        '--set',
        'network.topology=ibmesh:3x3',
        '--set',
        'workload.measure=200',
        '--out',
        join(dir, 'ib.html'),
      ],
    ]) {
      const r = await mcsimInProcess(args);
      assert.equal(r.code, 2, r.err);
      assert.match(
        r.err.trim(),
        /^mcsim: network\.topology: traces and views of switch-based networks \((fattree:16|ibmesh:3x3)\) are not supported yet/,
      );
      assert.equal(r.err.trim().split('\n').length, 1);
    }
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

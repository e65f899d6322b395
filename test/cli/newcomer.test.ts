import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { IntHistogram } from '../../src/metrics/histogram.js';
import { mcsimInProcess } from './in-process.js';

const MAIN = new URL('../../cli/main.ts', import.meta.url).pathname;

/** The small gaps a newcomer hit in the first hour (issue 10), each as it was seen. */
describe("a newcomer's first hour", () => {
  it('counts that mean nothing at 0 are refused: --workers 0, --shards 0', async () => {
    for (const args of [
      ['sweep', 'experiments/tpm-fig10.yaml', '--workers', '0'],
      ['reproduce', 'tpm-fig10', '--workers', '0'],
      ['sweep', 'experiments/tpm-fig10.yaml', '--slurm', '--shards', '0'],
    ]) {
      const r = await mcsimInProcess(args);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.err, /^mcsim: --(workers|shards): expected a whole number >= 1, got "0"\n$/);
    }
  });

  it('demo --help describes the demo and names npm run demo, not npm start', async () => {
    const r = await mcsimInProcess(['demo', '--help']);
    assert.equal(r.code, 0);
    assert.match(r.out, /npm run demo/);
    assert.doesNotMatch(r.out, /npm start/);
  });

  it('an error about routing left to auto says so, instead of blaming a routing the user never set', async () => {
    const r = await mcsimInProcess(['run', '--set', 'network.topology=torus:8x8', '--set', 'network.vcs=1']);
    assert.equal(r.code, 2);
    assert.match(r.err, /routing "auto" \(which chose xy\) does not fit torus:8x8: .*2 virtual channels/);
    const set = await mcsimInProcess([
      'run',
      '--set',
      'network.topology=ccc:4',
      '--set',
      'network.routing=xy',
    ]);
    assert.match(set.err, /network\.routing: routing "xy" does not fit topology ccc:4/);
  });

  it('a percentile is never above the maximum (one message of half-cycle average latency)', async () => {
    const h = new IntHistogram();
    h.add(61.5);
    assert.equal(h.quantile(0.5), 61.5);
    assert.equal(h.quantile(0.99), 61.5);
    const dir = mkdtempSync(join(tmpdir(), 'mcsim-new-'));
    const cfg = join(dir, 'one.yaml');
    writeFileSync(
      cfg,
      'workload:\n  type: messages\n  messages:\n    - at: 0\n      source: 0,0\n      worms:\n        - stops:\n            - { node: "1,0", service: PAF }\n            - { node: "2,0", service: ABS }\n',
    );
    const r = await mcsimInProcess(['run', cfg, '--json']);
    assert.equal(r.code, 0, r.err);
    const m = JSON.parse(r.out).metrics;
    for (const s of [m.latency, m.latencyAvgDest, m.headerLatency]) {
      assert.ok(s.p50 <= s.max && s.p99 <= s.max, JSON.stringify(s));
    }
  });

  it('run --json on a deadlock: the report is in the JSON and on stderr, exit 3', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcsim-new-'));
    const cfg = join(dir, 'fig2.yaml');
    writeFileSync(
      cfg,
      [
        'network: { topology: "mesh:4x1", consumptionChannels: 1 }',
        'timing: { deadlockCycles: 300 }',
        'workload:',
        '  type: messages',
        '  messages:',
        '    - { at: 0, source: "0,0", worms: [ { stops: [ { node: "1,0", service: PAF }, { node: "2,0" } ] } ] }',
        '    - { at: 0, source: "3,0", worms: [ { stops: [ { node: "2,0", service: PAF }, { node: "1,0" } ] } ] }',
      ].join('\n'),
    );
    const r = await mcsimInProcess(['run', cfg, '--json']);
    assert.equal(r.code, 3);
    assert.match(JSON.parse(r.out).metrics.deadlock.text, /deadlock at cycle/);
    assert.match(r.err, /^deadlock at cycle \d+: no flit moved/);
    assert.match(r.err, /waits for a consumption channel of node 2,0/);
  });

  it('a node id that YAML read as a number gets a hint to quote it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcsim-new-'));
    const cfg = join(dir, 'm.yaml');
    writeFileSync(
      cfg,
      'workload:\n  type: messages\n  messages:\n    - at: 0\n      source: 0,0\n      worms:\n        - stops:\n            - { node: 1,0, service: PAF }\n',
    );
    const r = await mcsimInProcess(['run', cfg]);
    assert.equal(r.code, 2);
    assert.match(r.err, /stops\[0\]\.node: .*got 1 \(quote node ids: "1,0"; in YAML flow style/);
  });

  it('the plan map has a legend for S, D, R and the digits', async () => {
    const r = await mcsimInProcess([
      'plan',
      '--topology',
      'mesh:8x8',
      '--algorithm',
      'tpm',
      '--source',
      '3,4',
      '--dests',
      '0,0 5,7 7,7',
    ]);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, / 4 \. \. \. S 1 R 1 R/);
    assert.match(r.out, /S source, D destination, R non-destination that receives and retransmits/);
    assert.match(r.out, /1-9 phase of the first worm through a node, \. untouched/);
  });

  it('Ctrl-C in a sweep: exit 130, the finished points kept, and a hint that re-running resumes', async () => {
    const out = mkdtempSync(join(tmpdir(), 'mcsim-new-'));
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

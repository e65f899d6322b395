import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from '../temp-dir.js';
import { mcsimInProcess } from './in-process.js';

const MAIN = new URL('../../cli/main.ts', import.meta.url).pathname;

function mcsim(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', MAIN, ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function oneLineError(r: ReturnType<typeof mcsim>, pattern: RegExp) {
  assert.equal(r.code, 2, r.err);
  const lines = r.err.trim().split('\n');
  assert.equal(lines.length, 1, r.err);
  assert.match(lines[0]!, pattern);
  assert.ok(!r.err.includes('    at '), 'no stack trace');
}

/**
 * The consumption-channel deadlock of 000 Fig. 2 as a config file: two worms on a 4x1 mesh, each
 * holding the one consumption channel of the node the other waits at.
 */
function fig2Config(): string {
  const cfg = join(tempDir('mcsim-cli-'), 'fig2.yaml');
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
  return cfg;
}

describe('mcsim CLI', () => {
  it('route --json: XY path on a 16x16 mesh', () => {
    const r = mcsim(
      'route',
      '--topology',
      'mesh:16x16',
      '--routing',
      'xy',
      '--from',
      '0,0',
      '--to',
      '5,7',
      '--json',
    );
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out);
    assert.equal(j.hops, 12);
    assert.equal(j.path[0], '0,0');
    assert.equal(j.path.at(-1), '5,7');
    assert.deepEqual(j.path.slice(0, 6), ['0,0', '1,0', '2,0', '3,0', '4,0', '5,0']);
    assert.deepEqual(j.channels[0], { from: '0,0', to: '1,0', port: 'x+', vcs: ['vc0', 'vc1'] });
  });

  it('bad input: one line naming the value, exit code 2', () => {
    oneLineError(mcsim('route', '--topology', 'mesh:16by16', '--from', '0,0', '--to', '1,1'), /mesh:16by16/);
    oneLineError(
      mcsim('route', '--topology', 'mesh:16x16', '--from', '16,0', '--to', '1,1'),
      /--from: node "16,0" is outside mesh:16x16/,
    );
    oneLineError(
      mcsim('route', '--topology', 'mesh:4x4', '--routing', 'hc', '--from', '0,0', '--to', '1,1'),
      /routing "hc" does not fit topology mesh:4x4/,
    );
    oneLineError(mcsim('run', 'missing.yaml'), /cannot read config file "missing.yaml"/);
    oneLineError(mcsim('run', '--set', 'network.vcs=0'), /network\.vcs/);
    oneLineError(
      mcsim('run', '--set', 'network.topology=ccc:4', '--set', 'network.routing=xy'),
      /routing "xy" does not fit topology ccc:4/,
    );
    assert.equal(mcsim('frobnicate').code, 2);
  });

  it('run --json prints one object with seed, resolved config and metrics; --out writes CSV', () => {
    const dir = tempDir('mcsim-cli-');
    const out = join(dir, 'r.csv');
    const r = mcsim(
      'run',
      '--set',
      'network.topology=mesh:4x4',
      '--set',
      'workload.warmup=100',
      '--set',
      'workload.measure=1000',
      '--set',
      'workload.load=0.05',
      '--seed',
      '3',
      '--json',
      '--out',
      out,
    );
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out);
    assert.equal(j.seed, 3);
    assert.equal(j.config.network.routing, 'xy');
    for (const k of ['mean', 'p50', 'p99', 'max']) assert.equal(typeof j.metrics.latency[k], 'number');
    assert.ok(j.metrics.messages.delivered > 0);
    assert.ok(j.metrics.throughput.accepted > 0.03);
    const csv = readFileSync(out, 'utf8').split('\n');
    assert.ok(csv[0]!.includes('metrics.latency.mean'));
    assert.ok(csv[1]!.length > 10);
  });

  it('the consumption-channel deadlock of 000 Fig. 2: reported, exit code 3; completes with 2 consumption channels', () => {
    const cfg = fig2Config();
    const r = mcsim('run', cfg);
    assert.equal(r.code, 3, r.err);
    assert.match(r.out, /deadlock at cycle \d+/);
    assert.match(r.out, /holds consumption channel 0 of node 1,0/);
    assert.match(r.out, /waits for a consumption channel of node 2,0 \(#0 held by message 1/);
    const ok = mcsim('run', cfg, '--set', 'network.consumptionChannels=2', '--json');
    assert.equal(ok.code, 0, ok.err);
    assert.equal(JSON.parse(ok.out).metrics.messages.delivered, 2);
  });

  it('run --json on a deadlock: the report is in the JSON and on stderr, exit 3', async () => {
    const cfg = fig2Config();
    const r = await mcsimInProcess(['run', cfg, '--json']);
    assert.equal(r.code, 3);
    assert.match(JSON.parse(r.out).metrics.deadlock.text, /deadlock at cycle/);
    assert.match(r.err, /^deadlock at cycle \d+: no flit moved/);
    assert.match(r.err, /waits for a consumption channel of node 2,0/);
  });

  it('plan --help lists the algorithms with the topologies they fit', () => {
    const r = mcsim('plan', '--help');
    assert.equal(r.code, 0);
    for (const a of ['separate', 'umesh', 'dual-path', 'multi-path', 'column-path', 'tpm'])
      assert.match(r.out, new RegExp(`\\b${a}\\b`));
  });
});

describe('mcsim plan', () => {
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

  it('--json has phases, worms with phase/source/destinations/path, deliveries, channels, longestPath', () => {
    const r = mcsim(
      'plan',
      '--topology',
      'mesh:16x16',
      '--algorithm',
      'tpm',
      '--source',
      '3,4',
      '--dests',
      '0,0 5,7 15,15',
      '--json',
    );
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out);
    assert.equal(j.phases, 2);
    assert.deepEqual([...j.deliveries].sort(), ['0,0', '15,15', '5,7']);
    for (const w of j.worms) {
      assert.equal(typeof w.phase, 'number');
      assert.equal(w.path[0], w.source);
      for (const d of w.destinations) assert.match(d.service, /^(ABS|PAF|PAR|PAFR|TAR|TAFR)$/);
    }
    assert.equal(
      j.channels,
      j.worms.reduce((a: number, w: { hops: number }) => a + w.hops, 0),
    );
    assert.equal(j.longestPath, Math.max(...j.worms.map((w: { hops: number }) => w.hops)));
  });

  it('refuses, with one line and exit 2, an algorithm that does not fit, a duplicate, an outside node, the source as a destination', () => {
    oneLineError(
      mcsim('plan', '--topology', 'ccc:3', '--algorithm', 'tpm', '--source', '0,000', '--dests', '1,000'),
      /algorithm "tpm" does not fit topology ccc:3/,
    );
    oneLineError(
      mcsim('plan', '--topology', 'mesh:4x4', '--algorithm', 'tpm', '--source', '0,0', '--dests', '1,1 1,1'),
      /destination 1,1 is listed twice/,
    );
    oneLineError(
      mcsim('plan', '--topology', 'mesh:4x4', '--algorithm', 'umesh', '--source', '0,0', '--dests', '4,4'),
      /node "4,4" is outside mesh:4x4/,
    );
    oneLineError(
      mcsim(
        'plan',
        '--topology',
        'mesh:4x4',
        '--algorithm',
        'dual-path',
        '--source',
        '0,0',
        '--dests',
        '0,0 1,1',
      ),
      /the source 0,0 is among the destinations/,
    );
    oneLineError(
      mcsim('plan', '--topology', 'mesh:4x4', '--algorithm', 'bogus', '--source', '0,0', '--dests', '1,1'),
      /unknown multicast algorithm "bogus" \(allowed: separate, umesh/,
    );
  });
});

describe('mcsim plan --check (004 Theorem 1)', () => {
  it('the U-CCC plan of 004 sec. 5 is depth contention-free, in 3 steps', () => {
    const r = mcsim(
      'plan',
      '--topology',
      'ccc:5',
      '--algorithm',
      'uccc',
      '--source',
      '3,01010',
      '--dests',
      '1,00101 0,10000 4,01011 2,10101 3,00000 1,01011 0,11000',
      '--json',
      '--check',
    );
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out);
    assert.equal(j.phases, 3);
    assert.equal(j.contention.contentionFree, true);
    assert.deepEqual(j.contention.conflicts, []);
  });

  it('separate addressing on a CCC: its unicasts share no VC at the same time, so it is contention-free too', () => {
    const r = mcsim(
      'plan',
      '--topology',
      'ccc:3',
      '--algorithm',
      'separate',
      '--source',
      '0,000',
      '--dests',
      '2,111 1,011 2,101',
      '--json',
      '--check',
    );
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out);
    assert.equal(j.phases, 3, 'one step per unicast');
    assert.equal(j.contention.contentionFree, true);
  });
});

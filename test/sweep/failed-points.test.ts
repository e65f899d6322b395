import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readJsonl } from '../../src/results/writers.js';
import type { PointRecord } from '../../src/sweep/record.js';
import { tempDir } from '../temp-dir.js';

const MAIN = new URL('../../cli/main.ts', import.meta.url).pathname;

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * 000 Fig. 2 as a sweep: with one consumption channel per node the two path worms deadlock, with
 * two they complete. And uniform traffic far past saturation on a small mesh with a short drain.
 */
const EXPERIMENT = [
  'id: failed-points-test',
  'title: points that deadlock or saturate',
  'base:',
  '  network: { topology: "mesh:4x1" }',
  '  workload:',
  '    type: messages',
  '    messages:',
  '      - { at: 0, source: "0,0", worms: [ { stops: [ { node: "1,0", service: PAF }, { node: "2,0" } ] } ] }',
  '      - { at: 0, source: "3,0", worms: [ { stops: [ { node: "2,0", service: PAF }, { node: "1,0" } ] } ] }',
  'axes:',
  '  - { path: network.consumptionChannels, values: [1, 2] }',
  'plot: { x: network.consumptionChannels, y: [metrics.latency.mean] }',
].join('\n');

const SATURATION = [
  'id: saturation-test',
  'title: a load past saturation',
  'base:',
  '  network: { topology: "mesh:4x4" }',
  '  workload: { type: uniform, warmup: 100, measure: 1500, drain: 50 }',
  'axes:',
  '  - { path: workload.load, values: [0.05, 0.9] }',
  'plot: { x: workload.load, y: [metrics.latency.mean] }',
].join('\n');

describe('points that are not data', () => {
  it('a deadlocked point is recorded as failed with the report line, left out of the table, and the exit code says so', async () => {
    const dir = tempDir('mcsim-dl-');
    const exp = join(dir, 'exp.yaml');
    writeFileSync(exp, EXPERIMENT);
    const r = await cli(['sweep', exp, '--workers', '2', '--out', dir]);
    assert.equal(r.code, 4, r.stderr);
    const recs = readJsonl<PointRecord>(join(dir, 'failed-points-test.jsonl'));
    const one = recs.find((x) => x.params['network.consumptionChannels'] === 1)!;
    const two = recs.find((x) => x.params['network.consumptionChannels'] === 2)!;
    assert.equal(one.status, 'failed');
    assert.equal(one.outcome?.status, 'deadlock');
    assert.match(one.error!, /^deadlock at cycle \d+: no flit moved/);
    assert.equal(two.status, 'ok');
    const md = readFileSync(join(dir, 'failed-points-test.md'), 'utf8');
    assert.match(md, /\| 1 \| deadlock \|/);
    assert.match(md, /deadlocked at consumptionChannels 1/);
    assert.match(r.stdout, /1 point\(s\) failed \(not data/);
    const svg = readFileSync(join(dir, 'failed-points-test-1.svg'), 'utf8');
    assert.match(svg, /left out, not data: deadlocked at consumptionChannels 1/);
  });

  it('a point that ends with measured messages unfinished is failed, with the count, accepted and offered load', async () => {
    const dir = tempDir('mcsim-sat-');
    const exp = join(dir, 'exp.yaml');
    writeFileSync(exp, SATURATION);
    const r = await cli(['sweep', exp, '--workers', '2', '--out', dir]);
    assert.equal(r.code, 4, r.stderr);
    const recs = readJsonl<PointRecord>(join(dir, 'saturation-test.jsonl'));
    const hot = recs.find((x) => x.params['workload.load'] === 0.9)!;
    assert.equal(hot.status, 'failed');
    assert.equal(hot.outcome?.status, 'unfinished');
    assert.ok(hot.metrics!.latencyLowerBound);
    assert.match(hot.error!, /^\d+ of \d+ measured messages unfinished .*accepted [\d.]+ of [\d.]+ offered/);
    assert.equal(recs.find((x) => x.params['workload.load'] === 0.05)!.status, 'ok');
    const csv = readFileSync(join(dir, 'saturation-test.csv'), 'utf8');
    assert.match(csv.split('\n')[0]!, /status,error/);
    assert.match(csv, /,failed,".*measured messages unfinished/);
    const md = readFileSync(join(dir, 'saturation-test.md'), 'utf8');
    assert.match(md, /\| 0\.9 \| saturated \|/);
  });
});

describe('resuming a sweep reuses only what still holds', () => {
  const write = (file: string, packetLength: number, loads: number[]) =>
    writeFileSync(
      file,
      [
        'id: edit-test',
        'title: an edited experiment',
        'base:',
        `  network: { topology: "mesh:4x4" }`,
        `  workload: { type: uniform, packetLength: ${packetLength}, warmup: 100, measure: 800, drain: 2000 }`,
        'axes:',
        `  - { path: workload.load, values: [${loads.join(', ')}] }`,
      ].join('\n'),
    );

  it('an edited experiment re-runs exactly its changed points, and says so', async () => {
    const dir = tempDir('mcsim-edit-');
    const exp = join(dir, 'exp.yaml');
    write(exp, 20, [0.02, 0.04]);
    let r = await cli(['sweep', exp, '--workers', '2', '--out', dir]);
    assert.match(r.stdout, /2 point\(s\), 2 run now, 0 reused/);
    // A new axis value runs alone; the others are reused.
    write(exp, 20, [0.02, 0.04, 0.06]);
    r = await cli(['sweep', exp, '--workers', '2', '--out', dir]);
    assert.match(r.stdout, /3 point\(s\), 1 run now, 2 reused/);
    // A changed base parameter changes every point: all re-run, and the output says why.
    write(exp, 200, [0.02, 0.04, 0.06]);
    r = await cli(['sweep', exp, '--workers', '2', '--out', dir]);
    assert.match(r.stdout, /3 point\(s\), 3 run now \(3 of them changed since the earlier run/);
    const file = join(dir, 'edit-test.jsonl');
    const latest = new Map(readJsonl<PointRecord>(file).map((x) => [x.key, x]));
    // 200-flit packets: every latency is at least the 199 cycles its tail trails the head.
    for (const x of latest.values())
      assert.ok(x.metrics!.latency.mean > 199 + 33, `${x.metrics!.latency.mean}`);
    // A record from another mcsim version (its hash differs) is re-run; the rest are reused.
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    const last = JSON.parse(lines[lines.length - 1]!) as PointRecord;
    lines.push(JSON.stringify({ ...last, hash: 'from-another-ver', version: '0.0.1' }));
    writeFileSync(file, `${lines.join('\n')}\n`);
    r = await cli(['sweep', exp, '--workers', '2', '--out', dir]);
    assert.match(r.stdout, /3 point\(s\), 1 run now \(1 of them changed.*2 reused/);
  });

  it('a second sweep on a results file another sweep is writing exits 2 naming the holder', async () => {
    const dir = tempDir('mcsim-lock-');
    const exp = join(dir, 'exp.yaml');
    write(exp, 20, [0.02]);
    // A live process (the test runner's parent) holds the lock.
    writeFileSync(
      join(dir, 'edit-test.jsonl.lock'),
      JSON.stringify({ pid: process.ppid, experiment: 'edit-test', since: '2026-01-01T00:00:00.000Z' }),
    );
    const r = await cli(['sweep', exp, '--out', dir]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, new RegExp(`being written by another sweep \\(edit-test, pid ${process.ppid}`));
    assert.equal(r.stderr.trim().split('\n').length, 1);
    // A lock left by a process that is gone (killed with -9) is stale and taken over.
    writeFileSync(
      join(dir, 'edit-test.jsonl.lock'),
      JSON.stringify({ pid: 2 ** 22 + 7, experiment: 'x', since: '' }),
    );
    assert.equal((await cli(['sweep', exp, '--out', dir])).code, 0);
  });
});

import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { tempDir } from '../temp-dir.js';
import { mcsimInProcess } from './in-process.js';

const dirs: string[] = [];
function folder(): string {
  const d = tempDir('mcsim-bad-');
  dirs.push(d);
  return d;
}
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const EXP = [
  'id: few',
  'title: few points',
  'base: { network: { topology: "mesh:4x4" }, workload: { type: uniform, warmup: 100, measure: 600, drain: 1500 } }',
  'axes: [ { path: workload.load, values: [0.02, 0.05] } ]',
  'seeds: [1]',
  'plot: { x: workload.load, y: [metrics.latency.mean] }',
].join('\n');

describe('input that used to pass in silence', () => {
  it('--cycles without --trace is refused: it only chooses what a trace records', async () => {
    const r = await mcsimInProcess(['run', '--set', 'network.topology=mesh:4x4', '--cycles', '100:200']);
    assert.equal(r.code, 2);
    assert.equal(r.err.trim(), 'mcsim: --cycles: chooses the cycles a trace records: give --trace FILE too');
  });

  it('a load no network carries is blamed on the load, not on memory', async () => {
    const r = await mcsimInProcess([
      'run',
      '--set',
      'network.topology=mesh:4x4',
      '--set',
      'workload.load=1e308',
    ]);
    assert.equal(r.code, 2);
    assert.match(
      r.err,
      /^mcsim: workload\.load: 1e\+308 flits\/node\/cycle injected exceed the 1 injection channel/,
    );
  });

  it('a value of thousands of characters is cut in the message, with its length', async () => {
    const long = `mesh:${'4x'.repeat(30000)}4`;
    const r = await mcsimInProcess(['run', '--set', `network.topology=${long}`]);
    assert.equal(r.code, 2);
    assert.ok(r.err.length < 400, `${r.err.length} characters on stderr`);
    assert.match(
      r.err,
      /mesh:4x4x.*\.\.\. \(60,006 characters\): Infinity nodes is more than mcsim supports/,
    );
    const dir = folder();
    writeFileSync(join(dir, 'big.yaml'), `network:\n  topology: "${'x'.repeat(5_000_000)}"\n`);
    const y = await mcsimInProcess(['run', join(dir, 'big.yaml')]);
    assert.equal(y.code, 2);
    assert.ok(y.err.length < 400, `${y.err.length} characters on stderr`);
  });

  it('a sweep says when it runs fewer workers than asked for', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'few.yaml'), EXP);
    const r = await mcsimInProcess(['sweep', join(dir, 'few.yaml'), '--workers', '1000', '--out', dir]);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^note: 2 worker\(s\) instead of the 1000 asked for: only 2 point\(s\) to run$/m);
    const again = await mcsimInProcess(['sweep', join(dir, 'few.yaml'), '--workers', '1000', '--out', dir]);
    assert.doesNotMatch(again.out, /^note: /m, 'nothing to run: no workers started');
  });

  it('plot says when the results file ends in a line cut mid-way', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'few.yaml'), EXP);
    await mcsimInProcess(['sweep', join(dir, 'few.yaml'), '--out', dir]);
    const file = join(dir, 'few.jsonl');
    const lines = readFileSync(file, 'utf8').split('\n');
    writeFileSync(file, `${lines[0]}\n${lines[1]!.slice(0, 100)}`);
    const r = await mcsimInProcess([
      'plot',
      file,
      '--experiment',
      join(dir, 'few.yaml'),
      '--out',
      join(dir, 'p'),
    ]);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^note: line 2 of .*few\.jsonl is cut mid-way .* 1 point\(s\) plotted/m);
  });

  it('a run that would take more than a week is refused before it starts, naming the field', async () => {
    const r = await mcsimInProcess([
      'run',
      '--set',
      'network.topology=mesh:4x4',
      '--set',
      'workload.measure=1000000000000',
    ]);
    assert.equal(r.code, 2);
    assert.match(
      r.err,
      /^mcsim: workload\.measure: this run would take about [\d,]+ days of simulation \(1,000,000,000,000 cycles\)/,
    );
    // A hundredth of it is long but not refused: it only says how long it may take (not run here).
    const { estimatedSeconds } = await import('../../src/resources/run-time.js');
    const { parseConfig } = await import('../../src/config/load.js');
    const week = 7 * 24 * 3600;
    const cfg = (measure: number) =>
      parseConfig({ network: { topology: 'mesh:4x4' }, workload: { type: 'uniform', measure } });
    assert.ok(estimatedSeconds(cfg(1e12)) > week);
    assert.ok(estimatedSeconds(cfg(1e10)) < week);
    assert.ok(estimatedSeconds(cfg(20000)) < 1, 'the defaults take well under a second');
  });

  it('run says which files it wrote, on stderr under --json so stdout stays one JSON object', async () => {
    const dir = folder();
    const [out, records, trace] = ['run.csv', 'messages.jsonl', 'run.trace.jsonl'].map((f) => join(dir, f));
    const args = ['run', '--set', 'network.topology=mesh:4x4', '--set', 'workload.measure=500'];
    const r = await mcsimInProcess([...args, '--out', out!, '--records', records!, '--trace', trace!]);
    assert.equal(r.code, 0, r.err);
    for (const f of [out, records, trace])
      assert.match(r.out, new RegExp(`^wrote ${f!.replace(/[.]/g, '\\.')}`, 'm'));
    const j = await mcsimInProcess([...args, '--json', '--out', out!]);
    assert.equal(j.code, 0, j.err);
    JSON.parse(j.out);
    assert.match(j.err, /^wrote .*run\.csv$/m);
  });
});

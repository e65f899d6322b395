import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readJsonl, readSweepRecords } from '../../src/results/read.js';
import { McsimError } from '../../src/util/errors.js';
import { mcsimInProcess } from '../cli/in-process.js';
import { tempDir } from '../temp-dir.js';

const record = (i: number) =>
  JSON.stringify({
    experiment: 'tpm-fig10',
    key: `{"params":{"x":${i}},"seed":1}`,
    index: i,
    params: { 'workload.destinations': i },
    seed: 1,
    status: 'ok',
    metrics: { latency: { mean: 100 + i } },
    version: '0',
    seconds: 0,
  });

function tmp(): string {
  return tempDir('mcsim-read-');
}

/** Exit 2, one line on stderr matching `pattern`, no stack, and the file byte for byte as before. */
async function refused(args: string[], file: string, pattern: RegExp) {
  const before = readFileSync(file);
  const r = await mcsimInProcess(args);
  assert.equal(r.code, 2, r.err);
  assert.equal(r.err.trim().split('\n').length, 1, r.err);
  assert.match(r.err, pattern);
  assert.ok(!r.err.includes('    at '), 'no stack trace');
  assert.deepEqual(readFileSync(file), before, 'the file is unchanged');
}

describe('reading results files', () => {
  it('names the file and line of a line that is not a JSON object, and ignores only a cut last line', () => {
    const f = join(tmp(), 'r.jsonl');
    writeFileSync(f, `${record(1)}\n${record(2)}\n{"experi`);
    assert.equal(readJsonl(f).length, 2, 'a last line without its newline is a cut write');
    writeFileSync(f, `${record(1)}\n${record(2)}`);
    assert.equal(readJsonl(f).length, 2, 'a whole record without the final newline is kept');
    for (const [bad, what] of [
      ['null', /line 2: null where a JSON object was expected/],
      ['[1,2]', /line 2: an array where/],
      ['42', /line 2: a number where/],
      ['{"a":', /line 2: not JSON/],
    ] as const) {
      writeFileSync(f, `${record(1)}\n${bad}\n${record(3)}\n`);
      assert.throws(
        () => readJsonl(f),
        (e) => e instanceof McsimError && what.test(e.message) && e.message.includes(f),
      );
    }
    writeFileSync(f, `${record(1)}\n{"experiment":"x"}\n`);
    assert.throws(() => readSweepRecords(f), /line 2: not a sweep record \("key" should be a string\)/);
  });

  it('mcsim plot: a YAML file, a null line, a missing file: exit 2, one line, file unchanged', async () => {
    const dir = tmp();
    const yaml = join(dir, 'exp.yaml');
    writeFileSync(yaml, 'id: x\ntitle: y\n');
    await refused(['plot', yaml], yaml, /exp\.yaml" is not a JSONL results file: line 1 is not JSON/);
    const f = join(dir, 'r.jsonl');
    writeFileSync(f, `${record(1)}\nnull\n`);
    await refused(['plot', f], f, /line 2: null where a JSON object was expected; fix or delete that line/);
    const r = await mcsimInProcess(['plot', join(dir, 'missing.jsonl')]);
    assert.equal(r.code, 2);
    assert.match(r.err, /no results file ".*missing\.jsonl"; .* holds r\.jsonl/);
  });

  it('mcsim collect: a shard that is not JSON is named, and nothing is written', async () => {
    const dir = tmp();
    const shards = join(dir, 'shards');
    mkdirSync(shards);
    writeFileSync(join(shards, 'a.jsonl'), `${record(0)}\n`);
    writeFileSync(join(shards, 'b.jsonl'), `${record(1)}\nnot json at all\n${record(3)}\n`);
    const out = join(dir, 'merged.jsonl');
    await refused(['collect', shards, '--out', out], join(shards, 'b.jsonl'), /b\.jsonl", line 2: not JSON/);
    assert.ok(!existsSync(out), 'no merged file');
  });

  it('mcsim sweep resumed on a results file with a bad line in the middle: exit 2 before running, file unchanged', async () => {
    const dir = tmp();
    const exp = join(dir, 'e.yaml');
    writeFileSync(
      exp,
      'id: tiny\ntitle: t\nbase: { network: { topology: "mesh:4x4" }, workload: { type: uniform, warmup: 10, measure: 100, drain: 100 } }\naxes: [ { path: workload.load, values: [0.01, 0.02] } ]\n',
    );
    mkdirSync(join(dir, 'out'));
    const f = join(dir, 'out', 'tiny.jsonl');
    writeFileSync(f, `${record(0)}\n{"broken\n${record(1)}\n`);
    await refused(
      ['sweep', exp, '--out', join(dir, 'out'), '--workers', '1'],
      f,
      /tiny\.jsonl", line 2: not JSON/,
    );
  });
});

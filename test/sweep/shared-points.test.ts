import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { readJsonl } from '../../src/results/writers.js';
import type { PointRecord } from '../../src/sweep/record.js';
import { type Experiment, ExperimentSchema } from '../../src/sweep/schema.js';
import { runSweep } from '../../src/sweep/sweep.js';
import { tempDir } from '../temp-dir.js';

/** Two figures over one set of runs, as 002 Figs. 14 and 15: the second shares four of its six points. */
function experiment(id: string, loads: number[], y: string): Experiment {
  return ExperimentSchema.parse(
    parseYaml(
      [
        `id: ${id}`,
        `title: ${id}`,
        'base:',
        '  network: { topology: "mesh:4x4" }',
        '  workload: { type: uniform, warmup: 100, measure: 800, drain: 1500 }',
        'axes:',
        `  - { path: workload.load, values: [${loads.join(', ')}] }`,
        'seeds: [1, 2]',
        `plot: { x: workload.load, y: [${y}] }`,
      ].join('\n'),
    ),
  );
}

const A = experiment('shared-a', [0.02, 0.05], 'metrics.latency.mean');
const B = experiment('shared-b', [0.05, 0.02, 0.08], 'metrics.throughput.accepted');

const dirs: string[] = [];
function folder(): string {
  const d = tempDir('mcsim-shared-');
  dirs.push(d);
  return d;
}
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const sweep = (exp: Experiment, outDir: string) => runSweep(exp, { outDir, workers: 2 });
const byKey = (rs: PointRecord[]) => new Map(rs.map((r) => [r.key, r]));

describe('points shared between experiments of one results folder', () => {
  it('a point another experiment ran with the same config and seed is taken from its record, equal to running it', async () => {
    const dir = folder();
    const a = await sweep(A, dir);
    assert.equal(a.ran, 4);
    assert.equal(a.shared, 0);
    const b = await sweep(B, dir);
    assert.equal(b.shared, 4, 'loads 0.02 and 0.05, two seeds each');
    assert.equal(b.ran, 2, 'load 0.08 is new');
    const fromA = byKey(a.records);
    for (const r of b.records) {
      const load = r.params['workload.load'];
      if (load === 0.08) {
        assert.equal(r.reusedFrom, undefined);
        continue;
      }
      assert.equal(r.reusedFrom, 'shared-a');
      assert.equal(r.experiment, 'shared-b');
      assert.deepEqual(r.metrics, fromA.get(r.key)!.metrics);
    }
    // The same experiment alone in an empty folder simulates every point: the same results.
    const alone = await sweep(B, folder());
    assert.equal(alone.ran, 6);
    const own = byKey(alone.records);
    for (const r of b.records) {
      assert.deepEqual(r.metrics, own.get(r.key)!.metrics);
      assert.equal(r.index, own.get(r.key)!.index);
    }
    // Run again: every point is now the experiment's own, nothing is taken twice.
    const again = await sweep(B, dir);
    assert.equal(again.ran + again.shared, 0);
    assert.equal(again.skipped, 6);
    assert.equal(readJsonl<PointRecord>(join(dir, 'shared-b.jsonl')).length, 6);
  });

  it("takes nothing of another mcsim version, of a point that threw, or from files that are not sweeps' results", async () => {
    const dir = folder();
    await sweep(A, dir);
    const file = join(dir, 'shared-a.jsonl');
    const lines = readJsonl<PointRecord>(file);
    // One record from another version, one that threw (no outcome): neither may be reused.
    lines[0] = { ...lines[0]!, version: '0.0.1' };
    const { outcome: _, ...threw } = lines[1]!;
    lines[1] = { ...threw, status: 'failed', error: 'worker crashed' };
    writeFileSync(file, lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
    // Message records of a `mcsim run --records` and a damaged file sit in the same folder.
    writeFileSync(join(dir, 'messages.jsonl'), '{"id":0,"source":3,"latency":12}\n');
    writeFileSync(join(dir, 'broken.jsonl'), 'not json\n');
    const b = await sweep(B, dir);
    assert.equal(b.shared, 2);
    assert.equal(b.ran, 4);
    const taken = b.records.filter((r) => r.reusedFrom !== undefined).map((r) => r.key);
    assert.deepEqual(taken.sort(), [lines[2]!.key, lines[3]!.key].sort());
    assert.equal(readFileSync(join(dir, 'broken.jsonl'), 'utf8'), 'not json\n', 'left as it was');
  });

  it('a reused record names the experiment that ran the point, not the one it was copied through', async () => {
    const dir = folder();
    await sweep(A, dir);
    await sweep(B, dir);
    const C = experiment('shared-c', [0.08], 'metrics.latency.mean');
    // shared-a's file gone: shared-b's copies of its points (and its own 0.08) are what is left.
    rmSync(join(dir, 'shared-a.jsonl'));
    const c = await sweep(C, dir);
    assert.equal(c.shared, 2);
    for (const r of c.records) assert.equal(r.reusedFrom, 'shared-b');
    const D = experiment('shared-d', [0.02], 'metrics.latency.mean');
    const d = await sweep(D, dir);
    for (const r of d.records) assert.equal(r.reusedFrom, 'shared-a');
  });
});

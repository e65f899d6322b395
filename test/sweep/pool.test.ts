import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { parseConfig } from '../../src/config/load.js';
import { estimatedCost } from '../../src/resources/cost.js';
import { readJsonl } from '../../src/results/writers.js';
import { runPool, type WorkerReply } from '../../src/sweep/pool.js';
import type { PointRecord } from '../../src/sweep/record.js';
import { type Experiment, ExperimentSchema } from '../../src/sweep/schema.js';
import { runSweep, runSweeps } from '../../src/sweep/sweep.js';
import { tempDir } from '../temp-dir.js';

function experiment(id: string, loads: number[], topology = 'mesh:4x4'): Experiment {
  return ExperimentSchema.parse(
    parseYaml(
      [
        `id: ${id}`,
        `title: ${id}`,
        'base:',
        `  network: { topology: "${topology}" }`,
        '  workload: { type: uniform, warmup: 100, measure: 800, drain: 1500 }',
        'axes:',
        `  - { path: workload.load, values: [${loads.join(', ')}] }`,
        'seeds: [1, 2]',
        'plot: { x: workload.load, y: [metrics.latency.mean] }',
      ].join('\n'),
    ),
  );
}

const dirs: string[] = [];
function folder(): string {
  const d = tempDir('mcsim-pool-');
  dirs.push(d);
  return d;
}
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const byKey = (rs: PointRecord[]) => new Map(rs.map((r) => [r.key, r]));

describe('several experiments as one pool of points', () => {
  it('gives every experiment the records it gets alone; a config two experiments share runs once', async () => {
    const A = experiment('pool-a', [0.02, 0.05]);
    const B = experiment('pool-b', [0.05, 0.08], 'mesh:5x5');
    const C = experiment('pool-c', [0.08, 0.02]);
    const [a, b, c] = await runSweeps([A, B, C], { outDir: folder(), workers: 2 });
    assert.equal(a!.ran, 4);
    assert.equal(b!.ran, 4, 'another network: nothing in common with pool-a');
    assert.equal(c!.ran, 2, 'load 0.08 is new');
    assert.equal(c!.shared, 2, "load 0.02 (two seeds) is pool-a's");
    for (const r of c!.records)
      assert.equal(r.reusedFrom, r.params['workload.load'] === 0.02 ? 'pool-a' : undefined);
    for (const [exp, pooled] of [
      [A, a!],
      [B, b!],
      [C, c!],
    ] as const) {
      const alone = byKey((await runSweep(exp, { outDir: folder(), workers: 1 })).records);
      assert.deepEqual(
        pooled.records.map((r) => r.key),
        [...alone.keys()],
        'records in point order',
      );
      for (const r of pooled.records) assert.deepEqual(r.metrics, alone.get(r.key)!.metrics);
    }
  });

  it('starts the costliest points first', async () => {
    const dir = folder();
    // One worker: the file's lines are in the order the points ran.
    await runSweeps([experiment('order-small', [0.02, 0.1]), experiment('order-big', [0.02], 'mesh:8x8')], {
      outDir: dir,
      workers: 1,
    });
    const ran = [
      ...readJsonl<PointRecord>(join(dir, 'order-small.jsonl')),
      ...readJsonl<PointRecord>(join(dir, 'order-big.jsonl')),
    ];
    const order = (id: string, load: number) =>
      ran.filter((r) => r.experiment === id && r.params['workload.load'] === load).map((r) => r.seed);
    assert.deepEqual(order('order-small', 0.1), [1, 2]);
    // Per file, the costlier load first (0.1 before 0.02).
    const small = readJsonl<PointRecord>(join(dir, 'order-small.jsonl')).map(
      (r) => r.params['workload.load'],
    );
    assert.deepEqual(small, [0.1, 0.1, 0.02, 0.02]);
  });
});

describe('a worker process that dies', () => {
  /** This process's child processes (Linux: /proc/self/task/TID/children). */
  function children(): number[] {
    return readdirSync('/proc/self/task').flatMap((t) =>
      readFileSync(`/proc/self/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  }
  const cfg = (topology: string, measure: number) =>
    parseConfig({
      network: { topology },
      workload: { type: 'uniform', load: 0.05, warmup: 100, measure, drain: 2000 },
    });

  it('leaves its point failed with the reason, and the queue runs on in a new worker', async () => {
    const configs = [cfg('mesh:4x4', 500), cfg('mesh:16x16', 50_000_000), cfg('mesh:4x4', 600)];
    const replies = new Map<number, WorkerReply>();
    let timer: NodeJS.Timeout | undefined;
    await runPool(configs, 1, (i, r) => {
      replies.set(i, r);
      // The one worker now takes the long point: kill it while it runs that point.
      if (i === 0)
        timer = setTimeout(() => {
          for (const pid of children()) process.kill(pid, 'SIGKILL');
        }, 1500);
    });
    clearTimeout(timer);
    assert.equal(replies.get(0)!.ok, true);
    assert.equal(replies.get(1)!.ok, false);
    assert.match(replies.get(1)!.error!, /worker process running this point was killed by SIGKILL/);
    assert.equal(replies.get(2)!.ok, true, 'the next point ran in a new worker');
    assert.deepEqual(children(), [], 'no worker left behind');
  });
});

describe('estimated cost of a point', () => {
  const cfg = (over: Record<string, unknown>) =>
    parseConfig({
      network: { topology: 'mesh:8x8', ...((over.network as object) ?? {}) },
      workload: {
        type: 'uniform',
        load: 0.05,
        warmup: 1000,
        measure: 10000,
        ...((over.workload as object) ?? {}),
      },
    });
  it('grows with the load, the window, the network and under a switch model', () => {
    const base = estimatedCost(cfg({}));
    assert.ok(estimatedCost(cfg({ workload: { load: 0.1 } })) > base);
    assert.ok(estimatedCost(cfg({ workload: { measure: 20000 } })) > base);
    assert.ok(estimatedCost(cfg({ network: { topology: 'mesh:16x16' } })) > base);
    const fat = (switching: string) =>
      estimatedCost(
        parseConfig({
          network: { topology: 'fattree:16', switching, switchOptions: {} },
          workload: { type: 'uniform', load: 0.1, warmup: 1000, measure: 10000 },
        }),
      );
    assert.ok(fat('central-buffer') > fat('wormhole'));
  });
  it("counts a light load's window grown so that each class reaches its minimum", () => {
    const conv = { halfWidth: 0.05, minMessages: 1000, batchCycles: 1000, maxMeasure: 10_000_000 };
    const fixed = estimatedCost(
      cfg({ workload: { load: 0.001, convergence: { ...conv, maxMeasure: undefined } } }),
    );
    assert.ok(estimatedCost(cfg({ workload: { load: 0.001, convergence: conv } })) > 5 * fixed);
  });
});

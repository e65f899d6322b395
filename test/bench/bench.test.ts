import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { nodeStartMs, startupMs } from '../../bench/bench.js';
import { startupPairs, timeRun } from '../../bench/compare-startup.js';
import { BENCH_POINTS, benchConfig, directTwin } from '../../bench/points.js';
import { ReferenceLoop } from '../../bench/reference-loop.js';
import { parseConfig } from '../../src/config/load.js';
import { mcsimInProcess } from '../cli/in-process.js';

describe('mcsim bench', () => {
  it('every bench point is a valid configuration with a unique id', () => {
    for (const p of BENCH_POINTS) assert.doesNotThrow(() => parseConfig(benchConfig(p)), p.id);
    assert.equal(new Set(BENCH_POINTS.map((p) => p.id)).size, BENCH_POINTS.length);
  });

  it('each switch-model point has a direct twin: the same network, traffic and load without the model', () => {
    const models = BENCH_POINTS.filter((p) => directTwin(p) !== undefined).map((p) => p.network!.switching);
    assert.deepEqual(new Set(models), new Set(['central-buffer', 'input-fifo', 'ib']));
    for (const p of BENCH_POINTS) {
      const twin = directTwin(p);
      if (twin === undefined) {
        assert.ok([undefined, 'wormhole'].includes(p.network?.switching as string | undefined), p.id);
        continue;
      }
      const a = parseConfig(benchConfig(p));
      const b = parseConfig(benchConfig(twin));
      assert.equal(b.network.switching, 'wormhole', p.id);
      assert.notEqual(a.network.switching, 'wormhole', p.id);
      // Everything but the switch model is the same.
      const strip = (c: typeof a) => ({
        ...c,
        network: { ...c.network, switching: '', switchOptions: undefined },
      });
      assert.deepEqual(strip(b), strip(a), p.id);
    }
  });

  it('the reference loop does the same work at every reading', () => {
    const r = new ReferenceLoop();
    // Pinned: a change to the loop makes its readings incomparable with earlier sittings' (docs/bench.md).
    for (let i = 0; i < 3; i++) {
      assert.ok(r.time() > 0);
      assert.equal(r.checksum, 40469479);
    }
  });

  it('refuses an unknown point or revision in one line, exit 2', async () => {
    const a = await mcsimInProcess(['bench', '--points', 'mesh16-b1-0.04,nope']);
    assert.equal(a.code, 2);
    assert.match(a.err, /--points: unknown bench point nope \(known: mesh16-b1-0.01/);
    const b = await mcsimInProcess(['bench', '--compare', 'no-such-revision-xyz']);
    assert.equal(b.code, 2);
    assert.match(b.err, /--compare: "no-such-revision-xyz" is not a commit of this repository/);
    assert.equal(b.err.trim().split('\n').length, 1);
    const c = await mcsimInProcess(['bench', '--paired']);
    assert.equal(c.code, 2);
    assert.match(c.err, /--paired: pairs two revisions/);
  });

  it('the child runner times a point on a given build and says when a revision cannot run it', () => {
    const run = (config: unknown) =>
      JSON.parse(
        execFileSync(
          process.execPath,
          ['--import', 'tsx', 'bench/child.ts', 'src', JSON.stringify(config), '50'],
          { encoding: 'utf8' },
        ),
      );
    const small = { ...BENCH_POINTS[0]!, topology: 'mesh:4x4', measure: 200 };
    const r = run(benchConfig(small));
    assert.ok(r.cycles > 200 && r.flitHops > 0 && r.seconds > 0 && r.refMs > 0, JSON.stringify(r));
    const bad = run({ ...benchConfig(small), network: { topology: 'nosuch:3' } });
    assert.match(bad.error, /nosuch/);
  });

  it('the paired runner times a point on two builds in turn, a rate per run of each', () => {
    const run = (config: unknown) =>
      JSON.parse(
        execFileSync(
          process.execPath,
          ['--import', 'tsx', 'bench/paired-child.ts', 'src', 'src', JSON.stringify(config), '50', '3'],
          { encoding: 'utf8' },
        ),
      );
    const small = { ...BENCH_POINTS[0]!, topology: 'mesh:4x4', measure: 200 };
    const r = run(benchConfig(small));
    assert.equal(r.old.length, 3);
    assert.equal(r.new.length, 3);
    for (const x of [...r.old, ...r.new, r.refMs]) assert.ok(x > 0, JSON.stringify(r));
    const bad = run({ ...benchConfig(small), network: { topology: 'nosuch:3' } });
    assert.match(bad.error, /^old revision: .*nosuch/);
    // A second configuration is the new side's (a switch model against its direct twin).
    const twin = JSON.parse(
      execFileSync(
        process.execPath,
        [
          ...['--import', 'tsx', 'bench/paired-child.ts', 'src', 'src'],
          ...[JSON.stringify(benchConfig(small)), '50', '2'],
          JSON.stringify({ ...benchConfig(small), network: { topology: 'nosuch:3' } }),
        ],
        { encoding: 'utf8' },
      ),
    );
    assert.match(twin.error, /nosuch/);
    assert.doesNotMatch(twin.error, /old revision/);
  });

  // These run the built command (bin/mcsim.js), as test/cli/bundle.test.ts does.
  it('times the start-up of the built command: its first cycle, and after Node alone started', () => {
    const first = startupMs(1);
    const bare = nodeStartMs(1);
    assert.ok(first !== undefined && first > 0, 'no "first cycle at" line from MCSIM_STARTUP_TIMING');
    // Not compared with each other: single processes on a busy machine vary by more than mcsim's share.
    assert.ok(bare !== undefined && bare > 0, `node alone: ${bare}`);
  });

  it('the start-up comparison times whole runs of two builds in turn, or says which one failed', () => {
    const root = new URL('../..', import.meta.url).pathname;
    const r = startupPairs(root, root, 2);
    assert.ok(typeof r !== 'string', String(r));
    assert.equal(r.old.length, 2);
    assert.equal(r.new.length, 2);
    for (const ms of [...r.old, ...r.new]) assert.ok(ms > 0, JSON.stringify(r));
    assert.match(String(timeRun('/nonexistent-revision', process.env)), /Cannot find module|not found/i);
    assert.match(String(startupPairs('/nonexistent-revision', root, 1)), /^old revision: /);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseConfig } from '../../src/config/load.js';
import { drawsAtRandom } from '../../src/ib/workload.js';
import { runSimulation } from '../../src/sim/run.js';
import { McsimError } from '../../src/util/errors.js';

const config = (workload: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  parseConfig({
    network: { topology: 'ibmesh:6x5' },
    timing: { routingDelay: 1, routingDelayModified: 1, startup: 0, startupSubsequent: 0 },
    workload: { type: 'ib-collective', ...workload },
    ...extra,
  });

describe('the ib-collective workload (003 sec. 4)', () => {
  it('reports the makespan in cycles, ns and us (1X SDR, 32-byte flits: 128 ns a cycle) and the resolved fabric', () => {
    const r = runSimulation(
      config({ sources: 0.4, groupFraction: 1, variant: 'uc-shared', vls: 4, messageBytes: 100 }),
    );
    assert.equal(r.outcome.status, 'complete');
    const ib = r.metrics.ib!;
    assert.equal(ib.packetFlits, 4);
    assert.equal(ib.sources, 12);
    assert.equal(ib.packets, 12 * 29);
    assert.equal(ib.deliveries, 12 * 29);
    assert.equal(ib.makespan.ns, ib.makespan.cycles * 128);
    assert.equal(ib.makespan.us, ib.makespan.ns / 1000);
    assert.deepEqual(
      [
        r.config.network.switching,
        r.config.network.vcs,
        r.config.network.bufferDepth,
        r.config.network.injectionChannels,
      ],
      ['ib', 4, 4, 4],
    );
  });

  it("is deterministic, and the flit engine gives the packet path's makespan", () => {
    const w = { sources: 1, groupFraction: 0.4, variant: 'mc-shared', vls: 2, messageBytes: 96 };
    const a = runSimulation(config(w));
    const b = runSimulation(config(w));
    const c = runSimulation(config({ ...w, engine: 'flit' }));
    assert.equal(JSON.stringify(a.metrics), JSON.stringify(b.metrics));
    assert.equal(c.metrics.ib!.makespan.cycles, a.metrics.ib!.makespan.cycles);
    assert.equal(c.metrics.ib!.flitHops, a.metrics.ib!.flitHops);
  });

  it('all sources to the whole group in a fixed order draws nothing at random: every seed gives the same run, reported exact', () => {
    const w = { sources: 1, groupFraction: 1, variant: 'uc-shared', vls: 2, messageBytes: 64 };
    const runs = [1, 2, 3, 17].map((seed) => runSimulation(config(w, { seed })).metrics);
    for (const m of runs) assert.equal(JSON.stringify(m), JSON.stringify(runs[0]));
    // The seed reaches the workload: with a drawn group the same seeds give different makespans.
    const drawn = [1, 2, 3, 17].map(
      (seed) => runSimulation(config({ ...w, groupFraction: 0.4 }, { seed })).metrics.ib!.makespan.cycles,
    );
    assert.ok(new Set(drawn).size > 1);
    const exact = { n: 1, halfWidth: 0, method: 'exact', df: 0 };
    assert.deepEqual(runs[0]!.intervals, {
      'ib.makespan.cycles': exact,
      'ib.makespan.ns': exact,
      'ib.makespan.us': exact,
    });
    // A drawn source, sources, group or order: the makespan varies by seed, its interval comes from the seeds.
    for (const other of [
      { sources: 'one' },
      { sources: 0.4 },
      { groupFraction: 0.4 },
      { unicastOrder: 'random' },
    ]) {
      const m = runSimulation(config({ ...w, ...other })).metrics;
      assert.deepEqual(m.intervals, {}, JSON.stringify(other));
    }
    assert.equal(drawsAtRandom({ sources: 1, groupFraction: 1, order: 'rotated' }), false);
    assert.equal(drawsAtRandom({ sources: 1, groupFraction: 1, order: 'random' }), true);
    assert.equal(drawsAtRandom({ sources: 'one', groupFraction: 1, order: 'ascending' }), true);
  });

  it('refuses host start-up costs, stops dearer than routing, a mesh that is not an ibmesh, and a trace', () => {
    const cases: Array<[() => unknown, RegExp]> = [
      [
        () => runSimulation(config({}, { timing: { startup: 33 } })),
        /^timing: an ib-collective has no host start-up cost/,
      ],
      [
        () =>
          runSimulation(
            config(
              {},
              { timing: { routingDelay: 1, routingDelayModified: 3, startup: 0, startupSubsequent: 0 } },
            ),
          ),
        /routingDelayModified = routingDelay/,
      ],
      [
        () => runSimulation(config({}, { network: { topology: 'mesh:4x4' } })),
        /^network.topology: InfiniBand tables need an ibmesh/,
      ],
      [
        () => runSimulation(config({}), { trace: { write() {} } }),
        /^--trace: an ib-collective run is not traced/,
      ],
    ];
    for (const [f, re] of cases)
      assert.throws(f, (e: unknown) => e instanceof McsimError && re.test(e.message));
    assert.throws(() => config({ vls: 3 }), McsimError);
  });
});

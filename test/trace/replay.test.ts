import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseConfig } from '../../src/config/load.js';
import type { MessageRecord } from '../../src/run/record.js';
import { runSimulation } from '../../src/sim/run.js';
import { assembleTrace, type TraceLine } from '../../src/trace/format.js';
import { holds } from '../../src/trace/occupancy.js';
import { deliveriesOf } from '../../src/trace/replay.js';
import { FIG2_CONFIG } from './fig2.js';

function traced(input: unknown) {
  const records: MessageRecord[] = [];
  const lines: TraceLine[] = [];
  const result = runSimulation(parseConfig(input), {
    onRecord: (r) => records.push(r),
    trace: { write: (l) => lines.push(JSON.parse(JSON.stringify(l))) },
  });
  return { result, records, trace: assembleTrace(lines), lines };
}

/** Every record's deliveries, replayed from the trace alone, as sorted "node header tail" strings. */
function compare(t: ReturnType<typeof traced>) {
  const replay = deliveriesOf(t.trace);
  const names = t.trace.header.nodes;
  for (const r of t.records) {
    const want = r.destinations.map((d) => `${d.node} ${d.header} ${d.tail}`).sort();
    const got = (replay.get(r.id) ?? []).map((d) => `${names[d.node]} ${d.header} ${d.tail}`).sort();
    assert.deepEqual(got, want, `message ${r.id}`);
  }
}

const TOPOLOGIES = ['mesh:5x4', 'torus:4x4', 'ccc:3', 'mesh:3x3x2', 'fattree:16', 'ibmesh:3x3'];

describe('trace replay', () => {
  it('reproduces every delivery time of random uniform runs', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TOPOLOGIES),
        fc.integer({ min: 1, max: 1000 }),
        fc.double({ min: 0.02, max: 0.2, noNaN: true }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 24 }),
        (topology, seed, load, bufferDepth, packetLength) => {
          const t = traced({
            seed,
            network: { topology, bufferDepth },
            workload: { type: 'uniform', load, packetLength, warmup: 100, measure: 600, drain: 3000 },
          });
          assert.ok(t.records.length > 0);
          compare(t);
        },
      ),
      { numRuns: 12, seed: 16 },
    );
  });

  it('reproduces every delivery time of random multicast and mixed runs (worms, replication, retransmission)', () => {
    const cases = fc.oneof(
      fc.record({
        topology: fc.constant('mesh:6x6'),
        algorithm: fc.constantFrom('tpm', 'dual-path', 'multi-path', 'column-path', 'umesh', 'separate'),
      }),
      fc.record({ topology: fc.constant('ccc:3'), algorithm: fc.constantFrom('uccc', 'separate') }),
      fc.record({
        topology: fc.constant('torus:6x6'),
        algorithm: fc.constantFrom('tasnem', 't2w', 'uniform', 'multipath-hcm'),
      }),
    );
    fc.assert(
      fc.property(cases, fc.integer({ min: 1, max: 1000 }), fc.boolean(), (c, seed, mixed) => {
        const workload = mixed
          ? {
              type: 'mixed',
              algorithm: c.algorithm,
              load: 0.02,
              destinations: { mean: 5, sd: 2, min: 2, max: 8 },
              warmup: 100,
              measure: 800,
            }
          : { type: 'multicast', algorithm: c.algorithm, destinations: 5, samples: 4 };
        const t = traced({
          seed,
          network: { topology: c.topology, consumptionChannels: 'all', injectionChannels: 'all' },
          workload,
        });
        assert.equal(t.result.outcome.status, 'complete');
        assert.ok(t.records.length > 0);
        compare(t);
      }),
      { numRuns: 12, seed: 16 },
    );
  });

  it('writes a header first and an end line last, with worms whose hops form one tree each', () => {
    const t = traced({
      network: { topology: 'mesh:6x6', consumptionChannels: 'all' },
      workload: { type: 'multicast', algorithm: 'tpm', destinations: 8, samples: 3 },
    });
    assert.equal(t.lines[0]!.type, 'header');
    assert.equal(t.lines.at(-1)!.type, 'end');
    const ch = t.trace.header.channels;
    for (const w of t.trace.worms) {
      const [first, ...rest] = w.hops;
      assert.equal(ch[first![0]]!.kind, 'inj');
      assert.equal(first![5], -1);
      for (const h of rest) {
        assert.ok(h[5] >= 0, 'every hop after the injection channel has an upstream hop');
        const up = w.hops[h[5]]!;
        // The flits come from the upstream buffer, which is held while the header enters.
        assert.ok(holds(up, h[2]));
        assert.notEqual(ch[up[0]]!.kind, 'sink', 'flits never come out of a consumption channel');
        assert.equal(ch[up[0]]!.to, ch[h[0]]!.from);
        assert.ok(h[2] <= h[3] && h[3] <= h[4]);
      }
    }
    assert.ok(
      t.trace.worms.some((w) => w.phase > 1),
      'TPM retransmits in a second phase',
    );
  });

  it('keeps only the worms in flight inside a window of cycles', () => {
    const lines: TraceLine[] = [];
    runSimulation(
      parseConfig({
        network: { topology: 'mesh:4x4' },
        workload: { type: 'uniform', load: 0.1, measure: 1000 },
      }),
      { trace: { write: (l) => lines.push(l), window: [1500, 1600] } },
    );
    const tr = assembleTrace(lines);
    assert.ok(tr.worms.length > 0);
    for (const w of tr.worms) assert.ok(w.hops.some((h) => h[2] <= 1600 && (h[4] === -1 || h[4] >= 1500)));
  });

  it('refuses a workload that moves no flits', () => {
    assert.throws(
      () => runSimulation(parseConfig({ workload: { type: 'steps' } }), { trace: { write: () => {} } }),
      /--trace: a steps workload moves no flits/,
    );
  });
});

describe('trace of a deadlock', () => {
  it('000 Fig. 2: ends at the deadlock with the two worms waiting on each other', () => {
    const t = traced(FIG2_CONFIG);
    assert.equal(t.trace.end.outcome, 'deadlock');
    const d = t.trace.end.deadlock!;
    assert.equal(t.trace.worms.length, 2);
    assert.deepEqual([...d.cycleOfWaits].sort(), [0, 1]);
    const ch = t.trace.header.channels;
    const names = t.trace.header.nodes;
    const sinkOf = (c: number) => (ch[c]!.kind === 'sink' ? names[ch[c]!.from] : undefined);
    const [a, b] = t.trace.worms;
    const waitA = d.waits.find((w) => w.worm === a!.worm)!;
    const waitB = d.waits.find((w) => w.worm === b!.worm)!;
    assert.deepEqual(waitA.channels.map(sinkOf), ['2,0']);
    assert.deepEqual(waitA.heldBy, [b!.worm]);
    assert.deepEqual(waitB.channels.map(sinkOf), ['1,0']);
    assert.deepEqual(waitB.heldBy, [a!.worm]);
    // Each holds the consumption channel the other waits for, to the end of the run.
    const heldAtEnd = (w: typeof a) =>
      w!.hops.filter((h) => h[4] === -1 && ch[h[0]]!.kind === 'sink').map((h) => names[ch[h[0]]!.from]);
    assert.deepEqual(heldAtEnd(a), ['1,0']);
    assert.deepEqual(heldAtEnd(b), ['2,0']);
    assert.equal(d.cycle, t.trace.end.cycle);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseConfig } from '../../src/config/load.js';
import { runSimulation } from '../../src/sim/run.js';
import { assembleTrace, type Trace, type TraceLine } from '../../src/trace/format.js';
import { packTrace, unpackTrace } from '../../src/trace/packed.js';
import { pageTrace, viewerPage } from '../../src/viewer/page.js';
import { FIG2_CONFIG } from './fig2.js';

function traced(input: unknown, window?: [number, number]): Trace {
  const lines: TraceLine[] = [];
  runSimulation(parseConfig(input), {
    trace: { write: (l) => lines.push(JSON.parse(JSON.stringify(l))), window },
  });
  return assembleTrace(lines);
}

/** Packed, through JSON (as a page carries it), and back. */
const roundTrip = (t: Trace) => unpackTrace(JSON.parse(JSON.stringify(packTrace(t))));

describe('the packed trace of a viewer page', () => {
  it('gives back every worm of random runs exactly: unicast, multicast, windows, unfinished hops', () => {
    const cases = fc.oneof(
      fc.record({
        topology: fc.constantFrom('mesh:6x6', 'torus:5x5', 'ccc:3', 'fattree:16', 'ibmesh:3x3'),
        algorithm: fc.constant(undefined),
      }),
      fc.record({
        topology: fc.constant('mesh:6x6'),
        algorithm: fc.constantFrom('tpm', 'dual-path', 'multi-path', 'umesh', 'separate'),
      }),
      fc.record({
        topology: fc.constant('torus:6x6'),
        algorithm: fc.constantFrom('tasnem', 't2w', 'uniform'),
      }),
      // Bit-string worms fork at switches: stops with a level.
      fc.record({ topology: fc.constant('fattree:16'), algorithm: fc.constant('bitstring') }),
    );
    fc.assert(
      fc.property(
        cases,
        fc.integer({ min: 1, max: 1000 }),
        fc.option(fc.integer({ min: 0, max: 600 })),
        fc.integer({ min: 0, max: 1500 }),
        (c, seed, from, drain) => {
          const workload = c.algorithm
            ? {
                type: 'mixed',
                algorithm: c.algorithm,
                load: 0.03,
                destinations: { mean: 5, sd: 2, min: 2, max: 8 },
                warmup: 100,
                measure: 600,
                drain,
              }
            : { type: 'uniform', load: 0.1, warmup: 100, measure: 600, drain };
          const t = traced(
            { seed, network: { topology: c.topology }, workload },
            from === null ? undefined : [from, from + 150],
          );
          assert.ok(t.worms.length > 0);
          assert.deepEqual(roundTrip(t), t);
          if (c.algorithm === 'bitstring' && from === null)
            assert.ok(
              t.worms.some((w) => w.stops.some((s) => s.level)),
              'some stop at a switch level',
            );
        },
      ),
      { numRuns: 20, seed: 27 },
    );
  });

  it("keeps a deadlock's end line, and the page holds the trace it was given", () => {
    const t = traced(FIG2_CONFIG);
    assert.equal(t.end.outcome, 'deadlock');
    assert.deepEqual(roundTrip(t), t);
    assert.deepEqual(pageTrace(viewerPage(t, '')), t);
  });

  it("makes a long run's page several times smaller than its JSON", () => {
    const t = traced({
      seed: 3,
      network: { topology: 'mesh:8x8' },
      workload: { type: 'uniform', load: 0.1, warmup: 0, measure: 3000, drain: 0 },
    });
    const json = JSON.stringify(t).length;
    const page = viewerPage(t, '').length;
    assert.ok(page * 5 < json, `page ${page} bytes against ${json} of JSON`);
  });

  it('refuses hops whose times are out of order, and columns of unequal length', () => {
    const t = traced(FIG2_CONFIG);
    const bad = structuredClone(t);
    const h = bad.worms[0]!.hops[1]!;
    h[3] = h[2] - 1;
    assert.throws(() => packTrace(bad), /times out of order/);
    const p = packTrace(t);
    p.vc.pop();
    assert.throws(() => unpackTrace(p), /hop columns of unequal length/);
  });
});

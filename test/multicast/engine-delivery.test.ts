import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { routingResolver } from '../../src/api/plan.js';
import { PLANNERS, plannerFor } from '../../src/multicast/registry.js';
import { defaultRoutingName } from '../../src/routing/registry.js';
import { parseTopology } from '../../src/topology/registry.js';
import { makeNet, runMessages } from '../engine/harness.js';

/** Small networks of every kind; each registered scheme is tested on all of them it fits. */
const SAMPLES = [
  'mesh:5x4',
  'mesh:6x6',
  'mesh:7x3',
  'mesh:3x8',
  'mesh:9x4',
  'torus:5x4',
  'torus:6x6',
  'ccc:3',
  'ccc:4',
  'fattree:16',
  'fattree:64',
];

function fitting(algo: string): string[] {
  return SAMPLES.filter((spec) => {
    try {
      plannerFor(algo, parseTopology(spec));
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Plans run flit by flit: every destination receives the message exactly once and no other node
 * receives it, for every registered scheme (a new scheme is tested without being listed here).
 */
describe('multicast plans executed by the engine', () => {
  for (const algo of PLANNERS.map((p) => p.name)) {
    const specs = fitting(algo);
    it(`${algo}: engine deliveries are exactly the destination set`, () => {
      assert.ok(
        specs.length > 0,
        `${algo} fits none of the sample networks ${SAMPLES.join(', ')}: add one it fits`,
      );
      fc.assert(
        fc.property(
          fc.constantFrom(...specs),
          fc.nat(),
          fc.double({ min: 0, max: 1, noNaN: true }),
          (spec, seed, frac) => {
            const topo = parseTopology(spec);
            const N = topo.numNodes;
            let r = seed;
            const rnd = (k: number) => {
              r = (Math.imul(r ^ (r >>> 15), 2246822519) + 0x9e3779b9) >>> 0;
              return r % k;
            };
            const source = rnd(N);
            const pool = Array.from({ length: N }, (_, i) => i).filter((i) => i !== source);
            for (let i = pool.length - 1; i > 0; i--) {
              const j = rnd(i + 1);
              [pool[i], pool[j]] = [pool[j]!, pool[i]!];
            }
            const dests = pool.slice(0, 1 + Math.floor(frac * (pool.length - 1)));
            const def = plannerFor(algo, topo);
            const base = def.routingFor?.(topo) ?? defaultRoutingName(topo);
            const rfFor = routingResolver(topo, base);
            const plan = def.plan({ topology: topo, routing: rfFor(base), length: 6 }, source, dests);
            const net = makeNet(spec, { routing: base, consumption: 4, bufferDepth: 2 });
            const { messages } = runMessages(net, [{ at: 0, source, worms: plan.worms }], {}, (e) => {
              const bad = e.checkInvariants();
              if (bad) throw new Error(bad);
            });
            const got = messages[0]!.deliveries.map((d) => d.node).sort((a, b) => a - b);
            assert.deepEqual(
              got,
              [...dests].sort((a, b) => a - b),
            );
            for (const d of messages[0]!.deliveries) assert.ok(d.tail >= d.header + 5);
          },
        ),
        { numRuns: 60, seed: 13 },
      );
    });
  }
});

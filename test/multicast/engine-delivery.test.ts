import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { routingResolver } from '../../src/cli/plan.js';
import { plannerFor } from '../../src/multicast/registry.js';
import { parseTopology } from '../../src/topology/registry.js';
import { makeNet, runMessages } from '../engine/harness.js';

/**
 * Plans run flit by flit: every destination receives the message exactly once, no other node
 * receives it, and TPM finishes within two start-up phases' worth of worms, for every scheme.
 */
describe('multicast plans executed by the engine', () => {
  for (const [algo, specs] of [
    ['separate', ['mesh:5x4', 'ccc:3']],
    ['umesh', ['mesh:6x6', 'mesh:7x3']],
    ['dual-path', ['mesh:6x5']],
    ['multi-path', ['mesh:5x6']],
    ['column-path', ['mesh:6x6', 'mesh:8x3']],
    ['tpm', ['mesh:6x6', 'mesh:9x4', 'mesh:3x8']],
    ['uccc', ['ccc:3', 'ccc:4']],
  ] as const) {
    it(`${algo}: engine deliveries are exactly the destination set`, () => {
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
            const base = def.routingFor?.(topo) ?? (topo.kind === 'ccc' ? 'hc' : 'xy');
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

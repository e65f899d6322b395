import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { StopSpec, WormSpec } from '../../src/plan/worm.js';
import { ROUTER_MODELS } from '../../src/router/registry.js';
import { tracePath } from '../../src/routing/path.js';
import { defaultVcs, parseTopology } from '../../src/topology/registry.js';
import { makeNet, runMessages } from '../engine/harness.js';

// Tree worms (replication) and multidestination path worms through every registered switch model,
// on direct and switch-based networks: each destination receives the message exactly once, and
// neither the engine's nor the model's invariants (capacity, FIFO order) are ever violated.
describe('multidestination worms through every switch model (property)', () => {
  for (const model of ROUTER_MODELS) {
    it(`${model.name}: path and tree worms deliver to each destination exactly once`, () => {
      fc.assert(
        fc.property(
          fc.constantFrom('mesh:4x4', 'fattree:16', 'ibmesh:4x3'),
          fc.uniqueArray(fc.nat(1000), { minLength: 2, maxLength: 8 }),
          fc.boolean(),
          (spec, raw, tree) => {
            // VCT needs buffers that hold a whole worm; a 3-flit worm fits in every buffer. A
            // central-buffer switch's processor port has as many packet slots as a switch link's
            // input (its injection channels, at least the VCs of a channel).
            const injection =
              model.name === 'central-buffer' ? Math.max(...defaultVcs(parseTopology(spec))) : 1;
            const o = { bufferDepth: 4, switching: model.name, injection };
            const net = makeNet(spec, o);
            const t = net.topology;
            const N = net.numNodes;
            const nodes = [...new Set(raw.map((x) => x % N))];
            if (nodes.length < 2) return;
            const [source, ...dests] = nodes as [number, ...number[]];
            // A tree worm forks at the source's switch into one branch per first output port.
            const groups = new Map<number, number[]>();
            for (const d of dests) {
              const hops = tracePath(t, net.routing, source, d);
              const key = hops.length ? hops[0]!.port : -1;
              groups.set(key, [...(groups.get(key) ?? []), d]);
            }
            const path = (g: number[]) =>
              g.map((node, i) => ({ node, service: i < g.length - 1 ? 'PAF' : 'ABS' }) as StopSpec);
            const stops: StopSpec[] =
              tree && groups.size >= 2 && !groups.has(-1)
                ? [{ node: source, service: 'FWD', branches: [...groups.values()].map(path) }]
                : path(dests);
            const worm: WormSpec = { source, length: 3, stops };
            const { messages } = runMessages(net, [{ at: 0, source, worms: [worm] }], o, (e) => {
              const bad = e.checkInvariants();
              if (bad) throw new Error(bad);
            });
            assert.deepEqual(
              messages[0]!.deliveries.map((d) => d.node).sort((a, b) => a - b),
              [...dests].sort((a, b) => a - b),
            );
          },
        ),
        { numRuns: 60, seed: 11 },
      );
    });
  }
});

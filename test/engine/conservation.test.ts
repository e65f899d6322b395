import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { type StopSpec, unicastWorm, type WormSpec } from '../../src/plan/worm.js';
import { tracePath, tracePathVia } from '../../src/routing/path.js';
import { makeNet, runMessages } from './harness.js';

const TOPOS = ['mesh:4x4', 'mesh:5x3', 'torus:4x4', 'torus:3x5', 'mesh:3x3x2', 'ccc:3', 'ccc:4'];

describe('flit conservation under contention (property)', () => {
  it('every unicast is delivered exactly once, buffers never overflow, traffic = flits x hops', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TOPOS),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom('wormhole', 'vct'),
        fc.array(fc.tuple(fc.nat(60), fc.nat(10_000), fc.nat(10_000), fc.integer({ min: 1, max: 12 })), {
          minLength: 1,
          maxLength: 40,
        }),
        (spec, depth, inj, cons, switching, raw) => {
          const bufferDepth = switching === 'vct' ? 12 : depth;
          const net = makeNet(spec, { bufferDepth, injection: inj, consumption: cons });
          const N = net.numNodes;
          const msgs = raw
            .map(([at, a, b, L]) => ({ at, s: a % N, d: b % N, L }))
            .filter((m) => m.s !== m.d)
            .map((m) => ({ at: m.at, source: m.s, worms: [unicastWorm(m.s, m.d, m.L)] }));
          if (msgs.length === 0) return;
          const { messages, engine } = runMessages(net, msgs, { switching }, (e) => {
            const bad = e.checkInvariants();
            if (bad) throw new Error(bad);
          });
          let flitHops = 0;
          messages.forEach((m, i) => {
            const w = msgs[i]!.worms[0]!;
            const dest = w.stops[0]!.node;
            assert.equal(m.deliveries.length, 1);
            assert.equal(m.deliveries[0]!.node, dest);
            assert.ok(m.deliveries[0]!.tail >= m.deliveries[0]!.header + w.length - 1);
            const h = tracePath(net.topology, net.routing, m.source, dest).length;
            assert.equal(m.traffic, h * w.length);
            flitHops += h * w.length;
          });
          assert.equal(engine.flitHops, flitHops);
          assert.ok(engine.idle);
        },
      ),
      { numRuns: 120, seed: 20261122 },
    );
  });

  it('a multidestination path or tree worm delivers to each of its destinations exactly once', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('mesh:4x4', 'mesh:6x3', 'torus:4x4', 'ccc:3'),
        // Stops in arbitrary order can make a long worm wait for a channel it holds itself; a worm
        // that fits in one buffer cannot, so the property is about delivery, not path ordering.
        fc.integer({ min: 3, max: 5 }),
        fc.uniqueArray(fc.nat(1000), { minLength: 2, maxLength: 12 }),
        fc.boolean(),
        (spec, depth, raw, tree) => {
          const net = makeNet(spec, { bufferDepth: depth });
          const N = net.numNodes;
          const nodes = [...new Set(raw.map((x) => x % N))];
          if (nodes.length < 2) return;
          const [source, ...dests] = nodes as [number, ...number[]];
          let stops: StopSpec[];
          // A tree worm forks at the source into one branch per first link (replication needs
          // distinct output channels), each branch a path through its destinations.
          const firstPort = (d: number) => tracePath(net.topology, net.routing, source, d)[0]!.port;
          const groups = new Map<number, number[]>();
          for (const d of dests) groups.set(firstPort(d), [...(groups.get(firstPort(d)) ?? []), d]);
          if (tree && groups.size >= 2) {
            const branches = [...groups.values()].map((g) =>
              g.map((node, i) => ({ node, service: i < g.length - 1 ? 'PAF' : 'ABS' }) as StopSpec),
            );
            stops = [{ node: source, service: 'FWD', branches }];
          } else {
            stops = dests.map(
              (node, i) => ({ node, service: i < dests.length - 1 ? 'PAF' : 'ABS' }) as StopSpec,
            );
          }
          const worm: WormSpec = { source, length: 3, stops };
          const { messages } = runMessages(net, [{ at: 0, source, worms: [worm] }], {}, (e) => {
            const bad = e.checkInvariants();
            if (bad) throw new Error(bad);
          });
          const got = messages[0]!.deliveries.map((d) => d.node).sort((a, b) => a - b);
          assert.deepEqual(
            got,
            [...dests].sort((a, b) => a - b),
          );
          if (!tree || groups.size < 2) {
            const hops = tracePathVia(net.topology, net.routing, source, dests).length;
            assert.equal(messages[0]!.traffic, hops * 3);
          }
        },
      ),
      { numRuns: 150, seed: 7 },
    );
  });
});

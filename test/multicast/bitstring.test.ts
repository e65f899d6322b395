import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { bitstring, bitstringTree, bitstringWorm } from '../../src/multicast/bitstring.js';
import { bitString, headerFlits, reachability } from '../../src/multicast/bitstring-header.js';
import { walkWorm } from '../../src/multicast/walk.js';
import type { StopSpec } from '../../src/plan/worm.js';
import { buildRouting } from '../../src/routing/registry.js';
import { type FatTree, UP } from '../../src/topology/fattree.js';
import { parseTopology } from '../../src/topology/registry.js';

const t16 = parseTopology('fattree:16') as FatTree;
const t64 = parseTopology('fattree:64') as FatTree;
const sw = (t: FatTree, name: string) => {
  for (let g = 0; g < t.numSwitches; g++) if (t.formatSwitch(g) === name) return g;
  throw new Error(name);
};

describe('bit-string headers and reachability strings (002 sec. 3.2, docs/algorithms/bitstring.md)', () => {
  it('16 nodes, source 0, D = {5, 6, 13}', () => {
    assert.equal(bitString(16, [5, 6, 13]), '0000011000000100');
    assert.equal(headerFlits(16), 1);
    assert.equal(headerFlits(64), 4);
    const r = reachability(t16);
    const s20 = sw(t16, 's2.0');
    assert.deepEqual(
      [0, 1, 2, 3].map((c) => r.text(s20, c)),
      ['1111000000000000', '0000111100000000', '0000000011110000', '0000000000001111'],
    );
    const s11 = sw(t16, 's1.1');
    assert.deepEqual(
      [0, 1, 2, 3].map((c) => r.text(s11, c)),
      ['0000100000000000', '0000010000000000', '0000001000000000', '0000000100000000'],
    );
    const tree = bitstringTree(t16, 0, [5, 6, 13]);
    assert.equal(tree.header, '0000011000000100');
    assert.equal(tree.lca, 2);
    assert.equal(tree.count, 2);
    assert.deepEqual(tree.up, [{ switch: 's1.0', inPort: 0, outPort: 4 }]);
    assert.deepEqual(tree.down, [
      { switch: 's2.0', level: 2, inPort: 0, outPorts: [1, 3] },
      { switch: 's1.1', level: 1, inPort: 4, outPorts: [1, 2], delivers: [5, 6] },
      { switch: 's1.3', level: 1, inPort: 4, outPorts: [1], delivers: [13] },
    ]);
    assert.deepEqual(tree.extraCopies, [1, 1]);
    assert.equal(tree.channels, 3);
  });

  it('64 nodes, source 5, D = {6, 17, 40, 41, 63}', () => {
    const tree = bitstringTree(t64, 5, [6, 17, 40, 41, 63]);
    assert.equal(tree.lca, 3);
    assert.deepEqual(tree.up, [
      { switch: 's1.1', inPort: 1, outPort: 4 },
      { switch: 's2.0', inPort: 1, outPort: 4 },
    ]);
    assert.deepEqual(
      tree.down.map((d) => [d.switch, d.inPort, d.outPorts.join(','), d.delivers?.join(',') ?? '']),
      [
        ['s3.0', 0, '0,1,2,3', ''],
        ['s2.0', 4, '1', ''],
        ['s1.1', 4, '2', '6'],
        ['s2.4', 4, '0', ''],
        ['s1.4', 4, '1', '17'],
        ['s2.8', 4, '2', ''],
        ['s1.10', 4, '0,1', '40,41'],
        ['s2.12', 4, '3', ''],
        ['s1.15', 4, '3', '63'],
      ],
    );
    assert.deepEqual(tree.extraCopies, [1, 0, 3]);
    assert.equal(tree.down.length + tree.up.length, 11);
    assert.equal(tree.channels, 10);
  });

  it('down-port strings of a switch partition its subtree; a leaf port reaches one processor', () => {
    for (const t of [t16, t64]) {
      const r = reachability(t);
      for (let g = 0; g < t.numSwitches; g++) {
        const seen: number[] = [];
        for (let c = 0; c < UP; c++) {
          const s = r.text(g, c);
          const ones = [...s].flatMap((ch, i) => (ch === '1' ? [i] : []));
          assert.equal(ones.length, 4 ** (t.level(g) - 1));
          assert.equal(ones[ones.length - 1]! - ones[0]!, ones.length - 1, 'contiguous');
          seen.push(...ones);
        }
        seen.sort((a, b) => a - b);
        const base = t.subtreeBase(g);
        assert.deepEqual(
          seen,
          Array.from({ length: 4 ** t.level(g) }, (_, i) => base + i),
        );
      }
    }
  });
});

/** Random (topology, source, destination set). */
const arbCase = fc
  .tuple(fc.constantFrom(16, 64), fc.nat(), fc.array(fc.nat(), { minLength: 1, maxLength: 70 }))
  .map(([N, s, raw]) => {
    const source = s % N;
    const dests = [...new Set(raw.map((x) => x % N))].filter((d) => d !== source);
    return { N, source, dests: dests.length > 0 ? dests : [(source + 1) % N] };
  });

describe('bit-string worms: properties over random sources and sets', () => {
  it('up exactly to the LCA, replication only on the way down, copies sum to m - 1, every destination once', () => {
    fc.assert(
      fc.property(arbCase, ({ N, source, dests }) => {
        const t = N === 16 ? t16 : t64;
        const tree = bitstringTree(t, source, dests);
        const lambda = Math.max(...dests.map((d) => t.lcaLevel(source, d)));
        assert.equal(tree.lca, lambda);
        assert.equal(tree.up.length, lambda - 1);
        assert.equal(tree.header.split('').filter((c) => c === '1').length, dests.length);
        assert.equal(tree.header[source], '0');
        // Levels strictly decrease along every down path: the first down switch is at the LCA.
        assert.equal(tree.down[0]!.level, lambda);
        const delivered = tree.down.flatMap((d) => d.delivers ?? []).sort((a, b) => a - b);
        assert.deepEqual(
          delivered,
          [...dests].sort((a, b) => a - b),
        );
        assert.equal(
          tree.extraCopies.reduce((a, b) => a + b, 0),
          dests.length - 1,
        );
        // Down-path switch visits: one per distinct block of each level.
        let visits = 0;
        for (let l = 1; l <= lambda; l++) visits += new Set(dests.map((d) => Math.floor(d / 4 ** l))).size;
        assert.equal(tree.down.length, visits);
      }),
      { numRuns: 300 },
    );
  });

  it('the engine-facing tree worm forks only at switch levels below the LCA and delivers each destination once', () => {
    fc.assert(
      fc.property(arbCase, ({ N, source, dests }) => {
        const t = N === 16 ? t16 : t64;
        const rf = buildRouting(t, 'lca', [1, 1]);
        const worm = bitstringWorm(t, source, dests, 64);
        const lambda = Math.max(...dests.map((d) => t.lcaLevel(source, d)));
        const absorbed: number[] = [];
        let forks = 0;
        const walkStops = (list: StopSpec[], above: number) => {
          for (const s of list) {
            if (s.service === 'ABS') absorbed.push(s.node);
            if (s.level) {
              assert.ok(s.level <= above, 'forks go down');
              forks += (s.branches?.length ?? 0) - 1;
              for (const b of s.branches ?? []) walkStops(b, s.level - 1);
            }
          }
        };
        walkStops(worm.stops, lambda);
        assert.deepEqual(
          absorbed.sort((a, b) => a - b),
          [...dests].sort((a, b) => a - b),
        );
        assert.equal(forks, dests.length - 1);
        // Walked through the routing function: up hops first, then only down hops.
        let wentDown = false;
        let ups = 0;
        walkWorm(t, rf, worm, 0, (_a, port) => {
          if (port >= UP) {
            assert.ok(!wentDown, 'never up after down');
            ups++;
          } else wentDown = true;
        });
        assert.equal(ups, lambda - 1);
      }),
      { numRuns: 200 },
    );
  });

  it('the tree worm equals the recursive grouping of its definition: a fork where a set spans two or more down ports', () => {
    // The definition written plainly (002 sec. 3.3): group the set by the down port toward each
    // destination, fork where there are two or more groups, the fork at the LCA named after the first
    // destination (ascending) whose route climbs to it.
    const below = (level: number, set: number[], rep = set[0]!): StopSpec[] => {
      if (level === 1)
        return set.length === 1
          ? [{ node: set[0]!, service: 'ABS' }]
          : [
              {
                node: set[0]!,
                service: 'FWD',
                level: 1,
                branches: set.map((d) => [{ node: d, service: 'ABS' }]),
              },
            ];
      const groups = new Map<number, number[]>();
      for (const d of set) {
        const port = Math.floor(d / 4 ** (level - 1)) % 4;
        groups.set(port, [...(groups.get(port) ?? []), d]);
      }
      if (groups.size === 1) return below(level - 1, set);
      const ports = [...groups.keys()].sort((a, b) => a - b);
      return [
        { node: rep, service: 'FWD', level, branches: ports.map((p) => below(level - 1, groups.get(p)!)) },
      ];
    };
    fc.assert(
      fc.property(arbCase, ({ N, source, dests }) => {
        const t = N === 16 ? t16 : t64;
        const set = [...dests].sort((a, b) => a - b);
        const lca = Math.max(...set.map((d) => t.lcaLevel(source, d)));
        const rep = set.find((d) => t.lcaLevel(source, d) === lca)!;
        const worm = bitstringWorm(t, source, dests, 64);
        assert.deepEqual(worm, { source, length: 64, stops: below(lca, set, rep) });
        // Byte for byte as plans are written out (the keys' order too).
        assert.equal(JSON.stringify(worm.stops), JSON.stringify(below(lca, set, rep)));
      }),
      { numRuns: 500 },
    );
  });

  it('a broadcast visits (N - 1) / 3 down-path switches', () => {
    for (const t of [t16, t64]) {
      const all = Array.from({ length: t.numNodes - 1 }, (_, i) => i + 1);
      assert.equal(bitstringTree(t, 0, all).down.length, (t.numNodes - 1) / 3);
    }
  });

  it('is registered for fat trees only', () => {
    assert.deepEqual(bitstring.topologies, ['fattree']);
  });
});

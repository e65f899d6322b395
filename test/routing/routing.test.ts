import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { PLANNERS } from '../../src/multicast/registry.js';
import { tracePath } from '../../src/routing/path.js';
import { buildRouting, defaultRoutingName, ROUTINGS, routingsFor } from '../../src/routing/registry.js';
import type { RoutingFunction } from '../../src/routing/routing.js';
import { EJECT } from '../../src/routing/routing.js';
import { parseTopology } from '../../src/topology/registry.js';
import type { Topology } from '../../src/topology/topology.js';
import { McsimError } from '../../src/util/errors.js';
import { tempDir } from '../temp-dir.js';

const pair = (N: number) => fc.tuple(fc.nat(N - 1), fc.nat(N - 1));

describe('dimension-order routing', () => {
  for (const spec of ['mesh:16x16', 'mesh:7x3', 'mesh:4x4x4']) {
    it(`${spec}: path length is the Manhattan distance, dimensions corrected in order`, () => {
      const t = parseTopology(spec);
      const rf = buildRouting(t, t.dims.length === 2 ? 'xy' : 'dor', [2]);
      fc.assert(
        fc.property(pair(t.numNodes), ([a, b]) => {
          const hops = tracePath(t, rf, a, b);
          const ca = t.coords(a);
          const cb = t.coords(b);
          assert.equal(
            hops.length,
            ca.reduce((s, x, d) => s + Math.abs(x - cb[d]!), 0),
          );
          // Dimension order: the dimension index of successive hops never decreases.
          const dims = hops.map((h) => h.port >> 1);
          for (let i = 1; i < dims.length; i++) assert.ok(dims[i]! >= dims[i - 1]!);
        }),
        { numRuns: 300, seed: 1 },
      );
    });
  }

  it('yx corrects Y first', () => {
    const t = parseTopology('mesh:8x8');
    const hops = tracePath(t, buildRouting(t, 'yx', [2]), t.parseNode('0,0'), t.parseNode('3,5'));
    assert.deepEqual(
      hops.map((h) => h.portName),
      ['y+', 'y+', 'y+', 'y+', 'y+', 'x+', 'x+', 'x+'],
    );
  });

  it('torus:10x10 and torus:5x3 take the shorter way around', () => {
    for (const spec of ['torus:10x10', 'torus:5x3', 'torus:4x4x4']) {
      const t = parseTopology(spec);
      const rf = buildRouting(t, 'dor', [2]);
      fc.assert(
        fc.property(pair(t.numNodes), ([a, b]) => {
          const ca = t.coords(a);
          const cb = t.coords(b);
          const d = ca.reduce((s, x, i) => {
            const k = t.dims[i]!;
            const f = (cb[i]! - x + k) % k;
            return s + Math.min(f, k - f);
          }, 0);
          assert.equal(tracePath(t, rf, a, b).length, d);
        }),
        { numRuns: 200, seed: 2 },
      );
    }
  });

  it('a torus needs two VCs (dateline classes); hc does not fit a mesh', () => {
    assert.throws(() => buildRouting(parseTopology('torus:4x4'), 'dor', [1]), /at least 2 virtual channels/);
    assert.throws(
      () => buildRouting(parseTopology('mesh:4x4'), 'hc', [2]),
      /routing "hc" does not fit topology mesh:4x4 \(hc fits: ccc\)/,
    );
    assert.throws(() => buildRouting(parseTopology('mesh:4x4'), 'zigzag', [2]), McsimError);
  });
});

/** Channel-dependency graph of a routing function over all source/destination pairs: acyclic iff no cycle. */
function dependencyCycle(t: Topology, rf: RoutingFunction, vcs: number, stripClasses = false): boolean {
  const key = (r: number, p: number, v: number) => (r * t.numPorts + p) * vcs + v;
  const edges = new Map<number, Set<number>>();
  for (let s = 0; s < t.numNodes; s++) {
    for (let d = 0; d < t.numNodes; d++) {
      if (s === d) continue;
      let cur = s;
      let prevPort = -1;
      let held: number[] = [];
      while (cur !== d) {
        const packed = rf.route(cur, d, s, prevPort);
        const port = packed & 0xff;
        if (port === EJECT) break;
        const mask = stripClasses ? (1 << vcs) - 1 : packed >>> 8;
        const next: number[] = [];
        for (let v = 0; v < vcs; v++) if ((mask >>> v) & 1) next.push(key(cur, port, v));
        for (const h of held)
          for (const n of next) {
            let e = edges.get(h);
            if (!e) edges.set(h, (e = new Set()));
            e.add(n);
          }
        held = next;
        prevPort = port;
        cur = t.neighbor(cur, port);
      }
    }
  }
  // Cycle detection by colouring DFS.
  const colour = new Map<number, number>();
  const visit = (u: number): boolean => {
    colour.set(u, 1);
    for (const v of edges.get(u) ?? []) {
      const c = colour.get(v) ?? 0;
      if (c === 1) return true;
      if (c === 0 && visit(v)) return true;
    }
    colour.set(u, 2);
    return false;
  };
  for (const u of edges.keys()) if ((colour.get(u) ?? 0) === 0 && visit(u)) return true;
  return false;
}

describe('deadlock freedom: channel-dependency graphs', () => {
  for (const spec of ['torus:4x4', 'torus:5x3', 'torus:4x4x3']) {
    it(`${spec} with dateline classes has no cycle; without them it has one`, () => {
      const t = parseTopology(spec);
      const rf = buildRouting(t, 'dor', [2]);
      assert.equal(dependencyCycle(t, rf, 2), false);
      assert.equal(dependencyCycle(t, rf, 2, true), true);
    });
  }
  for (const n of [3, 4]) {
    it(`HC routing with h0/h1/l0/l1 on ccc:${n} has no cycle`, () => {
      const t = parseTopology(`ccc:${n}`);
      assert.equal(dependencyCycle(t, buildRouting(t, 'hc', [2, 1]), 2), false);
    });
  }
});

describe('HC routing (004 sec. 2-3)', () => {
  const t = parseTopology('ccc:3');
  const rf = buildRouting(t, 'hc', [2, 1]);
  const walk = (from: string, to: string) =>
    tracePath(t, rf, t.parseNode(from), t.parseNode(to)).map(
      (h) => `-${h.vcs.join('')}-> ${t.formatNode(h.to)}`,
    );

  it('Fig. 2, first example: (1,000) to (0,111)', () => {
    // Rules 1-3 by hand: d = 2, so walk up the cycle to i = 2 (h0: x <= y), cross dimension 2,
    // then d = 1: walk down to 1 (l0: x < y), cross; d = 0: walk down to 0, cross.
    assert.deepEqual(walk('1,000', '0,111'), [
      '-h0-> 2,000',
      '-cube-> 2,100',
      '-l0-> 1,100',
      '-cube-> 1,110',
      '-l0-> 0,110',
      '-cube-> 0,111',
    ]);
  });

  it('Fig. 2, second example: (2,001) to (0,011)', () => {
    // d(001, 011) = 1: walk down from 2 to 1 (l0), cross dimension 1 to 011, then x = y: walk
    // down the cycle to 0 (x >= y: l1).
    assert.deepEqual(walk('2,001', '0,011'), ['-l0-> 1,001', '-cube-> 1,011', '-l1-> 0,011']);
  });

  it('path length = differing bits + cycle steps walking linearly through the differing dimensions high to low', () => {
    for (const n of [3, 5, 7]) {
      const c = parseTopology(`ccc:${n}`);
      const r = buildRouting(c, 'hc', [2, 1]);
      fc.assert(
        fc.property(pair(c.numNodes), ([a, b]) => {
          const [i, x] = c.coords(a) as [number, number];
          const [j, y] = c.coords(b) as [number, number];
          const bits: number[] = [];
          for (let k = n - 1; k >= 0; k--) if (((x ^ y) >> k) & 1) bits.push(k);
          let pos = i;
          let len = bits.length;
          for (const k of [...bits, j]) {
            len += Math.abs(k - pos);
            pos = k;
          }
          assert.equal(tracePath(c, r, a, b).length, len);
        }),
        { numRuns: 300, seed: 5 },
      );
    }
  });

  it('Theorem 2: paths to and from dimension-ordered nodes are arc-disjoint (VC level)', () => {
    const dimOrder = (c: Topology, a: number, b: number) => {
      const [i, x] = c.coords(a) as [number, number];
      const [j, y] = c.coords(b) as [number, number];
      return x !== y ? x - y : i - j;
    };
    for (const n of [3, 4, 5, 6, 7]) {
      const c = parseTopology(`ccc:${n}`);
      const r = buildRouting(c, 'hc', [2, 1]);
      const N = c.numNodes;
      fc.assert(
        fc.property(
          fc.tuple(fc.nat(N - 1), fc.nat(N - 1), fc.nat(N - 1), fc.nat(N - 1)),
          ([k1, a, b, c4]) => {
            const [v, x, y] = [a, b, c4].sort((p, q) => dimOrder(c, p, q));
            if (dimOrder(c, v!, x!) === 0 || dimOrder(c, x!, y!) === 0) return;
            const used = new Set(
              tracePath(c, r, k1, v!).flatMap((h) => h.vcs.map((vc) => `${h.from}:${h.port}:${vc}`)),
            );
            for (const h of tracePath(c, r, x!, y!))
              for (const vc of h.vcs) assert.ok(!used.has(`${h.from}:${h.port}:${vc}`));
          },
        ),
        { numRuns: 400, seed: 11 },
      );
    }
  });
});

describe('table-driven routing', () => {
  it('a table computed from xy gives xy paths', () => {
    const t = parseTopology('mesh:6x5');
    const xy = buildRouting(t, 'xy', [2]);
    const tab = buildRouting(t, 'table', [2], { from: 'xy' });
    for (let a = 0; a < t.numNodes; a++)
      for (let b = 0; b < t.numNodes; b++)
        assert.deepEqual(
          tracePath(t, tab, a, b).map((h) => h.to),
          tracePath(t, xy, a, b).map((h) => h.to),
        );
  });

  it('a table file for another topology is refused with a clear message', async () => {
    const { writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const dir = tempDir('mcsim-');
    const f = join(dir, 'routes.json');
    writeFileSync(f, JSON.stringify({ format: 'mcsim-route-table', topology: 'mesh:4x4', ports: [] }));
    assert.throws(
      () => buildRouting(parseTopology('mesh:6x5'), 'table', [2], { file: f }),
      /is for mesh:4x4, the network is mesh:6x5/,
    );
  });
});

describe('every registered routing function (conformance)', () => {
  const SAMPLES = [
    'mesh:6x5',
    'mesh:3x7',
    'mesh:4x3x3',
    'torus:5x4',
    'torus:4x4x3',
    'kary:4tx3',
    'ccc:3',
    'ccc:4',
    'fattree:16',
    'fattree:64',
    'ibmesh:4x3',
  ];
  for (const def of ROUTINGS.filter((d) => d.wormsOf === undefined)) {
    it(`${def.name}: takes every pair to its destination on every sample network it fits, within N hops`, () => {
      const fits = SAMPLES.map(parseTopology).filter((t) => routingsFor(t).includes(def));
      assert.ok(fits.length > 0, `${def.name} fits none of ${SAMPLES.join(', ')}: add a network it fits`);
      for (const t of fits) {
        // Table routing is filled from another routing function; every other one needs no options.
        const options = def.name === 'table' ? { from: defaultRoutingName(t) } : {};
        const rf = buildRouting(
          t,
          def.name,
          t.channelClasses.map(() => 2),
          options,
        );
        // Routes run between switches: from the source's switch to the destination's.
        for (let a = 0; a < t.numNodes; a++)
          for (let b = 0; b < t.numNodes; b++) {
            const hops = tracePath(t, rf, a, b);
            assert.ok(hops.length <= t.numSwitches, `${t.spec} ${a}->${b}: ${hops.length} hops`);
            const end = hops.length
              ? t.neighbor(hops[hops.length - 1]!.from, hops[hops.length - 1]!.port)
              : t.nodeSwitch(a);
            assert.equal(end, t.nodeSwitch(b), `${def.name} on ${t.spec}: ${a} -> ${b} ends at ${end}`);
          }
      }
    });
  }

  it('a routing that follows one scheme’s worms is exercised by that scheme (engine-delivery test)', () => {
    for (const def of ROUTINGS.filter((d) => d.wormsOf !== undefined))
      assert.ok(
        PLANNERS.some((p) => p.name === def.wormsOf),
        `${def.name} follows "${def.wormsOf}", not a scheme`,
      );
  });

  it('the label routing of dual-path is minimal for unicasts on 2D meshes (every pair)', () => {
    for (const spec of ['mesh:16x16', 'mesh:7x3', 'mesh:4x9']) {
      const t = parseTopology(spec);
      const rf = buildRouting(t, 'hamiltonian', [2]);
      for (let a = 0; a < t.numNodes; a++)
        for (let b = 0; b < t.numNodes; b++) {
          const [ax, ay] = t.coords(a) as [number, number];
          const [bx, by] = t.coords(b) as [number, number];
          assert.equal(
            tracePath(t, rf, a, b).length,
            Math.abs(ax - bx) + Math.abs(ay - by),
            `${spec} ${a}->${b}`,
          );
        }
    }
  });
});

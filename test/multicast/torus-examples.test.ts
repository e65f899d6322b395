import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDeliveries, planView } from '../../src/multicast/inspect.js';
import { planMetrics } from '../../src/multicast/metrics.js';
import { destPrep } from '../../src/multicast/tasnem-tree.js';
import { nodes, parseTree, planOn, wormShape } from './torus-helpers.js';

/**
 * The worked examples of docs/algorithms/tasnem.md, "Examples" (TASNEM on 2D tori, 001), exact:
 * Example P (a destination set that reproduces every number of 001's case study, sec. 3.4),
 * Examples B, C, D (the down worm wrapping, odd n clamped, odd n wrapping), and the partition table
 * of Dest_Prep. The expected trees and numbers were worked out by hand and by an independent model
 * from our readings.
 */

interface TreeExample {
  name: string;
  spec: string;
  source: string;
  dests: string;
  w1: string;
  w2: string;
  trees: [string, string];
  edges: [number, number];
  hopLatency: number;
  traffic: number;
}

const EXAMPLES: TreeExample[] = [
  {
    name: 'Example P (T10x10 from (7,8): 001 case study numbers)',
    spec: 'torus:10x10',
    source: '7,8',
    dests:
      '(1,0) (4,0) (6,0) (8,0) (0,1) (3,1) (4,1) (0,2) (2,2) (5,2) (0,3) (2,3) (5,3) (6,3) (9,3) (4,4) (6,4) (8,4) (9,4) (0,5) (6,5) (7,5) (2,6) (8,6) (1,7) (6,7) (7,7) (9,7) (0,8) (1,8) (8,8) (0,9) (4,9) (6,9) (9,9)',
    w1: '(0,3) (4,4) (6,4) (8,4) (9,4) (0,5) (6,5) (7,5) (2,6) (8,6) (1,7) (6,7) (7,7) (9,7) (0,8) (1,8)',
    w2: '(1,0) (4,0) (6,0) (8,0) (0,1) (3,1) (4,1) (0,2) (2,2) (5,2) (2,3) (5,3) (6,3) (9,3) (8,8) (0,9) (4,9) (6,9) (9,9)',
    trees: [
      `
   (7,8) [fork]
       (6,8) [fork]
           (5,8) -> (4,8) -> (3,8) -> (2,8) -> (1,8)*6 [fork]
               (0,8)*7
               (1,7)*7
           (6,7)*2
       (7,7)*1 -> (8,7) [fork]
           (9,7)*3
           (8,6)*3 -> (7,6) [fork]
               (6,6) [fork]
                   (5,6) -> (4,6) -> (3,6) -> (2,6)*9 -> (1,6) -> (0,6) -> (0,5)*12
                   (6,5)*6
               (7,5)*5 -> (8,5) [fork]
                   (9,5) -> (9,4)*8
                   (8,4)*7 -> (7,4) -> (6,4)*9 -> (5,4) -> (4,4)*11 -> (3,4) -> (2,4) -> (1,4) -> (0,4) -> (0,3)*16`,
      `
   (7,8) -> (8,8)*1 -> (9,8) -> (9,9)*3 -> (8,9) [fork]
       (7,9) -> (6,9)*6 [fork]
           (5,9) -> (4,9)*8 [fork]
               (3,9) -> (2,9) -> (1,9) [fork]
                   (0,9)*12
                   (1,0)*12
               (4,0)*9
           (6,0)*7
       (8,0)*5 -> (8,1) -> (7,1) -> (6,1) -> (5,1) [fork]
           (4,1)*10 -> (3,1)*11 -> (2,1) [fork]
               (1,1) -> (0,1)*14 -> (0,2)*15
               (2,2)*13
           (5,2)*10 [fork]
               (6,2) [fork]
                   (7,2) -> (8,2) -> (9,2) -> (9,3)*15
                   (6,3)*12
               (5,3)*11 -> (4,3) -> (3,3) -> (2,3)*14`,
    ],
    edges: [37, 38],
    hopLatency: 16,
    traffic: 75,
  },
  {
    name: 'Example B (T8x8 from (2,1): the down worm wraps through row 0)',
    spec: 'torus:8x8',
    source: '2,1',
    dests: '(1,0) (5,0) (0,1) (5,1) (3,2) (6,2) (1,3) (7,4) (2,5) (4,5) (0,6) (2,6) (3,7) (6,7)',
    w1: '(0,1) (3,2) (6,2) (1,3) (7,4)',
    w2: '(1,0) (5,0) (5,1) (2,5) (4,5) (0,6) (2,6) (3,7) (6,7)',
    trees: [
      `
   (2,1) -> (1,1) -> (0,1)*2 -> (0,2) -> (1,2) [fork]
       (2,2) -> (3,2)*6 -> (4,2) -> (5,2) -> (6,2)*9
       (1,3)*5 -> (1,4) -> (2,4) -> (3,4) -> (4,4) -> (5,4) -> (6,4) -> (7,4)*12`,
      `
   (2,1) -> (3,1) -> (4,1) -> (5,1)*3 -> (5,0)*4 -> (4,0) -> (3,0) [fork]
       (2,0) -> (1,0)*8
       (3,7)*7 -> (4,7) -> (5,7) -> (6,7)*10 -> (6,6) -> (5,6) -> (4,6) [fork]
           (3,6) -> (2,6)*15 [fork]
               (1,6) -> (0,6)*17
               (2,5)*16
           (4,5)*14`,
    ],
    edges: [17, 21],
    hopLatency: 17,
    traffic: 38,
  },
  {
    name: 'Example C (T5x5 from (1,2): odd n, clamped lower bound)',
    spec: 'torus:5x5',
    source: '1,2',
    dests: '(0,0) (2,0) (4,1) (0,2) (3,2) (0,3) (3,3) (1,4) (4,4)',
    w1: '(0,0) (2,0) (4,1) (0,2)',
    w2: '(3,2) (0,3) (3,3) (1,4) (4,4)',
    trees: [
      `
   (1,2) -> (0,2)*1 -> (0,1) [fork]
       (1,1) -> (2,1) [fork]
           (3,1) -> (4,1)*6
           (2,0)*5
       (0,0)*3`,
      `
   (1,2) -> (2,2) -> (3,2)*2 -> (3,3)*3 -> (2,3) -> (1,3) [fork]
       (0,3)*6
       (1,4)*6 -> (2,4) -> (3,4) -> (4,4)*9`,
    ],
    edges: [8, 10],
    hopLatency: 9,
    traffic: 18,
  },
  {
    name: 'Example D (T7x7 from (4,5): odd n, worm 2 wraps and its row direction flips)',
    spec: 'torus:7x7',
    source: '4,5',
    dests: '(3,0) (6,0) (0,1) (3,1) (4,1) (2,2) (5,3) (1,4) (6,4) (0,5) (2,5) (6,5) (1,6) (5,6)',
    w1: '(0,1) (2,2) (5,3) (1,4) (6,4) (6,5)',
    w2: '(3,0) (6,0) (3,1) (4,1) (0,5) (2,5) (1,6) (5,6)',
    trees: [
      `
   (4,5) -> (5,5) -> (6,5)*2 -> (6,4)*3 -> (5,4) [fork]
       (4,4) -> (3,4) -> (2,4) -> (1,4)*8
       (5,3)*5 -> (5,2) -> (4,2) -> (3,2) -> (2,2)*9 -> (1,2) -> (0,2) -> (0,1)*12`,
      `
   (4,5) -> (3,5) -> (2,5)*2 -> (1,5) [fork]
       (0,5)*4
       (1,6)*4 -> (2,6) -> (3,6) [fork]
           (4,6) -> (5,6)*8 -> (6,6) -> (6,0)*10
           (3,0)*7 -> (3,1)*8 -> (4,1)*9`,
    ],
    edges: [16, 14],
    hopLatency: 12,
    traffic: 30,
  },
];

describe('TASNEM worked examples (docs/algorithms/tasnem.md, "Examples")', () => {
  for (const ex of EXAMPLES) {
    it(ex.name, () => {
      const { topo, plan, rfFor } = planOn(ex.spec, 'tasnem', ex.source, nodes(ex.dests));
      assert.equal(checkDeliveries(plan), undefined);
      assert.equal(plan.worms.length, 2);
      for (const [i, want] of [ex.w1, ex.w2].entries()) {
        const got = wormShape(topo, rfFor, plan, i);
        const tree = parseTree(ex.trees[i]!);
        assert.deepEqual(got.edges, tree.edges, `worm ${i + 1} edges`);
        assert.equal(got.edges.length, ex.edges[i]);
        assert.deepEqual(
          new Map([...got.depths].sort()),
          new Map([...tree.depths].sort()),
          `worm ${i + 1} depths`,
        );
        assert.deepEqual([...got.depths.keys()].sort(), nodes(want).sort(), `worm ${i + 1} destination set`);
      }
      const m = planMetrics(plan, topo, rfFor);
      assert.deepEqual(m, { hopLatency: ex.hopLatency, traffic: ex.traffic, phases: 1, worms: 2 });
      const view = planView(plan, topo, rfFor);
      assert.equal(view.hopLatency, ex.hopLatency);
      assert.equal(view.traffic, ex.traffic);
      assert.ok(view.worms.every((w) => w.tree !== undefined));
    });
  }
});

/** Regions of Dest_Prep's worm 1 as [x from, x to, y] runs, and the table's counts (sec. 2.7). */
const PARTITIONS: Array<{
  spec: string;
  source: string;
  dx: number;
  dy: number;
  w1: Array<[number, number, number]>;
  sizes: [number, number];
}> = [
  {
    spec: 'torus:10x10',
    source: '7,8',
    dx: -1,
    dy: -1,
    w1: [
      [0, 0, 3],
      [0, 9, 4],
      [0, 9, 5],
      [0, 9, 6],
      [0, 9, 7],
      [0, 6, 8],
    ],
    sizes: [48, 51],
  },
  {
    spec: 'torus:10x10',
    source: '3,2',
    dx: 1,
    dy: 1,
    w1: [
      [4, 9, 2],
      [0, 9, 3],
      [0, 9, 4],
      [0, 9, 5],
      [0, 9, 6],
      [9, 9, 7],
    ],
    sizes: [47, 52],
  },
  {
    spec: 'torus:8x8',
    source: '2,1',
    dx: -1,
    dy: 1,
    w1: [
      [0, 1, 1],
      [0, 7, 2],
      [0, 7, 3],
      [0, 7, 4],
      [7, 7, 5],
    ],
    sizes: [27, 36],
  },
  {
    spec: 'torus:7x7',
    source: '4,5',
    dx: 1,
    dy: -1,
    w1: [
      [0, 0, 1],
      [0, 6, 2],
      [0, 6, 3],
      [0, 6, 4],
      [5, 6, 5],
    ],
    sizes: [24, 24],
  },
  {
    spec: 'torus:5x5',
    source: '1,2',
    dx: -1,
    dy: -1,
    w1: [
      [0, 4, 0],
      [0, 4, 1],
      [0, 0, 2],
    ],
    sizes: [11, 13],
  },
  {
    spec: 'torus:5x5',
    source: '2,3',
    dx: 1,
    dy: -1,
    w1: [
      [0, 4, 0],
      [0, 4, 1],
      [0, 4, 2],
      [3, 4, 3],
    ],
    sizes: [17, 7],
  },
  {
    spec: 'torus:6x4',
    source: '5,1',
    dx: -1,
    dy: 1,
    w1: [
      [0, 4, 1],
      [0, 5, 2],
      [5, 5, 3],
    ],
    sizes: [12, 11],
  },
];

describe('TASNEM Dest_Prep partition table (docs/algorithms/tasnem.md, "Examples")', () => {
  for (const p of PARTITIONS) {
    it(`${p.spec} from (${p.source}): worm 1 (${p.dx}, ${p.dy}) takes ${p.sizes[0]} nodes`, () => {
      const { topo } = planOn(p.spec, 'tasnem', p.source, ['0,0' === p.source ? '1,0' : '0,0']);
      const [m, n] = topo.dims as [number, number];
      const s = topo.parseNode(p.source);
      const all = Array.from({ length: m * n }, (_, i) => i).filter((i) => i !== s);
      const [w1, w2] = destPrep(m, n, s, all);
      const want = p.w1.flatMap(([a, b, y]) => Array.from({ length: b - a + 1 }, (_, i) => a + i + m * y));
      assert.deepEqual(
        [...w1.dests].sort((a, b) => a - b),
        want.sort((a, b) => a - b),
      );
      assert.deepEqual([w1.dests.length, w2.dests.length], p.sizes);
      assert.deepEqual([w1.dx, w1.dy, w2.dx, w2.dy], [p.dx, p.dy, -p.dx, -p.dy]);
    });
  }
});

/** `node@hops` lists (node and chained hop depth) for the baselines on Example P. */
function atList(text: string): Map<string, number> {
  return new Map([...text.matchAll(/\((\d+),(\d+)\)@(\d+)/g)].map((m) => [`${m[1]},${m[2]}`, Number(m[3])]));
}

describe('baselines on Example P (001 sec. 3.4 case study numbers)', () => {
  const P = nodes(EXAMPLES[0]!.dests);
  it('T2W: HMP (7,8) -> (6,8), latency 18, traffic 82, chained depths of every destination', () => {
    const { topo, plan, rfFor } = planOn('torus:10x10', 't2w', '7,8', P);
    assert.equal(checkDeliveries(plan), undefined);
    const depths = new Map<string, number>();
    const m = planMetrics(plan, topo, rfFor, (n, h) => depths.set(topo.formatNode(n), h));
    assert.deepEqual(m, { hopLatency: 18, traffic: 82, phases: 2, worms: 11 });
    const hmp = plan.worms[0]!;
    assert.equal(topo.formatNode(hmp.stops[hmp.stops.length - 1]!.node), '6,8');
    const want = atList(
      '(8,8)@1 (0,8)@3 (1,8)@4 (7,5)@7 (7,7)@9 (8,0)@3 (8,4)@7 (8,6)@9 (9,9)@3 (9,3)@7 (9,4)@8 (9,7)@11 (0,9)@4 (0,1)@6 (0,2)@7 (0,3)@8 (0,5)@10 (1,0)@6 (1,7)@13 (2,2)@9 (2,3)@10 (2,6)@13 (3,1)@9 (4,9)@8 (4,0)@9 (4,1)@10 (4,4)@13 (5,2)@12 (5,3)@13 (6,9)@10 (6,0)@11 (6,3)@14 (6,4)@15 (6,5)@16 (6,7)@18',
    );
    assert.deepEqual(new Map([...depths].sort()), new Map([...want].sort()));
  });

  const worms = (algo: string) => {
    const { topo, plan, rfFor } = planOn('torus:10x10', algo, '7,8', P);
    assert.equal(checkDeliveries(plan), undefined);
    return plan.worms.map((_, i) => {
      const s = wormShape(topo, rfFor, plan, i);
      return { hops: s.edges.length, depths: s.depths, order: [...s.depths.keys()] };
    });
  };

  it('Uniform: high worm 45 channels, low worm 50, latency 50, traffic 95', () => {
    const got = worms('uniform');
    const want = [
      '(8,8)@1 (9,9)@3 (6,9)@6 (4,9)@8 (0,9)@12 (1,0)@14 (4,0)@17 (6,0)@19 (8,0)@21 (4,1)@26 (3,1)@27 (0,1)@30 (0,2)@31 (2,2)@33 (5,2)@36 (9,3)@41 (6,3)@44 (5,3)@45',
      '(1,8)@6 (0,8)@7 (1,7)@9 (6,7)@14 (7,7)@15 (9,7)@17 (8,6)@19 (2,6)@25 (0,5)@28 (6,5)@34 (7,5)@35 (9,4)@38 (8,4)@39 (6,4)@41 (4,4)@43 (0,3)@48 (2,3)@50',
    ].map(atList);
    assert.deepEqual(
      got.map((g) => g.hops),
      [45, 50],
    );
    got.forEach((g, i) => {
      assert.deepEqual(g.order, [...want[i]!.keys()]);
      assert.deepEqual(g.depths, want[i]);
    });
  });

  it('multipath-HCM: worms of 9, 34, 36 and 11 channels, latency 36, traffic 90', () => {
    const got = worms('multipath-hcm');
    const want = [
      '(8,8)@1 (9,9)@3 (8,0)@5 (9,3)@9',
      '(6,9)@2 (4,9)@4 (0,9)@8 (1,0)@10 (4,0)@13 (6,0)@15 (4,1)@18 (3,1)@19 (0,1)@22 (0,2)@23 (2,2)@25 (5,2)@28 (6,3)@30 (5,3)@31 (2,3)@34',
      '(1,8)@6 (0,8)@7 (1,7)@9 (6,7)@14 (2,6)@19 (0,5)@22 (6,5)@28 (6,4)@29 (4,4)@31 (0,3)@36',
      '(7,7)@1 (9,7)@3 (8,6)@5 (7,5)@7 (9,4)@10 (8,4)@11',
    ].map(atList);
    assert.deepEqual(
      got.map((g) => g.hops),
      [9, 34, 36, 11],
    );
    got.forEach((g, i) => {
      assert.deepEqual(g.order, [...want[i]!.keys()]);
      assert.deepEqual(g.depths, want[i]);
    });
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkDeliveries, planView, traceWorm } from '../../src/multicast/inspect.js';
import { planMetrics } from '../../src/multicast/metrics.js';
import { allWorms } from '../../src/multicast/plan.js';
import { lcg, nodes, planOn, randomSet } from './torus-helpers.js';

/**
 * T2W ([20] of 001) in its two readings (docs/algorithms/t2w.md): 't2w' (source origin, every worm
 * +x then +y) and 't2w-shortest' (the HMP and each column path the shorter way round, + on a tie).
 * 001's case study (sec. 3.4), hand-traced small cases, and properties on random tori.
 */

/** Every worm as `phase routing path` and the dateline class of each hop (0 or 1). */
function worms(spec: string, algo: string, source: string, dests: string[]) {
  const { topo, plan, rfFor } = planOn(spec, algo, source, dests);
  assert.equal(checkDeliveries(plan), undefined);
  const view = planView(plan, topo, rfFor);
  const classes = allWorms(plan).map(({ worm }) =>
    traceWorm(topo, rfFor, worm)
      .hops.map((h) => (h.vcMask & 1 ? '0' : '1'))
      .join(''),
  );
  return {
    worms: view.worms.map((w) => `${w.phase} ${w.routing} ${w.path.join(' ')}`),
    services: view.worms.map((w) => w.destinations.map((d) => `${d.node}:${d.service}`).join(' ')),
    classes,
    depths: new Map(view.depths.map((d) => [d.node, d.hops])),
    hopLatency: view.hopLatency,
    traffic: view.traffic,
  };
}

/** `node@hops` lists, as in torus-examples.test.ts. */
function atList(text: string): Map<string, number> {
  return new Map([...text.matchAll(/\((\d+),(\d+)\)@(\d+)/g)].map((m) => [`${m[1]},${m[2]}`, Number(m[3])]));
}
const sorted = (m: Map<string, number>) => new Map([...m].sort());

/** Example P (docs/algorithms/tasnem.md, "Examples"): T2W gives 18 / 82 in the source-origin reading. */
const P = nodes(
  '(1,0) (4,0) (6,0) (8,0) (0,1) (3,1) (4,1) (0,2) (2,2) (5,2) (0,3) (2,3) (5,3) (6,3) (9,3) (4,4) (6,4) (8,4) (9,4) (0,5) (6,5) (7,5) (2,6) (8,6) (1,7) (6,7) (7,7) (9,7) (0,8) (1,8) (8,8) (0,9) (4,9) (6,9) (9,9)',
);
/** Found by search: every number of 001's case study with T2W in the shortest reading. */
const S = nodes(
  '(0,0) (1,0) (4,0) (5,0) (3,1) (4,1) (6,1) (7,1) (9,1) (0,2) (1,2) (5,2) (6,2) (0,3) (2,3) (5,3) (3,4) (4,4) (6,4) (8,4) (0,5) (1,5) (7,5) (9,5) (1,6) (2,6) (4,6) (9,6) (3,7) (6,7) (7,7) (8,7) (0,8) (9,8) (0,9) (4,9) (6,9) (8,9) (9,9)',
);
/** Found by search: every number of 001's case study with T2W in both readings at once. */
const Q = nodes(
  '(0,0) (1,0) (4,0) (5,0) (6,0) (7,0) (1,1) (6,1) (7,1) (8,1) (0,2) (1,2) (2,2) (5,2) (6,2) (0,3) (2,3) (3,3) (5,3) (4,4) (5,4) (6,4) (8,4) (9,4) (0,5) (1,5) (4,5) (7,5) (7,6) (2,7) (6,7) (9,7) (0,8) (4,8) (5,8) (9,8) (0,9) (2,9) (3,9) (5,9) (6,9) (9,9)',
);

/** The numbers 001 sec. 3.4 gives for its case study on T10x10 from (7,8), per scheme. */
function caseStudy(dests: string[], t2wAlgo: string): void {
  const T = worms('torus:10x10', t2wAlgo, '7,8', dests);
  assert.deepEqual([T.hopLatency, T.traffic], [18, 82], `${t2wAlgo}: latency 18, traffic 82`);
  assert.match(T.worms[0]!, / 6,8$/, 'the horizontal main path ends at (6,8)');
  const per = (algo: string) => {
    const { topo, plan, rfFor } = planOn('torus:10x10', algo, '7,8', dests);
    return plan.worms.map((w) => {
      const m = planMetrics({ ...plan, worms: [w] }, topo, rfFor);
      return [m.traffic, m.hopLatency];
    });
  };
  assert.deepEqual(per('tasnem'), [
    [37, 16],
    [38, 15],
  ]);
  assert.deepEqual(
    per('multipath-hcm').map(([t]) => t),
    [9, 34, 36, 11],
  );
}

describe("T2W's two readings on 001's case study (T10x10 from (7,8), sec. 3.4)", () => {
  it('Example P, shortest reading: HMP (7,8) -> (6,8) by +x (a 9-9 tie), latency 18, traffic 73', () => {
    const got = worms('torus:10x10', 't2w-shortest', '7,8', P);
    assert.equal(got.worms[0], '1 xy-plus 7,8 8,8 9,8 0,8 1,8 2,8 3,8 4,8 5,8 6,8');
    assert.deepEqual([got.hopLatency, got.traffic], [18, 73]);
    // Three columns go -y: the source's (7), 1 and 2; every other column as in the source-origin reading.
    assert.deepEqual(
      got.worms.filter((w) => w.includes('xy-minus')),
      [
        '1 xy-minus 7,8 7,7 7,6 7,5',
        '2 xy-minus 1,8 1,7 1,6 1,5 1,4 1,3 1,2 1,1 1,0',
        '2 xy-minus 2,8 2,7 2,6 2,5 2,4 2,3 2,2',
      ],
    );
    const want = atList(
      '(8,8)@1 (0,8)@3 (1,8)@4 (7,7)@1 (7,5)@3 (8,0)@3 (8,4)@7 (8,6)@9 (9,9)@3 (9,3)@7 (9,4)@8 (9,7)@11 (0,9)@4 (0,1)@6 (0,2)@7 (0,3)@8 (0,5)@10 (1,7)@5 (1,0)@12 (2,6)@7 (2,3)@10 (2,2)@11 (3,1)@9 (4,9)@8 (4,0)@9 (4,1)@10 (4,4)@13 (5,2)@12 (5,3)@13 (6,9)@10 (6,0)@11 (6,3)@14 (6,4)@15 (6,5)@16 (6,7)@18',
    );
    assert.deepEqual(sorted(got.depths), sorted(want));
  });

  it('Example S: the shortest reading gives every number of the case study (the source-origin one 18 / 89)', () => {
    caseStudy(S, 't2w-shortest');
    const o = worms('torus:10x10', 't2w', '7,8', S);
    assert.deepEqual([o.hopLatency, o.traffic], [18, 89]);
    const s = worms('torus:10x10', 't2w-shortest', '7,8', S);
    assert.equal(s.worms.filter((w) => w.includes('xy-minus')).length, 3);
  });

  it('Example Q: both readings give every number of the case study on one set', () => {
    caseStudy(Q, 't2w');
    caseStudy(Q, 't2w-shortest');
  });
});

describe('T2W shortest reading: hand-traced cases', () => {
  it('T8x8 from (1,1): HMP -x through the wraparound, a column -y through it, the source column + on a 5-5 tie', () => {
    const got = worms('torus:8x8', 't2w-shortest', '1,1', ['7,1', '6,3', '6,0', '1,4', '1,6']);
    assert.deepEqual(got.worms, [
      '1 xy-minus 1,1 0,1 7,1 6,1',
      '1 xy-plus 1,1 1,2 1,3 1,4 1,5 1,6',
      '2 xy-minus 6,1 6,0 6,7 6,6 6,5 6,4 6,3',
    ]);
    assert.deepEqual(got.services, ['7,1:PAF 6,1:TAR', '1,4:PAF 1,6:ABS', '6,0:PAF 6,3:ABS']);
    // Dateline class 1 from the wraparound hop on: x 0 -> 7 and y 0 -> 7 going -.
    assert.deepEqual(got.classes, ['011', '00000', '011111']);
    assert.deepEqual(sorted(got.depths), sorted(atList('(7,1)@2 (6,0)@4 (6,3)@9 (1,4)@3 (1,6)@5')));
    assert.deepEqual([got.hopLatency, got.traffic], [9, 14]);
    const o = worms('torus:8x8', 't2w', '1,1', ['7,1', '6,3', '6,0', '1,4', '1,6']);
    assert.deepEqual([o.hopLatency, o.traffic], [12, 18]);
  });

  it('T9x5 from (4,2): destinations on both sides, HMP +x (6 hops against 7), one column -y, one +y', () => {
    const got = worms('torus:9x5', 't2w-shortest', '4,2', ['6,2', '1,2', '1,4', '8,0']);
    assert.deepEqual(got.worms, [
      '1 xy-plus 4,2 5,2 6,2 7,2 8,2 0,2 1,2',
      '2 xy-minus 8,2 8,1 8,0',
      '2 xy-plus 1,2 1,3 1,4',
    ]);
    assert.deepEqual(got.services, ['6,2:PAF 8,2:TAFR 1,2:PAR', '8,0:ABS', '1,4:ABS']);
    assert.deepEqual(got.classes, ['000011', '00', '00']);
    assert.deepEqual(sorted(got.depths), sorted(atList('(6,2)@2 (8,0)@6 (1,2)@6 (1,4)@8')));
    assert.deepEqual([got.hopLatency, got.traffic], [8, 10]);
  });

  it('T6x6 from (2,2): HMP -x (3 hops against 4) ending at a column head; a column at exactly half goes +y', () => {
    const got = worms('torus:6x6', 't2w-shortest', '2,2', ['5,2', '5,5', '0,2']);
    assert.deepEqual(got.worms, ['1 xy-minus 2,2 1,2 0,2 5,2', '2 xy-plus 5,2 5,3 5,4 5,5']);
    assert.deepEqual(got.services, ['0,2:PAF 5,2:PAR', '5,5:ABS']);
    assert.deepEqual(got.classes, ['001', '000']);
    assert.deepEqual([got.hopLatency, got.traffic], [6, 6]);
  });

  it('T10x10 from (0,0): the HMP takes the shorter way (8 hops against 9) even where that lengthens the latency', () => {
    const dests = ['2,1', '2,9', '9,0'];
    const got = worms('torus:10x10', 't2w-shortest', '0,0', dests);
    assert.deepEqual(got.worms, [
      '1 xy-minus 0,0 9,0 8,0 7,0 6,0 5,0 4,0 3,0 2,0',
      '2 xy-plus 2,0 2,1 2,2 2,3 2,4 2,5 2,6 2,7 2,8 2,9',
    ]);
    assert.deepEqual([got.hopLatency, got.traffic], [17, 17]);
    const o = worms('torus:10x10', 't2w', '0,0', dests);
    assert.deepEqual([o.hopLatency, o.traffic], [11, 18]);
  });

  it('T6x6 from (2,2): exactly half the ring both ways, the HMP and the column take +', () => {
    const got = worms('torus:6x6', 't2w-shortest', '2,2', ['5,2', '5,5']);
    assert.deepEqual(got.worms, ['1 xy-plus 2,2 3,2 4,2 5,2', '2 xy-plus 5,2 5,3 5,4 5,5']);
    assert.deepEqual([got.hopLatency, got.traffic], [6, 6]);
  });
});

const caseArb = fc
  .record({
    m: fc.integer({ min: 3, max: 16 }),
    n: fc.integer({ min: 3, max: 16 }),
    seed: fc.nat(),
    frac: fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 1)),
  })
  .map(({ m, n, seed, frac }) => {
    const N = m * n;
    return { m, n, spec: `torus:${m}x${n}`, ...randomSet(N, lcg(seed), 1 + Math.round(frac * (N - 2))) };
  });

describe('T2W shortest reading: properties on random tori', () => {
  it('HMP and columns one-directional, the shorter way (ties +); closed-form latency and traffic; no more traffic than the source-origin reading', () => {
    fc.assert(
      fc.property(caseArb, ({ m, n, spec, source, dests }) => {
        const { topo, plan, rfFor } = planOn(spec, 't2w-shortest', source, dests);
        assert.equal(checkDeliveries(plan), undefined);
        const xs = source % m;
        const ys = Math.floor(source / m);
        const cx = (d: number) => ((d % m) - xs + m) % m;
        const ry = (d: number) => (Math.floor(d / m) - ys + n) % n;
        // The HMP: + to the largest column offset, or - to the smallest; + unless - is shorter.
        const cols = dests.map(cx).filter((c) => c > 0);
        const plus = cols.length === 0 || Math.max(...cols) <= m - Math.min(...cols);
        const X = cols.length === 0 ? 0 : plus ? Math.max(...cols) : m - Math.min(...cols);
        const along = (c: number) => (c === 0 ? 0 : plus ? c : m - c);
        // Each column: + to its largest row offset, or - to its smallest.
        const rows = new Map<number, number[]>();
        for (const d of dests) if (ry(d) > 0) rows.set(cx(d), [...(rows.get(cx(d)) ?? []), ry(d)]);
        const up = (c: number) => Math.max(...rows.get(c)!) <= n - Math.min(...rows.get(c)!);
        const climb = (c: number) => (up(c) ? Math.max(...rows.get(c)!) : n - Math.min(...rows.get(c)!));
        const depth = (d: number) => along(cx(d)) + (ry(d) === 0 ? 0 : up(cx(d)) ? ry(d) : n - ry(d));
        for (const { worm, phase } of allWorms(plan)) {
          const hops = traceWorm(topo, rfFor, worm).hops;
          const column = worm.stops.every((s) => s.node % m === worm.source % m);
          if (phase === 1) assert.equal(worm.source, source);
          else assert.equal(Math.floor(worm.source / m), ys, 'phase-2 worms start on the source row');
          const port = column ? (up(cx(worm.stops[0]!.node)) ? 2 : 3) : plus ? 0 : 1;
          assert.equal(worm.routing, port % 2 === 0 ? 'xy-plus' : 'xy-minus');
          for (const h of hops) assert.equal(h.port, port, `${column ? 'column' : 'HMP'} hops all one way`);
          assert.equal(hops.length, column ? climb(cx(worm.stops[0]!.node)) : X);
          // Dateline classes: 0 then 1, switching at most once (each worm wraps at most once).
          assert.match(hops.map((h) => (h.vcMask & 1 ? '0' : '1')).join(''), /^0*1*$/);
        }
        const met = planMetrics(plan, topo, rfFor);
        assert.equal(met.hopLatency, Math.max(...dests.map(depth)));
        assert.equal(met.traffic, X + [...rows.keys()].reduce((a, c) => a + climb(c), 0));
        assert.ok(met.phases <= 2);
        assert.ok(met.hopLatency <= m - 1 + (n - 1));
        const o = planOn(spec, 't2w', source, dests);
        assert.ok(met.traffic <= planMetrics(o.plan, o.topo, o.rfFor).traffic);
      }),
      { numRuns: 300, seed: 23 },
    );
  });

  it('where every worm takes +, the plan is the source-origin plan, worm for worm', () => {
    let same = 0;
    fc.assert(
      fc.property(caseArb, ({ spec, source, dests }) => {
        const s = planOn(spec, 't2w-shortest', source, dests).plan;
        if (allWorms(s).some(({ worm }) => worm.routing !== 'xy-plus')) return;
        same++;
        assert.deepEqual(s.worms, planOn(spec, 't2w', source, dests).plan.worms);
      }),
      { numRuns: 300, seed: 29 },
    );
    assert.ok(same > 10, `only ${same} all-+ cases`);
  });
});

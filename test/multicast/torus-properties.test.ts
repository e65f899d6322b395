import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkDeliveries, traceWorm, wormStops } from '../../src/multicast/inspect.js';
import { planMetrics } from '../../src/multicast/metrics.js';
import { allWorms } from '../../src/multicast/plan.js';
import { destPrep } from '../../src/multicast/tasnem-tree.js';
import { lcg, planOn, randomSet } from './torus-helpers.js';

/**
 * Properties of the torus schemes of 001 on many random tori (3..16 nodes in each dimension, odd
 * and even), random sources and destination sets from one node to a broadcast: the properties of
 * docs/algorithms/tasnem.md, "Readings" and "Deadlock", and of the baselines' pages.
 */
const caseArb = fc
  .record({
    m: fc.integer({ min: 3, max: 16 }),
    n: fc.integer({ min: 3, max: 16 }),
    seed: fc.nat(),
    frac: fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 1)),
  })
  .map(({ m, n, seed, frac }) => {
    const N = m * n;
    const rnd = lcg(seed);
    const size = 1 + Math.round(frac * (N - 2));
    return { m, n, spec: `torus:${m}x${n}`, ...randomSet(N, rnd, size) };
  });

/** Mess_Forward as docs/algorithms/tasnem.md states it, on sets: the reference for the planner. */
function referenceTasnem(m: number, n: number, s: number, dests: number[]): string[][] {
  const out: string[][] = [];
  for (const w of destPrep(m, n, s, dests)) {
    if (w.dests.length === 0) continue;
    const edges: string[] = [];
    let budget = m * n;
    const visit = (c: number, D: Set<number>, dx: number, dy: number) => {
      if (--budget < 0) throw new Error('reference Mess_Forward does not terminate');
      D.delete(c);
      if (D.size === 0) return;
      const xc = c % m;
      const yc = Math.floor(c / m);
      const yv = (yc + dy + n) % n;
      const v = xc + m * yv;
      const D1 = new Set<number>();
      const D2 = new Set<number>();
      for (const d of D) {
        const yd = Math.floor(d / m);
        ((yd === yc || yd === yv) && ((d % m) - xc) * dx > 0 ? D1 : D2).add(d);
      }
      const h = xc + dx + m * yc;
      if (D1.size === 0) {
        edges.push(`${c}>${v}`);
        visit(v, D, -dx, dy);
      } else if (!D.has(v)) {
        edges.push(`${c}>${h}`);
        visit(h, D, dx, dy);
      } else {
        edges.push(`${c}>${h}`);
        visit(h, D1, dx, dy);
        edges.push(`${c}>${v}`);
        visit(v, D2, -dx, dy);
      }
    };
    visit(s, new Set(w.dests), w.dx, w.dy);
    out.push(edges);
  }
  return out;
}

describe('torus schemes of 001: every destination delivered exactly once', () => {
  for (const algo of ['tasnem', 't2w', 't2w-shortest', 'uniform', 'multipath-hcm']) {
    it(`${algo}: deliveries, chained depths and traffic bounds`, () => {
      fc.assert(
        fc.property(caseArb, ({ spec, source, dests }) => {
          const { topo, plan, rfFor } = planOn(spec, algo, source, dests);
          assert.equal(checkDeliveries(plan), undefined);
          const depth = new Map<number, number>();
          const met = planMetrics(plan, topo, rfFor, (nd, h) => depth.set(nd, h));
          assert.equal(depth.size, dests.length);
          assert.equal(met.hopLatency, Math.max(...depth.values()));
          assert.ok(met.traffic >= dests.length, 'every destination needs a channel of its own');
          const worms = allWorms(plan);
          if (algo.startsWith('t2w')) {
            assert.ok(met.phases <= 2);
            const [m, n] = topo.dims as [number, number];
            assert.ok(met.hopLatency <= m - 1 + (n - 1));
          } else {
            assert.ok(worms.every((w) => w.phase === 1));
            assert.ok(plan.worms.length <= (algo === 'multipath-hcm' ? 4 : 2));
            for (const { worm } of worms) for (const s of wormStops(worm)) assert.ok(!s.retransmit);
          }
        }),
        { numRuns: 150, seed: 7 },
      );
    });
  }
});

describe('TASNEM properties (001 sec. 3, docs/algorithms/tasnem.md)', () => {
  it('matches the set-based Mess_Forward hop for hop; at most 2 worms, one phase, no horizontal wraparound', () => {
    fc.assert(
      fc.property(caseArb, ({ m, n, spec, source, dests }) => {
        const { topo, plan, rfFor } = planOn(spec, 'tasnem', source, dests);
        const ref = referenceTasnem(m, n, source, dests);
        assert.equal(plan.worms.length, ref.length);
        const used: Array<Set<string>> = [];
        plan.worms.forEach((w, i) => {
          const t = traceWorm(topo, rfFor, w);
          assert.deepEqual(
            t.hops.map((h) => `${h.from}>${h.to}`),
            ref[i],
          );
          const ch = new Set<string>();
          const entered = new Set<number>();
          for (const h of t.hops) {
            const xf = h.from % m;
            const xt = h.to % m;
            // Horizontal wraparound: a hop between column 0 and column m-1.
            assert.ok(!(Math.abs(xf - xt) === m - 1), `horizontal wraparound ${h.from}>${h.to}`);
            assert.ok(!entered.has(h.to), 'a node entered twice by one worm');
            entered.add(h.to);
            ch.add(`${h.from}:${h.port}`);
          }
          assert.equal(ch.size, t.hops.length);
          used.push(ch);
        });
        if (used.length === 2) for (const c of used[0]!) assert.ok(!used[1]!.has(c), `both worms use ${c}`);
        const met = planMetrics(plan, topo, rfFor);
        const N = m * n;
        assert.ok(met.traffic <= N - 1 + (n % 2), `traffic ${met.traffic} > N - 1 (+1 for odd n)`);
        if (dests.length === N - 1 && n % 2 === 0) assert.equal(met.traffic, N - 1);
      }),
      { numRuns: 300, seed: 11 },
    );
  });

  it('does not depend on the order of the destinations', () => {
    fc.assert(
      fc.property(caseArb, ({ spec, source, dests }) => {
        const a = planOn(spec, 'tasnem', source, dests).plan.worms;
        const b = planOn(spec, 'tasnem', source, [...dests].reverse()).plan.worms;
        assert.deepEqual(a, b);
      }),
      { numRuns: 60, seed: 5 },
    );
  });
});

/**
 * Channel dependency graph of many multicasts of one scheme on one torus: a vertex per (channel,
 * VC class), an edge from each hop to each hop that follows it in the same worm. Acyclic means
 * path worms cannot deadlock on network channels (Dally & Seitz), whatever mix is in flight; for
 * tree worms it covers the parent -> child dependencies only, which are all there are when a
 * fork's buffer holds the whole worm. With shorter buffers a branch also waits for its siblings,
 * and concurrent TASNEM worms do deadlock (torus-engine.test.ts, docs/algorithms/tasnem.md).
 * Consumption channels are outside this check (001 does not address them).
 */
function dependencyGraph(algo: string, spec: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const rnd = lcg(spec.length * 31 + algo.length);
  for (let i = 0; i < 300; i++) {
    const [m, n] = spec.slice(6).split('x').map(Number) as [number, number];
    const { source, dests } = randomSet(m * n, rnd, 1 + rnd(m * n - 1));
    const { topo, plan, rfFor } = planOn(spec, algo, source, dests);
    for (const { worm } of allWorms(plan)) {
      const hops = traceWorm(topo, rfFor, worm).hops;
      const into = new Map<number, string>();
      for (const h of hops) {
        const cls = h.vcMask & 1 ? 0 : 1;
        const v = `${h.from}:${h.port}:${cls}`;
        if (!out.has(v)) out.set(v, new Set());
        const before = into.get(h.from);
        if (before) out.get(before)!.add(v);
        into.set(h.to, v);
      }
    }
  }
  return out;
}

function hasCycle(out: Map<string, Set<string>>): boolean {
  // Kahn's algorithm: every vertex removed means no cycle.
  const indeg = new Map<string, number>([...out.keys()].map((k) => [k, 0]));
  for (const s of out.values()) for (const t of s) indeg.set(t, (indeg.get(t) ?? 0) + 1);
  const queue = [...indeg].filter(([, d]) => d === 0).map(([k]) => k);
  let removed = 0;
  while (queue.length) {
    const v = queue.pop()!;
    removed++;
    for (const t of out.get(v) ?? []) {
      const d = indeg.get(t)! - 1;
      indeg.set(t, d);
      if (d === 0) queue.push(t);
    }
  }
  return removed !== indeg.size;
}

describe('channel dependency graphs of the torus schemes are acyclic', () => {
  for (const algo of ['tasnem', 't2w', 't2w-shortest', 'uniform', 'multipath-hcm'])
    for (const spec of ['torus:6x6', 'torus:7x7', 'torus:8x5', 'torus:5x8', 'torus:4x3', 'torus:9x6'])
      it(`${algo} on ${spec}, 300 random multicasts`, () => {
        assert.equal(
          hasCycle(dependencyGraph(algo, spec)),
          false,
          'the channel dependency graph has a cycle',
        );
      });
});

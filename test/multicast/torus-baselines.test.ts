import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { traceWorm, wormStops } from '../../src/multicast/inspect.js';
import { planMetrics } from '../../src/multicast/metrics.js';
import { allWorms } from '../../src/multicast/plan.js';
import { torusCyclePositions } from '../../src/routing/torus-cycle.js';
import { lcg, planOn, randomSet } from './torus-helpers.js';

/**
 * The baselines of 001 as reconstructed (docs/algorithms/t2w.md, uniform.md, multipath-hcm.md), and
 * the per-hop rules of TASNEM's worms (tasnem.md: directions, tree shape, VC classes), on random tori
 * of 3..16 x 3..16.
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
    return { m, n, spec: `torus:${m}x${n}`, ...randomSet(N, lcg(seed), 1 + Math.round(frac * (N - 2))) };
  });

describe('Hamiltonian cycle of the torus', () => {
  it('visits every node once and every step (closing one included) is a torus channel', () => {
    for (let m = 3; m <= 9; m++)
      for (let n = 3; n <= 9; n++) {
        const P = torusCyclePositions(m, n);
        const at = new Int32Array(m * n).fill(-1);
        P.forEach((p, id) => {
          at[p] = id;
        });
        assert.ok(
          at.every((id) => id >= 0),
          `T${m}x${n}: not a permutation`,
        );
        for (let p = 0; p < m * n; p++) {
          const a = at[p]!;
          const b = at[(p + 1) % (m * n)]!;
          const dx = Math.abs((a % m) - (b % m));
          const dy = Math.abs(Math.floor(a / m) - Math.floor(b / m));
          const step = (dx === 0 && (dy === 1 || dy === n - 1)) || (dy === 0 && (dx === 1 || dx === m - 1));
          assert.ok(step, `T${m}x${n}: positions ${p} and ${p + 1} are not neighbours`);
        }
      }
  });
});

describe('T2W (reconstruction of [20] of 001)', () => {
  it('+x main path, +y columns from main-path nodes, closed-form hop latency and traffic', () => {
    fc.assert(
      fc.property(caseArb, ({ m, n, spec, source, dests }) => {
        const { topo, plan, rfFor } = planOn(spec, 't2w', source, dests);
        const xs = source % m;
        const ys = Math.floor(source / m);
        const xp = (d: number) => ((d % m) - xs + m) % m;
        const yp = (d: number) => (((Math.floor(d / m) - ys) % n) + n) % n;
        for (const { worm, phase } of allWorms(plan)) {
          if (phase === 1) assert.equal(worm.source, source);
          else assert.equal(Math.floor(worm.source / m), ys, 'phase-2 worms start on the source row');
          const hops = traceWorm(topo, rfFor, worm).hops;
          const column = worm.stops.every((s) => s.node % m === worm.source % m);
          for (const h of hops)
            assert.equal(h.port, column ? 2 : 0, column ? 'column hops go +y' : 'HMP hops go +x');
        }
        const X = Math.max(...dests.map(xp));
        const colMax = new Map<number, number>();
        for (const d of dests) colMax.set(xp(d), Math.max(colMax.get(xp(d)) ?? 0, yp(d)));
        const met = planMetrics(plan, topo, rfFor);
        assert.equal(met.hopLatency, Math.max(...dests.map((d) => xp(d) + yp(d))));
        assert.equal(met.traffic, X + [...colMax.values()].reduce((a, b) => a + b, 0));
        assert.ok(met.phases <= 2);
      }),
      { numRuns: 200, seed: 21 },
    );
  });
});

describe('Uniform and multipath-HCM (reconstructions of [21], [22] of 001)', () => {
  it('split sizes and subsets as defined; every hop on an allowed channel, cycle offset rising, position 0 passed at most once, classes 0..0 1..1', () => {
    fc.assert(
      fc.property(
        caseArb,
        fc.constantFrom('uniform', 'multipath-hcm'),
        ({ m, n, spec, source, dests }, algo) => {
          const { topo, plan, rfFor } = planOn(spec, algo, source, dests);
          const N = m * n;
          const P = torusCyclePositions(m, n);
          const r = (d: number) => (P[d]! - P[source]! + N) % N;
          const k = dests.length;
          const sets = plan.worms.map((w) => wormStops(w).map((s) => s.node));
          const high = plan.worms.map((w) => w.routing === 'torus-hc-high');
          if (algo === 'uniform') {
            assert.deepEqual(
              sets.map((s) => s.length),
              [Math.ceil(k / 2), Math.floor(k / 2)].filter((x) => x > 0),
            );
          } else {
            const xs = source % m;
            const up = (d: number) => r(d) <= N - r(d);
            const want = [
              dests.filter((d) => up(d) && d % m >= xs),
              dests.filter((d) => up(d) && d % m < xs),
              dests.filter((d) => !up(d) && d % m < xs),
              dests.filter((d) => !up(d) && d % m >= xs),
            ].filter((g) => g.length > 0);
            assert.deepEqual(
              sets.map((s) => [...s].sort((a, b) => a - b)),
              want.map((g) => [...g].sort((a, b) => a - b)),
            );
            assert.ok(plan.worms.length <= 4);
          }
          plan.worms.forEach((w, i) => {
            const off = (v: number) => (high[i] ? r(v) : (N - r(v)) % N);
            let crossings = 0;
            let cls = 0;
            for (const h of traceWorm(topo, rfFor, w).hops) {
              assert.ok(off(h.to) > off(h.from), 'the cycle offset rises on every hop');
              const x = h.from % m;
              const y = Math.floor(h.from / m);
              const wrap = [x === m - 1, x === 0, y === n - 1, y === 0][h.port]!;
              const upP = P[h.to]! > P[h.from]!;
              assert.ok(high[i] ? upP !== wrap : upP === wrap, 'a channel of the other network');
              if (high[i] ? !upP : upP) crossings++;
              const c = h.vcMask & 1 ? 0 : 1;
              assert.ok(c >= cls, 'class 1 is never followed by class 0');
              cls = c;
            }
            assert.ok(crossings <= 1);
            assert.equal(cls === 1, crossings === 1);
          });
        },
      ),
      { numRuns: 200, seed: 23 },
    );
  });
});

describe('TASNEM hop rules (001 sec. 3.3, docs/algorithms/tasnem.md)', () => {
  it('vertical hops go d_y, forks split one horizontal and one vertical child that is a destination, class 1 exactly after the one vertical wraparound', () => {
    fc.assert(
      fc.property(caseArb, ({ m, n, spec, source, dests }) => {
        const { topo, plan, rfFor } = planOn(spec, 'tasnem', source, dests);
        const ys = Math.floor(source / m);
        for (const w of plan.worms) {
          const dy = w.routing === 'tasnem-up' ? 1 : -1;
          const mine = new Set(
            wormStops(w)
              .filter((s) => s.service !== 'FWD')
              .map((s) => s.node),
          );
          const hops = traceWorm(topo, rfFor, w).hops;
          const children = new Map<number, typeof hops>();
          const wrapsTo = new Map<number, number>([[source, 0]]);
          for (const h of hops) {
            children.set(h.from, [...(children.get(h.from) ?? []), h]);
            const vertical = h.port >= 2;
            if (vertical) assert.equal(h.port, dy === 1 ? 2 : 3);
            const wrap = vertical && Math.abs(Math.floor(h.to / m) - Math.floor(h.from / m)) === n - 1;
            const before = wrapsTo.get(h.from)!;
            const after = before + (wrap ? 1 : 0);
            assert.ok(after <= 1, 'a root-to-leaf path crosses the vertical wraparound twice');
            wrapsTo.set(h.to, after);
            const yt = Math.floor(h.to / m);
            const crossed = dy === 1 ? yt < ys : yt > ys;
            assert.equal(
              h.vcMask & 1 ? 0 : 1,
              crossed ? 1 : 0,
              'class 1 exactly on rows reached through the wraparound',
            );
            assert.equal(after === 1, crossed);
          }
          // Worm 1 of Dest_Prep stays in its mesh: it never crosses the vertical wraparound.
          const w1 = (ys < Math.floor(n / 2) ? 1 : -1) === dy;
          if (w1)
            assert.ok(
              [...wrapsTo.values()].every((c) => c === 0),
              'worm 1 wraps',
            );
          for (const [node, out] of children) {
            assert.ok(out.length <= 2);
            if (out.length === 2) {
              assert.deepEqual(
                out.map((h) => (h.port >= 2 ? 'v' : 'h')),
                ['h', 'v'],
                `fork at ${node}`,
              );
              assert.ok(mine.has(out[1]!.to), 'the vertical child of a fork is a destination');
            }
          }
        }
      }),
      { numRuns: 200, seed: 29 },
    );
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkDeliveries, planView, traceWorm } from '../../src/multicast/inspect.js';
import { allWorms, type PlanContext } from '../../src/multicast/plan.js';
import { PLANNERS, plannerFor } from '../../src/multicast/registry.js';
import { halveUmesh } from '../../src/multicast/umesh.js';
import { hamiltonianRouting } from '../../src/routing/hamiltonian.js';
import { buildRouting } from '../../src/routing/registry.js';
import type { RoutingFunction } from '../../src/routing/routing.js';
import { fitsKind } from '../../src/topology/fits.js';
import { parseTopology } from '../../src/topology/registry.js';
import type { Topology } from '../../src/topology/topology.js';

/** Every registered scheme that runs on meshes (a new one is covered without being listed). */
const MESH_ALGOS = PLANNERS.filter((p) => fitsKind(p.topologies, 'mesh')).map((p) => p.name);

function rfFactory(topo: Topology): (name?: string) => RoutingFunction {
  const cache = new Map<string, RoutingFunction>();
  return (name = 'xy') => {
    let rf = cache.get(name);
    if (!rf) {
      rf = name === 'hamiltonian' ? hamiltonianRouting.build(topo, [2]) : buildRouting(topo, name, [2]);
      cache.set(name, rf);
    }
    return rf;
  };
}

function ctxFor(topo: Topology, algo: string): PlanContext {
  const def = plannerFor(algo, topo);
  const routing = rfFactory(topo)(def.routingFor?.(topo) ?? 'xy');
  return { topology: topo, routing, length: 20 };
}

/** Random mesh, source and destination set; biased toward the shapes the issue names. */
const caseArb = fc
  .record({
    X: fc.integer({ min: 2, max: 32 }),
    Y: fc.integer({ min: 2, max: 32 }),
    seed: fc.nat(),
    shape: fc.constantFrom('random', 'row', 'column', 'corners', 'all', 'one'),
    frac: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ X, Y, seed, shape, frac }) => {
    const topo = parseTopology(`mesh:${X}x${Y}`);
    const N = X * Y;
    let r = seed;
    const rnd = (n: number) => {
      r = (Math.imul(r ^ (r >>> 15), 2246822519) + 0x9e3779b9) >>> 0;
      return r % n;
    };
    const source = rnd(N);
    const [sx, sy] = topo.coords(source) as [number, number];
    let pool: number[];
    if (shape === 'row') pool = Array.from({ length: X }, (_, x) => topo.nodeAt([x, sy]));
    else if (shape === 'column') pool = Array.from({ length: Y }, (_, y) => topo.nodeAt([sx, y]));
    else if (shape === 'corners')
      pool = [
        topo.nodeAt([0, 0]),
        topo.nodeAt([X - 1, 0]),
        topo.nodeAt([0, Y - 1]),
        topo.nodeAt([X - 1, Y - 1]),
      ];
    else pool = Array.from({ length: N }, (_, i) => i);
    pool = pool.filter((n) => n !== source);
    if (pool.length === 0) pool = [(source + 1) % N];
    let k = shape === 'all' ? pool.length : shape === 'one' ? 1 : 1 + Math.floor(frac * (pool.length - 1));
    k = Math.max(1, Math.min(k, pool.length));
    for (let i = pool.length - 1; i > 0; i--) {
      const j = rnd(i + 1);
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    return { topo, source, dests: pool.slice(0, k) };
  });

/** Does a node path follow the named routing's definition? */
function conforms(topo: Topology, routing: string, path: number[]): boolean {
  const c = path.map((n) => topo.coords(n) as [number, number]);
  const last = c[c.length - 1]!;
  if (routing === 'hamiltonian') {
    const X = topo.dims[0]!;
    const label = ([x, y]: [number, number]) => (y % 2 === 0 ? y * X + x : y * X + X - 1 - x);
    const up = label(last) >= label(c[0]!);
    for (let i = 1; i < c.length; i++) {
      const d = label(c[i]!) - label(c[i - 1]!);
      if (up ? d <= 0 : d >= 0) return false;
      if (Math.abs(c[i]![0] - c[i - 1]![0]) + Math.abs(c[i]![1] - c[i - 1]![1]) !== 1) return false;
    }
    return true;
  }
  const [first, second] = routing === 'yx' ? [1, 0] : [0, 1];
  // Minimal, and once the second dimension moves the first never does again.
  if (path.length - 1 !== Math.abs(last[0] - c[0]![0]) + Math.abs(last[1] - c[0]![1])) return false;
  let inSecond = false;
  for (let i = 1; i < c.length; i++) {
    if (c[i]![second] !== c[i - 1]![second]) inSecond = true;
    else if (inSecond && c[i]![first] !== c[i - 1]![first]) return false;
  }
  return true;
}

describe('2D mesh multicast schemes (property tests, 000)', () => {
  for (const algo of MESH_ALGOS) {
    it(`${algo}: every destination exactly once, no other node, paths conform to the routing`, () => {
      fc.assert(
        fc.property(caseArb, ({ topo, source, dests }) => {
          const ctx = ctxFor(topo, algo);
          const plan = plannerFor(algo, topo).plan(ctx, source, dests);
          assert.equal(checkDeliveries(plan), undefined);
          const rfFor = rfFactory(topo);
          for (const { worm } of allWorms(plan)) {
            // Each leg between consecutive stops, as the routing function takes it, is checked
            // against the definition of the routing the worm claims, independently of its code.
            const claimed = worm.routing ?? 'xy';
            let from = worm.source;
            for (const stop of worm.stops) {
              const leg = traceWorm(topo, rfFor, {
                ...worm,
                source: from,
                stops: [{ node: stop.node, service: 'ABS' }],
              });
              assert.ok(
                conforms(topo, claimed, leg.path),
                `${algo}: leg ${from}->${stop.node} is not ${claimed}`,
              );
              from = stop.node;
            }
          }
          const view = planView(plan, topo, rfFor);
          assert.equal(view.deliveries.length, dests.length);
          if (algo === 'tpm') assert.ok(view.phases <= 2, `TPM used ${view.phases} phases`);
          if (algo === 'dual-path') assert.ok(plan.worms.length <= 2);
          if (algo === 'multi-path') assert.ok(plan.worms.length <= 4);
          if (algo === 'umesh') assert.equal(view.phases, Math.ceil(Math.log2(dests.length + 1)));
        }),
        { numRuns: algo === 'separate' ? 60 : 250, seed: 42 },
      );
    });
  }

  it('U-mesh: the unicasts of one step never share a channel', () => {
    fc.assert(
      fc.property(caseArb, ({ topo, source, dests }) => {
        const ctx = ctxFor(topo, 'umesh');
        const plan = plannerFor('umesh', topo).plan(ctx, source, dests);
        const rfFor = rfFactory(topo);
        const used = new Map<number, Set<string>>();
        for (const { worm, phase } of allWorms(plan)) {
          let set = used.get(phase);
          if (!set) used.set(phase, (set = new Set()));
          for (const h of traceWorm(topo, rfFor, worm).hops) {
            const key = `${h.from}:${h.port}`;
            assert.ok(!set.has(key), `step ${phase} uses channel ${key} twice`);
            set.add(key);
          }
        }
      }),
      { numRuns: 300, seed: 3 },
    );
  });

  it('U-mesh halving takes ceil(log2(m+1)) steps from any position in the chain', () => {
    for (let n = 1; n <= 70; n++) {
      for (const pos of [0, Math.floor(n / 2), n - 1]) {
        let maxStep = 0;
        const rec = (l: number, r: number, local: number, at: number) => {
          halveUmesh(l, r, local).forEach((s, i) => {
            maxStep = Math.max(maxStep, at + i + 1);
            rec(s.left, s.right, s.to, at + i + 1);
          });
        };
        rec(0, n - 1, pos, 0);
        assert.equal(maxStep, n === 1 ? 0 : Math.ceil(Math.log2(n)), `n=${n} pos=${pos}`);
      }
    }
  });

  it('lists every registered mesh scheme', () => {
    assert.deepEqual(
      PLANNERS.filter((p) => fitsKind(p.topologies, 'mesh')).map((p) => p.name),
      MESH_ALGOS,
    );
  });
});

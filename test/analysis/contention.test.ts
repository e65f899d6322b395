import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { candidatePairs } from '../../src/analysis/contention.js';
import { type Unicast, unicastsOf } from '../../src/analysis/unicasts.js';
import { routingResolver } from '../../src/api/plan.js';
import { recursiveHalvingPlan } from '../../src/multicast/recursive-halving.js';
import { separate } from '../../src/multicast/separate.js';
import { halveUccc, uccc } from '../../src/multicast/uccc.js';
import { umesh } from '../../src/multicast/umesh.js';
import { parseTopology } from '../../src/topology/registry.js';

/** Every pair i < j of unicasts of different senders that share an arc or a link, by the full scan. */
function scan(us: readonly Unicast[]): number[] {
  const n = us.length;
  const out: number[] = [];
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const a = us[i]!;
      const b = us[j]!;
      if (a.from === b.from) continue;
      if (a.arcs.some((x) => b.arcs.includes(x)) || a.links.some((x) => b.links.includes(x)))
        out.push(i * n + j);
    }
  return out;
}

/** A random multicast set: a source and k distinct destinations of N nodes, from a seed. */
function draw(N: number, seed: number, frac: number) {
  let r = seed >>> 0;
  const rnd = (k: number) => {
    r = (Math.imul(r ^ (r >>> 15), 2246822519) + 0x9e3779b9) >>> 0;
    return r % k;
  };
  const source = rnd(N);
  const dests: number[] = [];
  for (let v = 0; v < N; v++) if (v !== source && rnd(1000) < 1000 * frac) dests.push(v);
  if (dests.length === 0) dests.push((source + 1) % N);
  return { source, dests };
}

describe('contention check: the candidate pairs', () => {
  // Separate addressing has one sender, so no pairs: it checks that none are made.
  const schemes = ['uccc', 'uccc-random-halving', 'separate-ccc', 'umesh', 'separate-mesh'] as const;
  it('are exactly the pairs of different senders sharing a channel or a link, as the full scan finds them', () => {
    let nonEmpty = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...schemes),
        fc.integer({ min: 3, max: 6 }),
        fc.nat(),
        fc.integer({ min: 5, max: 90 }),
        (scheme, size, seed, percent) => {
          const mesh = scheme === 'umesh' || scheme === 'separate-mesh';
          const t = parseTopology(mesh ? `mesh:${size + 2}x${size}` : `ccc:${size}`);
          const rfFor = routingResolver(t, mesh ? 'xy' : 'hc');
          const { source, dests } = draw(t.numNodes, seed, percent / 100);
          const ctx = { topology: t, routing: rfFor(mesh ? 'xy' : 'hc'), length: 20 };
          const plan =
            scheme === 'uccc'
              ? uccc.plan(ctx, source, dests)
              : scheme === 'uccc-random-halving'
                ? recursiveHalvingPlan('bad', [source, ...dests], 0, 20, halveUccc, dests)
                : scheme === 'umesh'
                  ? umesh.plan(ctx, source, dests)
                  : separate.plan(ctx, source, dests);
          const us = unicastsOf(plan, t, rfFor);
          const want = scan(us);
          if (want.length > 0) nonEmpty++;
          assert.deepEqual(Array.from(candidatePairs(us)), want);
        },
      ),
      { numRuns: 150, seed: 3 },
    );
    assert.ok(nonEmpty > 30, `only ${nonEmpty} cases had candidate pairs`);
  });
});

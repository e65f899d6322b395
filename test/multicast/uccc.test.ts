import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkContention } from '../../src/analysis/contention.js';
import { stepModel } from '../../src/analysis/steps.js';
import { unicastsOf } from '../../src/analysis/unicasts.js';
import { routingResolver } from '../../src/api/plan.js';
import { checkDeliveries } from '../../src/multicast/inspect.js';
import { recursiveHalvingPlan } from '../../src/multicast/recursive-halving.js';
import { dimensionOrderedChain, halveUccc, rChain, uccc } from '../../src/multicast/uccc.js';
import { parseTopology } from '../../src/topology/registry.js';
import type { Topology } from '../../src/topology/topology.js';

const f = (t: Topology, ns: number[]) => ns.map((n) => t.formatNode(n));

function planFor(t: Topology, source: number, dests: number[]) {
  const rfFor = routingResolver(t, 'hc');
  const plan = uccc.plan({ topology: t, routing: rfFor('hc'), length: 20 }, source, dests);
  return { plan, rfFor, unicasts: unicastsOf(plan, t, rfFor) };
}

describe('U-CCC: the worked example of 004 sec. 5', () => {
  const t = parseTopology('ccc:5');
  const n = (s: string) => t.parseNode(s);
  const phi = ['3,01010', '1,00101', '0,10000', '4,01011', '2,10101', '3,00000', '1,01011', '0,11000'].map(n);

  it('the dimension-ordered chain is the one printed', () => {
    assert.deepEqual(f(t, dimensionOrderedChain(t, phi)), [
      '3,00000',
      '1,00101',
      '3,01010',
      '1,01011',
      '4,01011',
      '0,10000',
      '2,10101',
      '0,11000',
    ]);
  });

  it('the R-chain with respect to the source is the one printed', () => {
    assert.deepEqual(f(t, rChain(t, phi, n('3,01010'))), [
      '3,01010',
      '1,01011',
      '4,01011',
      '0,10000',
      '2,10101',
      '0,11000',
      '3,00000',
      '1,00101',
    ]);
  });

  it('takes 3 steps, as Fig. 6 shows: d0 -> d4, then d0 -> d2 and d4 -> d6, then the rest', () => {
    const { plan, unicasts } = planFor(t, phi[0]!, phi.slice(1));
    assert.equal(checkDeliveries(plan), undefined);
    const sends = unicasts.map((u) => `${u.step}:${t.formatNode(u.from)}>${t.formatNode(u.to)}`).sort();
    assert.deepEqual(sends, [
      '1:3,01010>2,10101',
      '2:2,10101>3,00000',
      '2:3,01010>4,01011',
      '3:2,10101>0,11000',
      '3:3,00000>1,00101',
      '3:3,01010>1,01011',
      '3:4,01011>0,10000',
    ]);
  });

  it('dimension order <_d of Definition 3: (0,00001) < (4,00001) < (1,01100) < (3,10000)', () => {
    const ns = ['3,10000', '1,01100', '4,00001', '0,00001'].map(n);
    assert.deepEqual(f(t, dimensionOrderedChain(t, ns)), ['0,00001', '4,00001', '1,01100', '3,10000']);
  });
});

describe('U-CCC properties (dimensions 2 to 8)', () => {
  const arb = fc
    .record({
      n: fc.integer({ min: 2, max: 8 }),
      seed: fc.nat(),
      frac: fc.double({ min: 0, max: 1, noNaN: true }),
      all: fc.boolean(),
    })
    .map(({ n, seed, frac, all }) => {
      const t = parseTopology(`ccc:${n}`);
      const N = t.numNodes;
      let r = seed;
      const rnd = (k: number) => {
        r = (Math.imul(r ^ (r >>> 15), 2246822519) + 0x9e3779b9) >>> 0;
        return r % k;
      };
      const source = rnd(N);
      const pool = Array.from({ length: N }, (_, i) => i).filter((i) => i !== source);
      for (let i = pool.length - 1; i > 0; i--) {
        const j = rnd(i + 1);
        [pool[i], pool[j]] = [pool[j]!, pool[i]!];
      }
      const cap = Math.min(pool.length, 300);
      const k = all && N <= 300 ? pool.length : 1 + Math.floor(frac * (cap - 1));
      return { t, source, dests: pool.slice(0, k) };
    });

  it('reaches every destination exactly once in exactly ceil(log2 m) steps, depth contention-free (Theorem 3)', () => {
    fc.assert(
      fc.property(arb, ({ t, source, dests }) => {
        const { plan, unicasts, rfFor } = planFor(t, source, dests);
        assert.equal(checkDeliveries(plan), undefined);
        const m = dests.length + 1;
        assert.equal(Math.max(...unicasts.map((u) => u.step)), Math.ceil(Math.log2(m)));
        const rep = checkContention(t, rfFor('hc'), source, unicasts);
        assert.ok(rep.contentionFree, rep.conflicts.map((c) => c.channel).join('; '));
      }),
      { numRuns: 150, seed: 4 },
    );
  });

  it('the checker finds contention in a plan built to have it: halving a chain in random order', () => {
    let found = 0;
    fc.assert(
      fc.property(arb, ({ t, source, dests }) => {
        if (dests.length < 6) return;
        const rfFor = routingResolver(t, 'hc');
        // Same recursive halving, but over the destinations in the random order they were drawn
        // instead of the R-chain.
        const chain = [source, ...dests];
        const plan = recursiveHalvingPlan('bad', chain, 0, 20, halveUccc, dests);
        const rep = checkContention(t, rfFor('hc'), source, unicastsOf(plan, t, rfFor));
        if (!rep.contentionFree) {
          found++;
          const c = rep.conflicts[0]!;
          assert.match(c.channel, /-> .* VC (h0|h1|l0|l1|cube)$/);
          // The named channel really is on both paths.
          const linkName = (l: number) => {
            const from = Math.floor(l / t.numPorts);
            const port = l % t.numPorts;
            return `${t.formatSwitch(from)} -> ${t.formatSwitch(t.neighbor(from, port))} (${t.portName(port)})`;
          };
          const named = c.channel.replace(/ VC \S+$/, '');
          assert.ok(
            c.first.links.some((l) => linkName(l) === named),
            `${named} not on the first path`,
          );
          assert.ok(
            c.second.links.some((l) => linkName(l) === named),
            `${named} not on the second path`,
          );
        }
      }),
      { numRuns: 80, seed: 9 },
    );
    assert.ok(found > 20, `contention found in only ${found} bad plans`);
  });

  it('broadcast on ccc:7 meets the lower bound, with and without link sharing (004 Fig. 11)', () => {
    const t = parseTopology('ccc:7');
    const dests = Array.from({ length: t.numNodes }, (_, i) => i).filter((i) => i !== 5);
    const { unicasts } = planFor(t, 5, dests);
    const s = stepModel(5, unicasts);
    assert.equal(s.stepsNoSharing, Math.ceil(Math.log2(896)));
    assert.equal(s.steps, Math.ceil(Math.log2(896)));
  });
});

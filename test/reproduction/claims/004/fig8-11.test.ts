import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ClaimResult } from '../../../../reproduction/claims/index.js';
import { CLAIMS } from '../../../../reproduction/claims/index.js';
import type { StepMetrics } from '../../../../src/metrics/types.js';
import type { PointRecord } from '../../../../src/sweep/record.js';

/**
 * 004's claims on synthetic step-model points: mean steps with their i.i.d. intervals are decided
 * beyond noise (holds, tie, fails); the theorems' counts and the observed worst cases are exact.
 */

/** A point of m nodes: mean steps [mean, half-width] with link sharing; the rest as the theorems say. */
function step(
  series: Record<string, unknown>,
  m: number,
  mean: [number, number],
  s: Partial<StepMetrics> = {},
): PointRecord {
  const bound = Math.ceil(Math.log2(m));
  const params = { ...series, 'workload.setSize': m };
  const steps: StepMetrics = {
    samples: 1000,
    lowerBound: bound,
    mean: mean[0],
    max: Math.ceil(mean[0]) + 2,
    meanNoSharing: bound,
    maxNoSharing: bound,
    meanLinkContention: 1,
    contendedPlans: 0,
    ...s,
  };
  const iv = (h: number) => ({ n: 1000, halfWidth: h, method: 'iid', df: 999 });
  return {
    experiment: 'ccc',
    key: JSON.stringify({ params, seed: 1 }),
    index: m,
    params,
    seed: 1,
    status: 'ok',
    metrics: {
      steps,
      intervals: {
        'steps.mean': iv(mean[1]),
        'steps.meanNoSharing': iv(steps.meanNoSharing === bound ? 0 : 0.05),
        'steps.meanLinkContention': iv(0.1),
      },
    } as unknown as PointRecord['metrics'],
    version: 'test',
    seconds: 0,
  };
}

const run = (id: string, records: PointRecord[]): ClaimResult[] =>
  CLAIMS[id]!({ records, sibling: () => undefined });
const find = (cs: ClaimResult[], start: string) => {
  const c = cs.find((x) => x.claim.startsWith(start));
  assert.ok(c, `no claim starting "${start}"`);
  return c;
};
const net = (t: string) => ({ 'network.topology': t });

describe('004 Figs. 8-9: steps close to the bound, decided on the ratio of means', () => {
  // Bound 6 at 64 nodes: +25% is 7.5 steps.
  const fig8 = (mean: [number, number]) => [
    step(net('ccc:7'), 32, [5.3, 0.05]),
    step(net('ccc:7'), 64, mean),
  ];
  it('holds well under +25%, ties when the interval straddles it, fails beyond it', () => {
    for (const start of ['the effect of virtual channel', 'in all cases the average']) {
      assert.equal(find(run('ccc-fig8', fig8([6.8, 0.1])), start).verdict, 'holds', start);
      assert.equal(find(run('ccc-fig8', fig8([7.45, 0.2])), start).verdict, 'tie', start);
      assert.equal(find(run('ccc-fig8', fig8([8, 0.1])), start).verdict, 'fails', start);
    }
    const c = find(run('ccc-fig8', fig8([7.45, 0.2])), 'in all cases');
    assert.match(c.detail, /ccc:7@64: 7\.45 ± 0\.2 vs bound 6/);
    assert.match(c.paper ?? '', /close to the theoretical lower bound/);
  });

  it('Theorems 2 and 3 are exact: one contended plan, or one set above the bound without sharing, fails', () => {
    const theorems = (s: Partial<StepMetrics>) =>
      find(run('ccc-fig8', [step(net('ccc:7'), 64, [6.8, 0.1], s)]), 'every sampled U-CCC plan').verdict;
    assert.equal(theorems({}), 'holds');
    assert.equal(theorems({ contendedPlans: 1 }), 'fails');
    assert.equal(theorems({ maxNoSharing: 7 }), 'fails');
  });

  it('the worst observed case on the 9-D CCC: a larger worst holds, an equal one ties, a smaller one fails', () => {
    const worst = (w9: number, w10: number) =>
      find(
        run('ccc-fig9', [
          step(net('ccc:9'), 256, [9.3, 0.1], { max: w9 }),
          step(net('ccc:10'), 256, [9.2, 0.1], { max: w10 }),
        ]),
        'the worst observed case',
      );
    assert.equal(worst(14, 13).verdict, 'holds');
    assert.equal(worst(14, 14).verdict, 'tie');
    assert.equal(worst(13, 14).verdict, 'fails');
    assert.match(worst(14, 14).detail, /ccc:10: 14 steps, ccc:9: 14 steps/);
  });
});

describe('004 Fig. 10: worst cases against separate addressing (exact observed values)', () => {
  const alg = (a: string) => ({ 'workload.algorithm': a });
  const fig10 = (uMax: number, sep = 511) => [
    step(alg('uccc'), 512, [10.8, 0.1], { max: uMax, maxNoSharing: 9 }),
    step(alg('separate'), 512, [sep, 0], { max: sep, maxNoSharing: sep, lowerBound: 9 }),
  ];
  it('under a quarter of separate addressing; an exact equality with the quarter is a tie', () => {
    const q = (u: number) => find(run('ccc-fig10', fig10(u)), 'U-CCC, even in its worst').verdict;
    assert.equal(q(13), 'holds');
    assert.equal(q(511 / 4), 'tie');
    assert.equal(q(200), 'fails');
  });
  it("link sharing's cost under 10% of the gap to separate addressing", () => {
    const g = (u: number, sep?: number) =>
      find(run('ccc-fig10', fig10(u, sep)), 'the difference with and without').verdict;
    assert.equal(g(13), 'holds');
    // (10 - 9) / (19 - 9): exactly 10% of the gap.
    assert.equal(g(10, 19), 'tie');
    assert.equal(g(100), 'fails');
  });
});

describe('004 Fig. 11: approaching the bound past the largest excess, the broadcast left out', () => {
  /** Excess over the bound per set size (with half-width h), then the broadcast of 896 nodes. */
  const fig11 = (excess: Array<[number, number]>, h = 0.05) => [
    ...excess.map(([m, x]) => step({}, m, [Math.ceil(Math.log2(m)) + x, h])),
    step({}, 896, [10, 0], { max: 10 }),
  ];
  const approach = (excess: Array<[number, number]>, h?: number) =>
    find(run('ccc-fig11', fig11(excess, h)), 'for sets large enough');
  it('holds when the excess falls beyond noise, ties within it, fails when it grows again', () => {
    const falls: Array<[number, number]> = [
      [64, 0.8],
      [256, 1.4],
      [512, 1.0],
      [768, 0.6],
    ];
    assert.equal(approach(falls).verdict, 'holds', approach(falls).detail);
    const flat: Array<[number, number]> = [
      [64, 0.8],
      [256, 1.4],
      [512, 1.38],
      [768, 1.37],
    ];
    assert.equal(approach(flat).verdict, 'tie');
    const regrows: Array<[number, number]> = [
      [64, 0.8],
      [256, 1.4],
      [512, 0.6],
      [768, 1.2],
    ];
    const r = approach(regrows);
    assert.equal(r.verdict, 'fails');
    assert.match(r.detail, /grows again 512->768/);
  });
  it('the broadcast alone past the largest excess does not show an approach: not checked', () => {
    const c = approach([
      [64, 0.8],
      [512, 1.0],
    ]);
    assert.equal(c.verdict, 'unchecked');
    assert.match(c.detail, /largest at the largest set short of a broadcast/);
  });
  it('the broadcast meets the bound exactly, or fails', () => {
    const b = (max: number) =>
      find(run('ccc-fig11', [step({}, 512, [10, 0.1]), step({}, 896, [10, 0], { max })]), 'a broadcast')
        .verdict;
    assert.equal(b(10), 'holds');
    assert.equal(b(11), 'fails');
    assert.equal(find(run('ccc-fig11', [step({}, 512, [10, 0.1])]), 'a broadcast').verdict, 'unchecked');
  });
});

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { CLAIMS } from '../../src/experiments/claims/index.js';
import type { PointRecord } from '../../src/experiments/record.js';
import { loadExperiment } from '../../src/experiments/sweep.js';
import { IB_FIGURES, ibFigure, ibFigureYaml } from '../../src/ib/figures.js';

const file = (id: string) => new URL(`../../experiments/${id}.yaml`, import.meta.url);

/** A completed point of an IB figure with the given mean makespan (us and cycles) and zero-load time. */
function rec(variant: string, bytes: number, us: number, zero = 0, seed = 1): PointRecord {
  return {
    experiment: 'x',
    key: `${variant}-${bytes}-${seed}`,
    index: 0,
    params: { 'workload.variant': variant, 'workload.messageBytes': bytes },
    seed,
    status: 'ok',
    metrics: {
      ib: { makespan: { us, cycles: us, ns: us * 1000 }, zeroLoad: { cycles: zero, us: zero } },
    } as never,
    version: '0',
    seconds: 0,
  };
}

const verdict = (
  id: string,
  records: PointRecord[],
  prefix: string,
  sibling = (_: string) => undefined as PointRecord[] | undefined,
) => CLAIMS[id]!({ records, sibling }).find((c) => c.claim.startsWith(prefix))?.verdict;

describe('003 Figs. 10-27 as one family (notes sec. 2.4)', () => {
  it('fig = 10 + 6f + 3g + v: families, groups, VLs and series', () => {
    assert.deepEqual(
      [10, 14, 17, 21, 22, 27].map((n) => {
        const f = ibFigure(n);
        return [f.family, f.groupFraction, f.vls, f.variants.length];
      }),
      [
        ['one', 0.4, 1, 2],
        ['one', 1, 2, 4],
        ['multi', 0.4, 2, 4],
        ['multi', 1, 4, 4],
        ['all', 0.4, 1, 2],
        ['all', 1, 4, 4],
      ],
    );
    assert.throws(() => ibFigure(28));
  });

  it("the committed experiment files are the template's (scripts/ib-figures.ts) and load", () => {
    for (const f of IB_FIGURES) {
      assert.equal(
        readFileSync(file(f.id), 'utf8'),
        ibFigureYaml(f),
        `${f.id}: run npx tsx scripts/ib-figures.ts`,
      );
      const exp = loadExperiment(file(f.id).pathname);
      assert.equal(exp.id, f.id);
      assert.equal(exp.figure, String(f.figure));
    }
  });
});

describe('003 claims fail when the data say so', () => {
  const fig10 = (mcAt512: number) => [
    rec('uc-1vl', 32, 10),
    rec('mc-1vl', 32, 2, 2),
    rec('uc-1vl', 512, 100),
    rec('mc-1vl', 512, mcAt512, 5),
  ];
  it('C1: multicast must beat unicast at every size', () => {
    assert.equal(verdict('ib-fig10', fig10(5), 'C1'), 'holds');
    assert.equal(verdict('ib-fig10', fig10(100), 'C1'), 'fails');
  });
  it('C2: the speedup must grow with size, as a ratio and as time saved', () => {
    assert.equal(verdict('ib-fig10', fig10(5), 'C2 the speedup, as a ratio'), 'holds');
    assert.equal(verdict('ib-fig10', fig10(60), 'C2 the speedup, as a ratio'), 'fails');
    assert.equal(verdict('ib-fig10', fig10(60), 'C2 the speedup, as time saved'), 'holds');
  });
  it('C9: a one-source multicast must take exactly its zero-load time', () => {
    assert.equal(verdict('ib-fig10', fig10(5), 'C9'), 'holds');
    assert.equal(verdict('ib-fig10', [...fig10(5), rec('mc-1vl', 512, 6, 5, 2)], 'C9'), 'fails');
  });
  it('C3 and C7 need their sibling figures and compare with them', () => {
    const all = [rec('uc-1vl', 32, 40), rec('mc-1vl', 32, 10)];
    const multi = [rec('uc-1vl', 32, 20), rec('mc-1vl', 32, 8)];
    const one = [rec('uc-1vl', 32, 5), rec('mc-1vl', 32, 2)];
    const sib = (id: string) => ({ 'ib-fig16': multi, 'ib-fig10': one })[id];
    assert.equal(verdict('ib-fig22', all, 'C3 the speedup, as a ratio'), 'unchecked');
    // R: 4 (all) >= 2.5 (multi) >= 2.5 (one).
    assert.equal(verdict('ib-fig22', all, 'C3 the speedup, as a ratio', sib), 'holds');
    assert.equal(
      verdict('ib-fig22', [rec('uc-1vl', 32, 40), rec('mc-1vl', 32, 20)], 'C3 the speedup, as a ratio', sib),
      'fails',
    );
    assert.equal(verdict('ib-fig22', all, 'C7', sib), 'holds');
    assert.equal(verdict('ib-fig22', [rec('uc-1vl', 32, 15), rec('mc-1vl', 32, 9)], 'C7', sib), 'fails');
  });
  it('C6a: shared VLs must beat dedicated ones for unicast by 5% at 32 B', () => {
    const d = (ucS: number) => [
      rec('uc-shared', 32, ucS),
      rec('uc-dedicated', 32, 10),
      rec('mc-shared', 32, 2),
      rec('mc-dedicated', 32, 2),
    ];
    assert.equal(verdict('ib-fig11', d(9), 'C6a unicast'), 'holds');
    assert.equal(verdict('ib-fig11', d(9.8), 'C6a unicast'), 'fails');
  });
});

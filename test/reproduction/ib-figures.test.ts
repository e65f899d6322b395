import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { IB_FIGURES, ibFigure, ibFigureYaml } from '../../reproduction/ib-figures.js';
import { loadExperiment } from '../../src/sweep/sweep.js';

const file = (id: string) => new URL(`../../experiments/${id}.yaml`, import.meta.url);

describe('003 Figs. 10-27 as one family (docs/experiments/infiniband.md)', () => {
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

  it("the committed experiment files are the template's (reproduction/scripts/ib-figures.ts) and load", () => {
    for (const f of IB_FIGURES) {
      assert.equal(
        readFileSync(file(f.id), 'utf8'),
        ibFigureYaml(f),
        `${f.id}: run npx tsx reproduction/scripts/ib-figures.ts`,
      );
      const exp = loadExperiment(file(f.id).pathname);
      assert.equal(exp.id, f.id);
      assert.equal(exp.figure, String(f.figure));
    }
  });
});

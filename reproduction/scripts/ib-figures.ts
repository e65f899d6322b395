/**
 * Writes experiments/ib-fig10.yaml .. ib-fig27.yaml, 003's Figs. 10-27, from the one template of
 * reproduction/ib-figures.ts. `npx tsx reproduction/scripts/ib-figures.ts`; test/reproduction/ib-figures.test.ts checks the committed
 * files are current.
 */
import { writeFileSync } from 'node:fs';
import { IB_FIGURES, ibFigureYaml } from '../ib-figures.js';

for (const f of IB_FIGURES)
  writeFileSync(new URL(`../../experiments/${f.id}.yaml`, import.meta.url), ibFigureYaml(f));
console.log(`wrote ${IB_FIGURES.length} experiment files (ib-fig10 .. ib-fig27)`);

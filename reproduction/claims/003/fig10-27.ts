import type { PointRecord } from '../../../src/sweep/record.js';
import { IB_BUFFERS, IB_FIGURES, type IbFigure, ibFigure } from '../../ib-figures.js';
import type { ClaimContext, ClaimResult, ClaimSet } from '../claim.js';
import type { IbCtx } from './common.js';
import { c3, c4, c5, c5c, c7, c8 } from './cross-figure.js';
import { Fig } from './data.js';
import { c1, c2, c6a, c6b, zeroLoad } from './within-figure.js';

/**
 * The claims of 003 sec. 4-5 about Figs. 10-27 (C1-C10, docs/experiments/infiniband.md, "Claims"),
 * checked on the data of each figure and, for claims across figures, of its siblings in the same
 * results folder, under each VL buffer model in turn (the paper's one packet per VL buffer, and
 * InfiniBand's credit FIFOs): every claim is reported under both, side by side. Measured
 * comparisons are decided beyond noise on intervals paired over the seeds (paired.ts); per-run
 * identities (C9, C10) are exact. A claim whose data are missing is not checked
 * (docs/experiments/infiniband.md).
 */

/** The claims of figure f under one buffer model, in a fixed order (the same under each model). */
function claimsUnder(f: IbFigure, records: PointRecord[], c: IbCtx): ClaimResult[] {
  const out: ClaimResult[] = [c1(c), c2(c, 'ratio'), c2(c, 'saved')];
  if (f.family === 'all') out.push(c3(c, 'ratio'), c3(c, 'saved'));
  if (f.groupFraction === 1) out.push(c4(c, 'ratio'), c4(c, 'saved'));
  if (f.vls === 4) out.push(c5(c, 'uc'), c5(c, 'mc'), c5c(c));
  if (f.vls > 1) out.push(c6a(c, 'uc'), c6a(c, 'mc'), c6b(c));
  if (f.family === 'all') out.push(c7(c), c8(c));
  if (f.family !== 'all') out.push(zeroLoad(records, c));
  return out;
}

/** Every claim of figure f under each buffer model, the models side by side claim by claim. */
function claimsOf(f: IbFigure, { records, sibling }: ClaimContext): ClaimResult[] {
  const byModel = IB_BUFFERS.map((buffer) => {
    const cache = new Map<number, Fig | undefined>();
    const sib = (n: number) => {
      if (!cache.has(n)) {
        const r = sibling(`ib-fig${n}`);
        cache.set(n, r && new Fig(`ib-fig${n}`, r, buffer));
      }
      return cache.get(n);
    };
    const fig = new Fig(f.id, records, buffer);
    return claimsUnder(f, records, { f, buffer, fig, sib, tag: `(${buffer} buffers)` });
  });
  return byModel[0]!.flatMap((c, i) => byModel.map((m) => m[i] ?? c));
}

/** Registered in CLAIMS of ../index.ts. */
export const IB_CLAIMS: Record<string, ClaimSet> = Object.fromEntries(
  IB_FIGURES.map((f) => [f.id, (ctx: ClaimContext) => claimsOf(ibFigure(f.figure), ctx)]),
);

import { type Estimate, fmtHalf } from '../../../src/stats/compare.js';
import type { IbBuffer, IbFigure } from '../../ib-figures.js';
import type { Fig } from './data.js';

/**
 * What every 003 claim check gets: the figure, the buffer model it is checked under, the figure's
 * data under that model and its siblings' (other figures of the same results folder, same model).
 */
export interface IbCtx {
  f: IbFigure;
  buffer: IbBuffer;
  fig: Fig;
  /** Figure number -> its data under the same buffer model, if that figure's results are there. */
  sib: (figure: number) => Fig | undefined;
  /** Put after the claim's tag, e.g. "C1 (packet buffers) ...": which buffer model it is under. */
  tag: string;
}

/** The larger magnitude of the values a difference is taken between (the scale of its resolution band). */
export const scaleOf = (...es: readonly Estimate[]): number => Math.max(...es.map((x) => Math.abs(x.y)));

/** A share (0.25) as a percentage with its half-width: "25.0% ± 1.2". */
export function pct(v: Estimate): string {
  const p = `${(100 * v.y).toFixed(1)}%`;
  if (v.h === 0) return p;
  return v.h === null ? `${p} (no interval)` : `${p} ± ${fmtHalf(100 * v.h)}`;
}

/** Why a claim cannot be checked: which variants have no data in the figure. */
export function noData(fig: Fig, names: readonly string[]): string {
  const none = names.filter((n) => !fig.has(n));
  return `no data for ${none.join(', ') || 'common sizes'} under ${fig.buffer} buffers in ${fig.id}`;
}

/**
 * 003's dedicated VLs give the 1-VL makespans by construction (docs/algorithms/ib-mcast.md, "VL
 * policies"): the legends assign one VL per output port and the host link uses VL0, so a dedicated
 * network runs on one VL per link as the 1-VL network does. Says so, and checks it run by run
 * against the 1-VL figure of the same family and group when its results are there.
 */
export function dedicatedNote(c: IbCtx, scheme: 'uc' | 'mc'): string {
  const one = c.f.figure - (c.f.vls === 2 ? 1 : 2);
  const text = `dedicated ${c.f.vls} VLs give the 1-VL makespans by construction (one VL per output port, VL0 on the host link)`;
  const s1 = c.sib(one);
  if (!s1) return text;
  let n = 0;
  let same = 0;
  for (const x of c.fig.sizes([`${scheme}-dedicated`])) {
    const a = c.fig.col(`${scheme}-dedicated`, x)!;
    const b = s1.col(`${scheme}-1vl`, x);
    if (!b) continue;
    for (const [seed, v] of a)
      if (b.has(seed)) {
        n++;
        if (b.get(seed) === v) same++;
      }
  }
  return `${text}: ${scheme} equal to ib-fig${one}'s in ${same} of ${n} runs`;
}

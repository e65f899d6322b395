import type { StepMetrics } from '../../metrics/types.js';
import { dataPoints, type PointRecord } from '../record.js';
import { type ClaimResult, type ClaimSet, fmt, judged, unchecked } from './claim.js';
import { at, commonXs, seriesOf } from './series.js';

const NET = 'network.topology';
const SIZE = 'workload.setSize';
const ALG = 'workload.algorithm';

interface StepPoint {
  series: string;
  x: number;
  s: StepMetrics;
}

function stepPoints(records: readonly PointRecord[], seriesPath: string): StepPoint[] {
  return dataPoints(records)
    .filter((r) => r.metrics?.steps)
    .map((r) => ({
      series: String(r.params[seriesPath] ?? ''),
      x: Number(r.params[SIZE]),
      s: r.metrics!.steps!,
    }))
    .sort((a, b) => a.series.localeCompare(b.series) || a.x - b.x);
}

/**
 * Theorems 2 and 3 (004 sec. 5), on the sets the figure measured: every plan contention-free by
 * Theorem 1, and without link sharing exactly ceil(log2 m) steps.
 */
function theorems(pts: StepPoint[]): ClaimResult {
  const claim =
    'every sampled U-CCC plan is contention-free (Theorem 2) and takes exactly ceil(log2 m) steps without link sharing (Theorem 3)';
  if (pts.length === 0) return unchecked(claim, 'no data');
  const bad = pts
    .filter(
      (p) =>
        p.s.contendedPlans !== 0 ||
        p.s.maxNoSharing !== p.s.lowerBound ||
        p.s.meanNoSharing !== p.s.lowerBound,
    )
    .map(
      (p) =>
        `${p.series}@${p.x}: ${p.s.contendedPlans} contended plans, ${p.s.meanNoSharing} (max ${p.s.maxNoSharing}) steps vs ${p.s.lowerBound}`,
    );
  const sets = pts.reduce((a, p) => a + p.s.samples, 0);
  return judged(
    claim,
    bad.length === 0,
    bad.length ? bad.join('; ') : `${sets} sets over ${pts.length} points`,
  );
}

/** 004 sec. 6 on Figs. 8(b) and 9(b). */
function stepClaims(ctx: { records: PointRecord[] }): ClaimResult[] {
  const pts = stepPoints(ctx.records, NET);
  const small =
    'the effect of virtual channel multiplexing on the average number of steps is small (at most +25% over the steps without sharing)';
  const close =
    'in all cases the average number of steps is close to the lower bound ceil(log2 m) (within 25%)';
  if (pts.length === 0) return [theorems(pts), unchecked(small, 'no data'), unchecked(close, 'no data')];
  const row = (p: StepPoint) => `${p.series}@${p.x}: ${fmt(p.s.mean)}/${p.s.lowerBound}`;
  const effect = pts.filter((p) => p.s.mean > p.s.meanNoSharing * 1.25);
  const far = pts.filter((p) => p.s.mean > p.s.lowerBound * 1.25);
  const worst = pts.reduce((a, p) => (p.s.mean / p.s.lowerBound > a.s.mean / a.s.lowerBound ? p : a));
  return [
    theorems(pts),
    judged(
      small,
      effect.length === 0,
      effect.length
        ? effect.map((p) => `${p.series}@${p.x}: ${fmt(p.s.mean)} vs ${fmt(p.s.meanNoSharing)}`).join('; ')
        : `largest: ${row(worst)} (+${((worst.s.mean / worst.s.lowerBound - 1) * 100).toFixed(0)}%)`,
    ),
    judged(close, far.length === 0, far.length ? far.map(row).join('; ') : pts.map(row).join(', ')),
  ];
}

export const CCC_CLAIMS: Record<string, ClaimSet> = {
  'ccc-fig8': stepClaims,
  'ccc-fig9': (ctx) => {
    const pts = stepPoints(ctx.records, NET);
    const claim =
      'the worst observed case (most steps of any set) occurs on the 9-D CCC (004 sec. 6, on Fig. 10)';
    const worstOf = (net: string) => Math.max(...pts.filter((p) => p.series === net).map((p) => p.s.max));
    const nets = [...new Set(pts.map((p) => p.series))];
    const worst =
      nets.length < 2
        ? unchecked(claim, 'needs both the 9-D and the 10-D CCC')
        : judged(
            claim,
            worstOf('ccc:9') >= Math.max(...nets.map(worstOf)),
            nets.map((n) => `${n}: ${worstOf(n)} steps`).join(', '),
          );
    return [...stepClaims(ctx), worst];
  },
  'ccc-fig10': (ctx) => {
    const worst = seriesOf(ctx.records, ALG, SIZE, (r) => r.metrics?.steps?.max);
    const worstNo = seriesOf(ctx.records, ALG, SIZE, (r) => r.metrics?.steps?.maxNoSharing);
    const xs = commonXs(worst, ['uccc', 'separate']);
    const quarter =
      'U-CCC, even in its worst observed case with link sharing, needs far fewer steps than separate addressing (under a quarter)';
    const gap =
      'the difference with and without link sharing is very small next to separate addressing (under 10% of the gap)';
    if (xs.length === 0)
      return [
        unchecked(quarter, 'no set size with both schemes measured'),
        unchecked(gap, 'no set size with both schemes measured'),
      ];
    const u = (x: number) => at(worst, 'uccc', x)!.y;
    const sep = (x: number) => at(worst, 'separate', x)!.y;
    const no = (x: number) => at(worstNo, 'uccc', x)?.y ?? u(x);
    const frac = (x: number) => (u(x) - no(x)) / (sep(x) - no(x));
    return [
      judged(
        quarter,
        xs.every((x) => u(x) < sep(x) / 4),
        xs.map((x) => `${x}: ${u(x)} vs ${sep(x)}`).join(', '),
      ),
      judged(
        gap,
        xs.every((x) => frac(x) < 0.1),
        xs.map((x) => `${x}: ${(frac(x) * 100).toFixed(1)}%`).join(', '),
      ),
    ];
  },
  'ccc-fig11': (ctx) => {
    const pts = stepPoints(ctx.records, NET);
    const last = pts[pts.length - 1];
    const bcast = 'a broadcast (the whole network) meets the lower bound exactly, with link sharing';
    const approach =
      'for sets large enough, the steps approach the lower bound as the set grows (past the largest excess, the excess over the bound never grows again by more than 0.05 steps)';
    const excess = pts.map((p) => p.s.mean - p.s.lowerBound);
    const peak = excess.indexOf(Math.max(...excess));
    const regrowth = pts.slice(peak + 1).filter((_p, i) => excess[peak + 1 + i]! > excess[peak + i]! + 0.05);
    const rows = pts.map((p, i) => `${p.x}: +${excess[i]!.toFixed(2)}`).join(', ');
    return [
      last
        ? judged(
            bcast,
            last.s.max === last.s.lowerBound && last.s.maxNoSharing === last.s.lowerBound,
            `${last.x} nodes: mean ${last.s.mean}, worst ${last.s.max}, bound ${last.s.lowerBound}`,
          )
        : unchecked(bcast, 'no data'),
      pts.length < 3 || peak >= pts.length - 1
        ? pts.length < 3
          ? unchecked(approach, `${pts.length} point(s)`)
          : judged(approach, false, `the excess is largest at the largest set: ${rows}`)
        : judged(
            approach,
            regrowth.length === 0,
            `${regrowth.length ? `grows again at ${regrowth.map((p) => p.x).join(', ')}; ` : ''}largest excess at ${pts[peak]!.x}; ${rows}`,
          ),
      theorems(pts),
    ];
  },
};

import {
  growsAtLeast,
  improvedOver,
  lowestAtEveryPoint,
  nearlyConstant,
  noWorseThan,
  orderedAtEveryPoint,
} from './checks.js';
import { type ClaimContext, type ClaimResult, type ClaimSet, fmt, judged, unchecked } from './claim.js';
import { at, commonXs, type Series, seriesOf } from './series.js';

/** The four schemes 000 sec. 5 compares; "unicast-based" is separate addressing. */
const PAPER_SET = ['tpm', 'dual-path', 'column-path', 'separate'];
const ALG = 'workload.algorithm';
const DESTS = 'workload.destinations';
const LOAD = 'workload.load';

const latency = (ctx: ClaimContext | { records: ClaimContext['records'] }) =>
  seriesOf(ctx.records, ALG, DESTS, (r) => r.metrics?.latency.mean);
const traffic = (ctx: ClaimContext) =>
  seriesOf(ctx.records, ALG, DESTS, (r) => r.metrics?.traffic.perMessage);

/**
 * 000 sec. 5.2 on Fig. 10: "The multicast latency for dualpath algorithm considerably increase when
 * the number of destinations increase from 20 to 100 and thereafter flattens out." Read as: at least
 * +30% from the first point to 100 destinations (or the first point past it), and beyond it a slope
 * at most a quarter of the slope before.
 */
function riseThenFlatten(s: Series, name: string, pivotAt: number): ClaimResult {
  const claim = `${name} latency increases considerably up to ${pivotAt} destinations (at least +30%) and then flattens out (slope after at most a quarter of the slope before)`;
  const pts = s.get(name) ?? [];
  const pivot = pts.find((p) => p.x >= pivotAt);
  const first = pts[0];
  const last = pts[pts.length - 1];
  if (!first || !pivot || !last || pivot === first || pivot === last)
    return unchecked(claim, `needs points of ${name} before, at and after ${pivotAt} destinations`);
  const rise = pivot.y / first.y;
  const before = (pivot.y - first.y) / (pivot.x - first.x);
  const after = (last.y - pivot.y) / (last.x - pivot.x);
  return judged(
    claim,
    rise >= 1.3 && after <= before / 4,
    `${first.x}: ${fmt(first.y)}, ${pivot.x}: ${fmt(pivot.y)} (x${rise.toFixed(2)}), ${last.x}: ${fmt(last.y)}; ` +
      `slope ${before.toFixed(2)} then ${after.toFixed(2)} cycles per destination`,
  );
}

/** Every scheme of `heavy` uses more traffic than every scheme of `light`, at every point. */
function heavierAtEveryPoint(s: Series, heavy: string[], light: string[]): ClaimResult {
  const claim = `${heavy.join(' and ')} use more traffic than ${light.join(' and ')} at every point`;
  const all = [...heavy, ...light];
  const xs = commonXs(s, all);
  if (xs.length === 0) return unchecked(claim, `no point where ${all.join(', ')} were all measured`);
  const bad: string[] = [];
  for (const x of xs)
    for (const h of heavy)
      for (const l of light)
        if (!(at(s, h, x)!.y > at(s, l, x)!.y))
          bad.push(`at ${x}: ${h} ${fmt(at(s, h, x)!.y)} <= ${l} ${fmt(at(s, l, x)!.y)}`);
  const row = (x: number) => `${x}: ${all.map((n) => fmt(at(s, n, x)!.y)).join(' / ')}`;
  return judged(
    claim,
    bad.length === 0,
    bad.length ? bad.join('; ') : `${all.join(' / ')}: ${xs.map(row).join(', ')}`,
  );
}

/** Claims that Figs. 10 and 11 share ("the trends are observed to be the same", 000 sec. 5.2). */
function contentionFreeTrends(ctx: ClaimContext): ClaimResult[] {
  const lat = latency(ctx);
  const tr = traffic(ctx);
  return [
    lowestAtEveryPoint(lat, 'tpm', PAPER_SET, 'multicast latency'),
    nearlyConstant(lat, 'tpm', 1.25, 'latency'),
    orderedAtEveryPoint(
      tr,
      ['tpm', 'dual-path'],
      'traffic',
      'tpm uses a little less traffic than dual-path at every point',
    ),
    heavierAtEveryPoint(tr, ['separate', 'column-path'], ['tpm', 'dual-path']),
  ];
}

/**
 * 000 sec. 5.3 on Fig. 12 (b): "The dualpath algorithm performs well in the low throughput but the
 * latency increases rapidly in higher throughput." Read as: at the lowest load within 25% of the
 * best of the four schemes, and the largest growth of the four from the lowest to the highest load
 * that all four sustain.
 */
function dualPathUnderLoad(mc: Series): ClaimResult[] {
  const well =
    'dual-path multicast latency performs well at low throughput (within 25% of the best scheme at the lowest load)';
  const rapid =
    'dual-path multicast latency increases rapidly at higher throughput (the largest growth of the four schemes)';
  const xs = commonXs(mc, PAPER_SET);
  if (xs.length < 2)
    return [
      unchecked(well, 'fewer than 2 loads sustained by all four schemes'),
      unchecked(rapid, 'fewer than 2 loads sustained by all four schemes'),
    ];
  const lo = xs[0]!;
  const hi = xs[xs.length - 1]!;
  const best = Math.min(...PAPER_SET.map((n) => at(mc, n, lo)!.y));
  const dp = at(mc, 'dual-path', lo)!.y;
  const growth = PAPER_SET.map((n) => [n, at(mc, n, hi)!.y / at(mc, n, lo)!.y] as const);
  const dg = growth.find(([n]) => n === 'dual-path')![1];
  const g = growth.map(([n, x]) => `${n} x${x.toFixed(2)}`).join(', ');
  const col = at(mc, 'column-path', lo)!.y;
  const colGrowth = growth.find(([n]) => n === 'column-path')![1];
  return [
    judged(well, dp <= best * 1.25, `at load ${lo}: dual-path ${fmt(dp)}, best ${fmt(best)}`),
    judged(
      rapid,
      growth.every(([, x]) => x <= dg),
      `from load ${lo} to ${hi}: ${g}`,
    ),
    judged(
      'column-path multicast latency increases slowly (less than dual-path) but is severely degraded by start-up and queueing at the source (at least 1.5x TPM at the lowest load)',
      colGrowth < dg && col >= 1.5 * at(mc, 'tpm', lo)!.y,
      `column-path x${colGrowth.toFixed(2)} vs dual-path x${dg.toFixed(2)} from load ${lo} to ${hi}; at ${lo}: column-path ${fmt(col)}, tpm ${fmt(at(mc, 'tpm', lo)!.y)}`,
    ),
  ];
}

/** The claims of 000 sec. 5 for each reproduced figure, checked on the data. */
export const TPM_CLAIMS: Record<string, ClaimSet> = {
  'tpm-fig10': (ctx) => {
    const lat = latency(ctx);
    const trends = contentionFreeTrends(ctx);
    return [
      ...trends.slice(0, 2),
      riseThenFlatten(lat, 'dual-path', 100),
      growsAtLeast(lat, ['column-path', 'separate'], 1.5, 'latency'),
      ...trends.slice(2),
    ];
  },
  'tpm-fig11': (ctx) => {
    const lat = latency(ctx);
    const oneport = ctx.sibling('tpm-fig10');
    return [
      ...contentionFreeTrends(ctx),
      improvedOver(
        oneport && latency({ records: oneport }),
        lat,
        ['column-path', 'separate'],
        'latency',
        'all-port (Fig. 11) against one-port (Fig. 10)',
      ),
      noWorseThan(lat, 'column-path', 'dual-path', 0.15, 'latency'),
    ];
  },
  'tpm-fig12': (ctx) => {
    const uni = seriesOf(ctx.records, ALG, LOAD, (r) => r.metrics?.classes.unicast?.latency.mean);
    const mc = seriesOf(ctx.records, ALG, LOAD, (r) => r.metrics?.classes.multicast?.latency.mean);
    return [
      orderedAtEveryPoint(
        uni,
        ['tpm', 'column-path', 'separate', 'dual-path'],
        'unicast latency',
        'unicast latency: tpm best, followed by column-path, unicast-based (separate) and dual-path, at every load all four sustain',
      ),
      lowestAtEveryPoint(mc, 'tpm', PAPER_SET, 'multicast latency'),
      ...dualPathUnderLoad(mc),
    ];
  },
};

import { bitstringTree } from '../../../src/multicast/bitstring.js';
import { type Estimate, fmtEstimate } from '../../../src/stats/compare.js';
import type { FatTree } from '../../../src/topology/fattree.js';
import { parseTopology } from '../../../src/topology/registry.js';
import { fmt } from '../claim.js';
import type { XY } from '../series.js';
import { common, curve, type Fig, latOf, msOf, nameOf, type Scheme, select } from './data.js';

/**
 * Reading the switch diagnostics (metrics.switchDiagnostics, src/metrics/switch-diagnostics.ts)
 * from sweep records, and the plan and topology quantities some of 002's explanations rest on.
 */

const D = 'metrics.switchDiagnostics';
export const WAIT_UP = `${D}.headWait.up.mean`;
export const WAIT_DOWN = `${D}.headWait.down.mean`;
export const RES_REP = `${D}.headResidence.replicating.mean`;
export const RES_NON = `${D}.headResidence.nonReplicating.mean`;
export const CB_UP = `${D}.centralBuffer.meanFlits.up`;
export const CB_DOWN = `${D}.centralBuffer.meanFlits.down`;
export const LINK_UP12 = `${D}.channelLoad.up1to2`;
export const LINK_PROC = `${D}.channelLoad.toProcessor`;
export const INJECTED = `${D}.injected`;
export const SPREAD = `${D}.spread.mean`;
export const OFFERED = 'metrics.throughput.offered';
export const ACCEPTED = 'metrics.throughput.accepted';
export const LAT = 'metrics.latency.mean';
export const TRAFFIC = 'metrics.traffic.perMessage';

/** One point of two metrics of a series, at a load below its saturation. */
export interface Pair {
  x: number;
  a: XY;
  b: XY;
}

/** Two metrics of one scheme and m at the loads below saturation where both are recorded. */
export function pairs(f: Fig, s: Scheme, m: number | undefined, a: string, b: string): Pair[] {
  const sel = select(f.recs, s, m);
  return common(curve(sel, a, f.grid), curve(sel, b, f.grid));
}

/** Every (scheme, m) series of `schemes` with data, m ascending. */
export function series(f: Fig, schemes: Scheme[]): Array<{ s: Scheme; m: number; name: string }> {
  const ms = msOf(f.recs);
  return schemes.flatMap((s) =>
    ms.filter((m) => select(f.recs, s, m).length > 0).map((m) => ({ s, m, name: `${nameOf(s)} m=${m}` })),
  );
}

/**
 * The largest grid load up to `cap` below saturation for every m of a scheme (the largest such
 * load when none is up to `cap`; undefined if none is common).
 */
export function commonLoad(f: Fig, s: Scheme, ms: number[], cap: number): number | undefined {
  const loads = ms.map((m) => new Set(latOf(f, s, m).map((p) => p.x)));
  const every = [...(loads[0] ?? [])].filter((x) => loads.every((l) => l.has(x)));
  if (every.length === 0) return undefined;
  const low = every.filter((x) => x <= cap);
  return Math.max(...(low.length ? low : every));
}

/** The value of `metric` at load x of a series (below saturation), or undefined. */
export function at(f: Fig, s: Scheme, m: number, metric: string, x: number): XY | undefined {
  return latOf(f, s, m, metric).find((p) => p.x === x);
}

/**
 * A measured value for a detail line: with its interval (metrics.intervals["switchDiagnostics.*"],
 * batch means over the window), or the bare number when a record carries none (a run before
 * mcsim 0.3.0, or a closed-loop window): comparisons of such values tie.
 */
export const v = (p: Estimate): string => (p.h === null ? fmt(p.y) : fmtEstimate(p));

/** The note a detail line opens with when some compared value has no interval. */
export function noInterval(ps: ReadonlyArray<Estimate>): string {
  return ps.some((p) => p.h === null)
    ? 'no 95% interval for some diagnostics (the record carries no metrics.intervals for them), so no comparison of them is beyond noise; '
    : '';
}

/** All k-subsets of `items` (in lexicographic order). */
function* subsets(items: number[], k: number, from = 0, acc: number[] = []): Generator<number[]> {
  if (acc.length === k) {
    yield acc;
    return;
  }
  for (let i = from; i <= items.length - (k - acc.length); i++)
    yield* subsets(items, k, i + 1, [...acc, items[i]!]);
}

/**
 * X2: the share of a multicast's extra copies (sum of k_s - 1) made at level-1 switches, averaged
 * over every destination set of m nodes. Source 0 stands for all: the k-ary n-tree looks the same
 * from every processor. Exact (every set enumerated), so meant for small systems (16 nodes).
 */
export function levelOneShare(spec: string, m: number): number {
  const t = parseTopology(spec);
  const others = Array.from({ length: t.numNodes - 1 }, (_, i) => i + 1);
  let l1 = 0;
  let all = 0;
  for (const set of subsets(others, m)) {
    const e = bitstringTree(t, 0, set).extraCopies;
    l1 += e[0]!;
    for (const x of e) all += x;
  }
  return all === 0 ? 0 : l1 / all;
}

/** X6: mean switches a delivery crosses (2 lambda - 1 on its LCA path) over uniform destinations. */
export function meanSwitchHops(spec: string): number {
  const t = parseTopology(spec) as FatTree;
  let sum = 0;
  for (let d = 1; d < t.numNodes; d++) sum += 2 * t.lcaLevel(0, d) - 1;
  return sum / (t.numNodes - 1);
}

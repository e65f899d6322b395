import { bitstringTree } from '../../multicast/bitstring.js';
import { parseTopology } from '../../topology/registry.js';
import { dataPoints, type PointRecord } from '../record.js';
import { type ClaimResult, type ClaimSet, fmt, judged, unchecked } from './claim.js';
import {
  common,
  curve,
  HW_CB,
  HW_IB,
  msOf,
  nameOf,
  SCHEMES,
  type Scheme,
  SW_CB,
  SW_IB,
  sat,
  select,
} from './switch-data.js';

/**
 * The claims of 002 sec. 7 (and sec. 1, 6, 9) about Figs. 14-19, as checks on the data (the 002
 * notes sec. 3.4 number them C1-C35 and fix each check; ids are kept in the text). Saturation and
 * curves: switch-data.ts. A claim whose data are missing is unchecked; one that does not hold is
 * reported with its numbers (docs/experiments/switch.md discusses them).
 */

const LAT = 'metrics.latency.mean';
const BO = 'metrics.throughput.accepted';
const TOL = 1.05;

type Check = { ok: boolean; detail: string } | undefined;

/** A claim from a check that returns undefined when the data are missing. */
export function claim(text: string, check: () => Check): ClaimResult {
  const r = check();
  return r === undefined ? unchecked(text, 'no data for it') : judged(text, r.ok, r.detail);
}

export const satOf = (recs: PointRecord[], s: Scheme, m?: number) => sat(select(recs, s, m));
export const latOf = (recs: PointRecord[], s: Scheme, m?: number, metric = LAT) =>
  curve(select(recs, s, m), metric);

/** Every scheme of `ss` has data for every m. */
export function have(recs: PointRecord[], ss: Scheme[], ms: number[]): boolean {
  return ms.length > 0 && ss.every((s) => ms.every((m) => select(recs, s, m).length > 0));
}

/** sat of every m for one scheme, "m:sat" list. */
export function satList(recs: PointRecord[], s: Scheme, ms: number[]): string {
  return `${nameOf(s)} sat ${ms.map((m) => `m=${m}:${satOf(recs, s, m)}`).join(' ')}`;
}

/** C1 / C6 / C8: saturation monotone in m (`dir` up = non-decreasing). */
export function satMonotone(recs: PointRecord[], s: Scheme, dir: 'up' | 'down', strictEnds: boolean): Check {
  const ms = msOf(recs);
  if (!have(recs, [s], ms) || ms.length < 2) return undefined;
  const v = ms.map((m) => satOf(recs, s, m)!);
  let ok = v.every((x, i) => i === 0 || (dir === 'up' ? x >= v[i - 1]! : x <= v[i - 1]!));
  if (strictEnds) ok &&= dir === 'up' ? v[v.length - 1]! > v[0]! : v[v.length - 1]! < v[0]!;
  return { ok, detail: satList(recs, s, ms) };
}

/** Latency monotone in m at common loads (`minLoad` and above), within 5%. */
export function latMonotone(recs: PointRecord[], s: Scheme, dir: 'up' | 'down', minLoad: number): Check {
  const ms = msOf(recs);
  if (!have(recs, [s], ms) || ms.length < 2) return undefined;
  const bad: string[] = [];
  let n = 0;
  for (let i = 1; i < ms.length; i++)
    for (const p of common(latOf(recs, s, ms[i - 1]), latOf(recs, s, ms[i]))) {
      if (p.x < minLoad) continue;
      n++;
      const ok = dir === 'up' ? p.b * TOL >= p.a : p.b <= p.a * TOL;
      if (!ok) bad.push(`load ${p.x}: m=${ms[i - 1]} ${fmt(p.a)} vs m=${ms[i]} ${fmt(p.b)}`);
    }
  if (n === 0) return { ok: false, detail: `no common unsaturated loads >= ${minLoad}` };
  return { ok: bad.length === 0, detail: bad.length ? bad.join('; ') : `${n} comparisons` };
}

/** C3 (and C26): hardware saturates later than software on the same buffering. */
export function hwSatLater(recs: PointRecord[]): Check {
  const ms = msOf(recs);
  if (!have(recs, SCHEMES, ms)) return undefined;
  const bad: string[] = [];
  const all: string[] = [];
  for (const [hw, sw] of [
    [HW_CB, SW_CB],
    [HW_IB, SW_IB],
  ] as const)
    for (const m of ms) {
      const h = satOf(recs, hw, m)!;
      const s = satOf(recs, sw, m)!;
      all.push(`m=${m} ${nameOf(hw)} ${h} vs ${nameOf(sw)} ${s}`);
      if (!(m <= 2 ? h >= s : h > s)) bad.push(all[all.length - 1]!);
    }
  return { ok: bad.length === 0, detail: (bad.length ? bad : all).join('; ') };
}

/** `a` below `b` (latency) at every common load, for every m (C4, C27-like). */
export function below(recs: PointRecord[], pairs: Array<[Scheme, Scheme]>, metric = LAT): Check {
  const ms = msOf(recs);
  const need = [...new Set(pairs.flat())];
  if (ms.length > 0 && !have(recs, need, ms)) return undefined;
  const bad: string[] = [];
  let n = 0;
  for (const [a, b] of pairs)
    for (const m of ms.length ? ms : [undefined])
      for (const p of common(latOf(recs, a, m, metric), latOf(recs, b, m, metric))) {
        n++;
        if (!(p.a < p.b))
          bad.push(`m=${m} load ${p.x}: ${nameOf(a)} ${fmt(p.a)} vs ${nameOf(b)} ${fmt(p.b)}`);
      }
  if (n === 0) return undefined;
  return { ok: bad.length === 0, detail: bad.length ? bad.slice(0, 6).join('; ') : `${n} comparisons` };
}

/**
 * C33: below saturation, hardware multicast delivers what is applied (B_o = m B_i). B_o is compared
 * with the load the run actually offered (flits created per node per cycle in the window), not the
 * nominal grid value, from which a finite sample of exponential arrivals departs by a few percent
 * when multicasts are few (m = 15 at 0.55: about 900 multicasts in the window).
 */
export function boEqualsX(recs: PointRecord[]): Check {
  const bad: string[] = [];
  let n = 0;
  for (const s of [HW_CB, HW_IB])
    for (const m of msOf(recs).length ? msOf(recs) : [undefined])
      for (const p of common(
        curve(select(recs, s, m), BO),
        curve(select(recs, s, m), 'metrics.throughput.offered'),
      )) {
        n++;
        if (Math.abs(p.a - p.b) > 0.02)
          bad.push(`${nameOf(s)} m=${m} load ${p.x}: B_o ${p.a.toFixed(3)}, offered ${p.b.toFixed(3)}`);
      }
  if (n === 0) return undefined;
  return {
    ok: bad.length === 0,
    detail: bad.length ? bad.slice(0, 6).join('; ') : `${n} points within 0.02`,
  };
}

/** C7: where replication happens, from the plans: every source and set enumerated (m = 2) or exact (m = 15). */
function replicationLevels(): Check {
  const t = parseTopology('fattree:16');
  let l2 = 0;
  let total = 0;
  for (let s = 0; s < 16; s++)
    for (let a = 0; a < 16; a++)
      for (let b = a + 1; b < 16; b++) {
        if (a === s || b === s) continue;
        const e = bitstringTree(t, s, [a, b]).extraCopies;
        l2 += e[1]!;
        total += e[0]! + e[1]!;
      }
  const share = l2 / total;
  const all = (s: number) => Array.from({ length: 16 }, (_, i) => i).filter((i) => i !== s);
  const m15 = Array.from({ length: 16 }, (_, s) => bitstringTree(t, s, all(s)).extraCopies);
  const ok15 = m15.every((e) => e[0] === 11 && e[1] === 3);
  return {
    ok: Math.abs(share - 84 / 105) < 1e-9 && ok15,
    detail: `m=2: share of extra copies at level 2 ${share.toFixed(4)} (notes: 84/105 = 0.8); m=15: level 1/level 2 copies ${ok15 ? '11/3 for every source' : m15.map((e) => e.join('/')).join(' ')}`,
  };
}

function fig14(recs: PointRecord[]): ClaimResult[] {
  const ms = msOf(recs);
  const lo = ms[0];
  const hi = ms[ms.length - 1];
  return [
    claim('C1 (sec. 7.3): software multicast latency increases with m and saturates earlier', () => {
      const parts = [SW_CB, SW_IB].flatMap((s) => [
        latMonotone(recs, s, 'up', 0),
        satMonotone(recs, s, 'down', false),
      ]);
      if (parts.some((p) => p === undefined)) return undefined;
      return { ok: parts.every((p) => p!.ok), detail: parts.map((p) => p!.detail).join(' | ') };
    }),
    claim('C2 (sec. 7.3): hardware multicast latency decreases as m increases (loads >= 0.5)', () => {
      const parts = [HW_CB, HW_IB].map((s) => latMonotone(recs, s, 'down', 0.5));
      if (parts.some((p) => p === undefined)) return undefined;
      return { ok: parts.every((p) => p!.ok), detail: parts.map((p) => p!.detail).join(' | ') };
    }),
    claim('C3 (sec. 7.3): hardware multicast saturates at a much higher load than software multicast', () =>
      hwSatLater(recs),
    ),
    claim(
      'C4 (sec. 7.3): hardware multicast has lower latency than software multicast, both bufferings',
      () =>
        below(recs, [
          [HW_CB, SW_CB],
          [HW_IB, SW_IB],
        ]),
    ),
    claim(
      `C5 (sec. 7.3, sec. 9 C31): for small m (${lo}) input-FIFO replication does worse than software multicast with central buffers`,
      () => {
        if (lo === undefined || !have(recs, [HW_IB, SW_CB], [lo])) return undefined;
        const hi = satOf(recs, HW_IB, lo)!;
        const sc = satOf(recs, SW_CB, lo)!;
        const c = common(latOf(recs, HW_IB, lo), latOf(recs, SW_CB, lo));
        const last = c[c.length - 1];
        const ok = hi < sc && last !== undefined && last.a > last.b;
        return {
          ok,
          detail: `sat HW-IB ${hi} vs SW-CB ${sc}; at load ${last?.x}: HW-IB ${last ? fmt(last.a) : '-'} vs SW-CB ${last ? fmt(last.b) : '-'}`,
        };
      },
    ),
    claim('C6 (sec. 7.3): input-FIFO replication saturates later as m grows', () =>
      satMonotone(recs, HW_IB, 'up', true),
    ),
    claim(
      'C7 (sec. 7.3): m = 2 replicates mostly at 2nd-level switches, m = 15 mostly at 1st-level switches',
      // Computed from the plans, judged with the figure: a figure without data judges nothing.
      () => (dataPoints(recs).length > 0 ? replicationLevels() : undefined),
    ),
    claim(
      'C28 (sec. 7.8): input-FIFO replication saturates before central-buffer replication; for large m it beats software with central buffers',
      () => {
        if (hi === undefined || !have(recs, [HW_CB, HW_IB, SW_CB], ms)) return undefined;
        const bad = ms.filter((m) => !(satOf(recs, HW_IB, m)! < satOf(recs, HW_CB, m)!));
        const big = satOf(recs, HW_IB, hi)! > satOf(recs, SW_CB, hi)!;
        return {
          ok: bad.length === 0 && big,
          detail: `${satList(recs, HW_IB, ms)}; ${satList(recs, HW_CB, ms)}; ${satList(recs, SW_CB, ms)}`,
        };
      },
    ),
    claim('C29 (sec. 7.8): software multicast on input-buffered switches performs worst', () => {
      if (!have(recs, SCHEMES, ms)) return undefined;
      const bad = ms.filter(
        (m) => satOf(recs, SW_IB, m)! > Math.min(...[HW_CB, HW_IB, SW_CB].map((s) => satOf(recs, s, m)!)),
      );
      return {
        ok: bad.length === 0,
        detail: `${satList(recs, SW_IB, ms)}; worse than another at m = ${bad.join(', ') || 'none'}`,
      };
    }),
    claim(
      'C30 (sec. 9): input-FIFO replication is close to central-buffer replication at low load (10%) but saturates earlier',
      () => {
        if (!have(recs, [HW_CB, HW_IB], ms)) return undefined;
        const rows = ms.map((m) => {
          const c = common(latOf(recs, HW_IB, m), latOf(recs, HW_CB, m))[0];
          return { m, c, s: [satOf(recs, HW_IB, m)!, satOf(recs, HW_CB, m)!] as const };
        });
        const ok = rows.every((r) => r.c !== undefined && r.c.a <= 1.1 * r.c.b && r.s[0] < r.s[1]);
        return {
          ok,
          detail: rows
            .map(
              (r) =>
                `m=${r.m}: load ${r.c?.x} ${r.c ? `${fmt(r.c.a)} vs ${fmt(r.c.b)}` : '-'}, sat ${r.s[0]} vs ${r.s[1]}`,
            )
            .join('; '),
        };
      },
    ),
    claim(
      'C33 (sec. 7.2): below saturation B_o = m B_i for hardware multicast (within 0.02 of the offered load)',
      () => boEqualsX(recs),
    ),
    claim(
      'C34 (sec. 6, X7): hardware multicast uses fewer channels than software multicast (flit-channel traffic per multicast)',
      () =>
        below(
          recs,
          [
            [HW_CB, SW_CB],
            [HW_IB, SW_IB],
          ],
          'metrics.traffic.perMessage',
        ),
    ),
  ];
}

/** Fig. 14's claims (registered with Figs. 15-19 in switch-more.ts). */
export const fig14Claims: ClaimSet = ({ records }) => fig14(records);

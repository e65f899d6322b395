import { valueAt } from '../fields.js';
import type { PointRecord } from '../record.js';
import { type ClaimResult, type ClaimSet, fmt } from './claim.js';
import {
  below,
  boEqualsX,
  claim,
  fig14Claims,
  have,
  hwSatLater,
  latOf,
  satList,
  satMonotone,
  satOf,
} from './switch.js';
import { c18Claims } from './switch-c18.js';
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
 * 002's claims about Figs. 15-19 (002 notes sec. 3.4, C8-C27 and C32). Fig. 14's are in switch.ts;
 * claims comparing 128- and 512-byte messages read Fig. 14's records as a sibling figure.
 */

const AVG = 'metrics.latencyAvgDest.mean';
const BO = 'metrics.throughput.accepted';

function fig15(recs: PointRecord[]): ClaimResult[] {
  const ms = msOf(recs);
  return [
    claim(
      'C8 (sec. 7.3): saturation increases with m for input-FIFO replication and decreases for software multicast',
      () => {
        const parts = [
          satMonotone(recs, HW_IB, 'up', true),
          satMonotone(recs, SW_CB, 'down', false),
          satMonotone(recs, SW_IB, 'down', false),
        ];
        if (parts.some((p) => p === undefined)) return undefined;
        return { ok: parts.every((p) => p!.ok), detail: parts.map((p) => p!.detail).join(' | ') };
      },
    ),
    claim(
      'C9 (sec. 7.3): software multicast on central buffers keeps increasing its received load up to mB_i = 1',
      () => {
        if (!have(recs, [SW_CB], ms)) return undefined;
        const bad: string[] = [];
        for (const m of ms) {
          const c = curve(select(recs, SW_CB, m), BO, false);
          c.forEach((p, i) => {
            if (i > 0 && p.y < c[i - 1]!.y - 0.02)
              bad.push(`m=${m} at ${p.x}: ${p.y.toFixed(3)} after ${c[i - 1]!.y.toFixed(3)}`);
          });
          if (c.length === 0) bad.push(`m=${m}: no completed point`);
        }
        return {
          ok: bad.length === 0,
          detail: bad.length ? bad.join('; ') : `B_o never drops by more than 0.02 for m = ${ms.join(', ')}`,
        };
      },
    ),
    claim(
      'C10 (sec. 7.3, C11): central-buffer replication saturates above 0.9 for every m; the largest m reaches the highest received load',
      () => {
        if (!have(recs, [HW_CB], ms)) return undefined;
        const sats = ms.map((m) => satOf(recs, HW_CB, m)!);
        const maxBo = ms.map((m) => Math.max(...curve(select(recs, HW_CB, m), BO, false).map((p) => p.y)));
        const ok = sats.every((s) => s >= 0.9) && maxBo[maxBo.length - 1]! >= Math.max(...maxBo);
        return {
          ok,
          detail: `${satList(recs, HW_CB, ms)}; max B_o ${ms.map((m, i) => `m=${m}:${maxBo[i]!.toFixed(3)}`).join(' ')}`,
        };
      },
    ),
    claim(
      'C33 (sec. 7.2): below saturation B_o = m B_i for hardware multicast (within 0.02 of the offered load)',
      () => boEqualsX(recs),
    ),
  ];
}

/** sat of a scheme and m in one figure's records and another's, for 128- vs 512-byte claims. */
function sizeCompare(small: PointRecord[] | undefined, big: PointRecord[], ss: Scheme[]) {
  if (!small) return undefined;
  const ms = msOf(big).filter((m) => msOf(small).includes(m));
  if (ms.length === 0) return undefined;
  return ss.flatMap((s) => ms.map((m) => ({ s, m, s128: satOf(small, s, m), s512: satOf(big, s, m) })));
}

function fig16(recs: PointRecord[], fig14: PointRecord[] | undefined): ClaimResult[] {
  const ms = msOf(recs);
  return [
    claim(
      'C12 (sec. 7.4): with 512-byte messages 2- and 4-way central-buffer multicasts saturate before 0.9, 6- and 9-way above 0.9',
      () => {
        if (!have(recs, [HW_CB], [2, 4, 6, 9])) return undefined;
        const v = [2, 4, 6, 9].map((m) => satOf(recs, HW_CB, m)!);
        return {
          ok: v[0]! < 0.9 && v[1]! < 0.9 && v[2]! > 0.9 && v[3]! > 0.9,
          detail: satList(recs, HW_CB, [2, 4, 6, 9]),
        };
      },
    ),
    claim(
      'C13 (sec. 7.4): input-buffer multicasts also saturate earlier with 512-byte than with 128-byte messages',
      () => {
        const rows = sizeCompare(fig14, recs, [HW_IB]);
        if (!rows) return undefined;
        const ok = rows.every((r) => r.s512! <= r.s128!) && rows.some((r) => r.s512! < r.s128!);
        return { ok, detail: rows.map((r) => `m=${r.m}: 128 B ${r.s128}, 512 B ${r.s512}`).join('; ') };
      },
    ),
    claim(
      'C14 (sec. 7.4): software multicasts saturate earlier than with 128-byte messages, and earlier as m grows',
      () => {
        const rows = sizeCompare(fig14, recs, [SW_CB, SW_IB]);
        const mono = [satMonotone(recs, SW_CB, 'down', false), satMonotone(recs, SW_IB, 'down', false)];
        if (!rows || mono.some((p) => p === undefined)) return undefined;
        const ok = rows.every((r) => r.s512! <= r.s128!) && mono.every((p) => p!.ok);
        return {
          ok,
          detail: `${rows.map((r) => `${nameOf(r.s)} m=${r.m}: ${r.s128} -> ${r.s512}`).join('; ')} | ${mono.map((p) => p!.detail).join(' | ')}`,
        };
      },
    ),
    claim('C15 (sec. 7.4): results qualitatively as for 128-byte messages (C3, C4 on 512-byte data)', () => {
      const a = hwSatLater(recs);
      const b = below(recs, [
        [HW_CB, SW_CB],
        [HW_IB, SW_IB],
      ]);
      if (!a || !b) return undefined;
      return { ok: a.ok && b.ok, detail: `C3: ${a.detail} | C4: ${b.detail}` };
    }),
    claim(
      'C32 (sec. 1): central buffers improve the saturation load by up to a factor of 2 over input buffers (max ratio in [1.5, 2.5])',
      () => {
        const sets = [recs, ...(fig14 ? [fig14] : [])];
        const ratios = sets.flatMap((rs) =>
          msOf(rs).flatMap((m) => {
            const cb = satOf(rs, HW_CB, m);
            const ib = satOf(rs, HW_IB, m);
            return cb !== undefined && ib !== undefined && ib > 0 ? [cb / ib] : [];
          }),
        );
        if (ratios.length === 0 || ms.length === 0) return undefined;
        const max = Math.max(...ratios);
        return {
          ok: max >= 1.5 && max <= 2.5,
          detail: `max sat(HW-CB)/sat(HW-IB) = ${max.toFixed(2)} over ${ratios.length} (m, size) pairs`,
        };
      },
    ),
  ];
}

function fig17(recs: PointRecord[]): ClaimResult[] {
  const SHARE = 'workload.destinations.ofOthers';
  const TOPO = 'network.topology';
  const part = (topo: string, share: number) =>
    recs.filter((r) => valueAt(r, TOPO) === topo && Number(valueAt(r, SHARE)) === share);
  const shares = [...new Set(recs.map((r) => Number(valueAt(r, SHARE))))].sort((a, b) => a - b);
  return [
    claim(
      'C16 (sec. 7.5): 64 nodes have higher latency and slightly lower saturation than 16 nodes for comparable multicasts',
      () => {
        if (
          shares.length === 0 ||
          shares.some((f) => part('fattree:64', f).length === 0 || part('fattree:16', f).length === 0)
        )
          return undefined;
        const bad: string[] = [];
        const rows: string[] = [];
        for (const f of shares) {
          const s16 = sat(part('fattree:16', f))!;
          const s64 = sat(part('fattree:64', f))!;
          rows.push(`share ${f}: sat 16 ${s16}, 64 ${s64}`);
          if (!(s64 <= s16 && s64 >= 0.8 * s16)) bad.push(rows[rows.length - 1]!);
          for (const p of common(
            curve(part('fattree:64', f), 'metrics.latency.mean'),
            curve(part('fattree:16', f), 'metrics.latency.mean'),
          ))
            if (!(p.a > p.b)) bad.push(`share ${f} load ${p.x}: 64 ${fmt(p.a)} vs 16 ${fmt(p.b)}`);
        }
        return { ok: bad.length === 0, detail: (bad.length ? bad : rows).join('; ') };
      },
    ),
    claim(
      'C17 (sec. 7.5): on 64 nodes the low-m multicast has the lowest latency at light load but saturates earliest',
      () => {
        if (shares.length < 2 || shares.some((f) => part('fattree:64', f).length === 0)) return undefined;
        const curves = shares.map((f) => curve(part('fattree:64', f), 'metrics.latency.mean'));
        const sats = shares.map((f) => sat(part('fattree:64', f))!);
        const first = curves.map((c) => c[0]);
        const ok =
          first.every((p) => p !== undefined && p.y >= first[0]!.y) &&
          sats.every((s) => s >= sats[0]!) &&
          sats.some((s) => s > sats[0]!);
        return {
          ok,
          detail: shares
            .map(
              (f, i) => `share ${f}: ${first[i] ? fmt(first[i]!.y) : '-'} at ${first[i]?.x}, sat ${sats[i]}`,
            )
            .join('; '),
        };
      },
    ),
  ];
}

function fig18(recs: PointRecord[]): ClaimResult[] {
  const UNI = 'metrics.classes.unicast.latency.mean';
  const ALL = 'metrics.latency.mean';
  const hw = select18(recs, 'bitstring');
  const sw = select18(recs, 'umin');
  return [
    claim(
      'C19 (sec. 7.6, abstract): hardware multicasts perturb unicasts less than software multicasts and give a lower combined latency',
      () => {
        if (hw.length === 0 || sw.length === 0) return undefined;
        const bad: string[] = [];
        for (const p of common(curve(hw, UNI), curve(sw, UNI)))
          if (p.x >= 0.3 && !(p.a < p.b)) bad.push(`unicast at ${p.x}: ${fmt(p.a)} vs ${fmt(p.b)}`);
        for (const p of common(curve(hw, ALL), curve(sw, ALL)))
          if (!(p.a < p.b)) bad.push(`combined at ${p.x}: ${fmt(p.a)} vs ${fmt(p.b)}`);
        return {
          ok: bad.length === 0,
          detail: bad.length ? bad.join('; ') : `sat HW ${sat(hw)}, SW ${sat(sw)}`,
        };
      },
    ),
    claim(
      'C20 (sec. 7.6): with hardware multicast the combined latency follows the unicast latency (within 20% up to 0.8 of saturation)',
      () => {
        if (hw.length === 0) return undefined;
        const limit = 0.8 * (sat(hw) ?? 0);
        const pts = common(curve(hw, ALL), curve(hw, UNI)).filter((p) => p.x <= limit);
        if (pts.length === 0) return undefined;
        const bad = pts.filter((p) => p.a > 1.2 * p.b);
        return {
          ok: bad.length === 0,
          detail: pts.map((p) => `${p.x}: ${fmt(p.a)} vs ${fmt(p.b)}`).join('; '),
        };
      },
    ),
  ];
}

function select18(recs: PointRecord[], alg: string): PointRecord[] {
  return recs.filter((r) => r.params['workload.algorithm'] === alg);
}

/** (a)/(b) per load below saturation, for one scheme and m. */
function ratio(recs: PointRecord[], s: Scheme, m: number) {
  return common(latOf(recs, s, m), latOf(recs, s, m, AVG)).map((p) => ({
    x: p.x,
    a: p.a,
    b: p.b,
    r: p.a / p.b,
  }));
}

function fig19(recs: PointRecord[]): ClaimResult[] {
  const show = (rs: ReturnType<typeof ratio>) => rs.map((p) => `${p.x}:${p.r.toFixed(2)}`).join(' ');
  return [
    claim(
      'C21 (sec. 7.7): m = 6, central buffers: (a) and (b) nearly equal at low load, (a) almost 60% above (b) at high load',
      () => {
        if (!have(recs, [HW_CB], [6])) return undefined;
        const rs = ratio(recs, HW_CB, 6);
        if (rs.length === 0) return undefined;
        const low = rs.filter((p) => p.x <= 0.2);
        const last = rs[rs.length - 1]!;
        return {
          ok: low.length > 0 && low.every((p) => p.r <= 1.1) && last.r >= 1.35 && last.r <= 1.75,
          detail: `(a)/(b) ${show(rs)}`,
        };
      },
    ),
    claim(
      'C22 (sec. 7.7): m = 6, input-FIFO replication: (a) - (b) and (a) grow faster than with central buffers',
      () => {
        if (!have(recs, [HW_CB, HW_IB], [6])) return undefined;
        const ib = ratio(recs, HW_IB, 6);
        const cb = ratio(recs, HW_CB, 6);
        const bad: string[] = [];
        for (const p of ib) {
          const q = cb.find((v) => v.x === p.x);
          if (!q || p.x < 0.3) continue;
          if (!(p.a - p.b >= q.a - q.b && p.a >= q.a))
            bad.push(`${p.x}: IB ${fmt(p.a)}-${fmt(p.b)} vs CB ${fmt(q.a)}-${fmt(q.b)}`);
        }
        return {
          ok: bad.length === 0,
          detail: bad.length ? bad.join('; ') : `IB ${show(ib)} | CB ${show(cb)}`,
        };
      },
    ),
    claim(
      'C23 (sec. 7.7): software multicast always shows a significant difference between (a) and (b) (ratio >= 1.2)',
      () => {
        if (!have(recs, [SW_CB, SW_IB], [6, 15])) return undefined;
        const rows = [SW_CB, SW_IB].flatMap((s) => [6, 15].map((m) => ({ s, m, rs: ratio(recs, s, m) })));
        const ok = rows.every((x) => x.rs.length > 0 && x.rs.every((p) => p.r >= 1.2));
        return { ok, detail: rows.map((x) => `${nameOf(x.s)} m=${x.m}: ${show(x.rs)}`).join(' | ') };
      },
    ),
    claim(
      'C24 (sec. 7.7): for m = 6 software multicast with central buffers saturates later than input-FIFO replication',
      () => {
        if (!have(recs, [SW_CB, HW_IB], [6])) return undefined;
        const a = satOf(recs, SW_CB, 6)!;
        const b = satOf(recs, HW_IB, 6)!;
        return { ok: a >= b, detail: `sat SW-CB ${a}, HW-IB ${b}` };
      },
    ),
    claim(
      'C25 (sec. 7.7): for m = 15 hardware multicast (a) and (b) match closely over a large load range (ratio <= 1.1 up to 0.6 sat)',
      () => {
        if (!have(recs, [HW_CB, HW_IB], [15])) return undefined;
        const rows = [HW_CB, HW_IB].map((s) => ({
          s,
          rs: ratio(recs, s, 15).filter((p) => p.x <= 0.6 * satOf(recs, s, 15)!),
        }));
        const ok = rows.every((x) => x.rs.length > 0 && x.rs.every((p) => p.r <= 1.1));
        return { ok, detail: rows.map((x) => `${nameOf(x.s)}: ${show(x.rs)}`).join(' | ') };
      },
    ),
    claim(
      'C27 (sec. 7.8): hardware multicast latency varies less over the destinations than software multicast ((a) - (b) smaller)',
      () => {
        if (!have(recs, SCHEMES, [6, 15])) return undefined;
        const bad: string[] = [];
        let n = 0;
        for (const [h, s] of [
          [HW_CB, SW_CB],
          [HW_IB, SW_IB],
        ] as const)
          for (const m of [6, 15])
            for (const p of ratio(recs, h, m)) {
              const q = ratio(recs, s, m).find((v) => v.x === p.x);
              if (!q) continue;
              n++;
              if (!(p.a - p.b < q.a - q.b))
                bad.push(`${nameOf(h)} m=${m} at ${p.x}: ${fmt(p.a - p.b)} vs ${fmt(q.a - q.b)}`);
            }
        if (n === 0) return undefined;
        return { ok: bad.length === 0, detail: bad.length ? bad.join('; ') : `${n} comparisons` };
      },
    ),
  ];
}

/** Registered in CLAIMS of claims/index.ts. */
export const SWITCH_CLAIMS: Record<string, ClaimSet> = {
  'switch-fig14': fig14Claims,
  'switch-fig15': ({ records }) => fig15(records),
  'switch-fig16': ({ records, sibling }) => fig16(records, sibling('switch-fig14')),
  'switch-fig17': ({ records }) => fig17(records),
  'switch-fig18': ({ records }) => fig18(records),
  'switch-fig19': ({ records }) => fig19(records),
  'switch-c18': c18Claims,
};

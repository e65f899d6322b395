import { all, type Estimate, fmtEstimate as e, greater, less } from '../../../src/stats/compare.js';
import { valueAt } from '../../../src/sweep/fields.js';
import { type Bracket, satAtLeast, satBelow, satGreater } from '../../../src/sweep/saturation.js';
import type { Part } from '../checks.js';
import type { ClaimResult, ClaimSet } from '../claim.js';
import { c18Claims } from './c18.js';
import {
  bracket,
  common,
  curve,
  type Fig,
  figOf,
  HW_CB,
  HW_IB,
  have,
  LAT,
  msOf,
  nameOf,
  type Scheme,
  SW_CB,
  SW_IB,
  satOf,
  select,
  showBracket,
} from './data.js';
import { type Check, claim, ofParts, overall } from './decide.js';
import { below, boEqualsX, brackets, fig14Claims, hwSatLater, satMonotone } from './fig14.js';
import { fig18, fig19 } from './fig18-19.js';

/**
 * 002's claims about Figs. 15-17 (C8-C17 and C32, docs/experiments/switch.md, "Claim numbering"),
 * decided beyond noise as in fig14.ts. Claims comparing 128- and 512-byte messages read Fig. 14's
 * records as a sibling figure.
 */

const BO = 'metrics.throughput.accepted';

/**
 * C9 on the paper's words (002 sec. 7.3): software multicast's B_o "does not flatten out after B_o
 * becomes less than mB_i" and "the centrally-buffered switches continue to increase delivered
 * bandwidth". Read as a trend, not as a rise at every step of the grid: from the series' last stable
 * load (past it B_o falls below the applied load) to the highest load, B_o rises beyond noise, and
 * no step along the way falls beyond noise.
 */
function keepsRising(f: Fig, s: Scheme, m: number): Part[] {
  const sel = select(f.recs, s, m);
  const c = curve(sel, BO, f.grid, false);
  const b = satOf(f, s, m);
  const from = c.find((p) => p.x === b?.lastStable) ?? c[0];
  const last = c[c.length - 1];
  const gone = f.grid.filter((x) => !c.some((p) => p.x === x));
  if (!from || !last || from === last)
    return [{ d: 'tie', text: `m=${m}: no loads past the last stable one (${showBracket('', b)})` }];
  const after = c.filter((p) => p.x >= from.x);
  const drops = after.slice(1).filter((p, i) => less(p, after[i]!) === 'holds');
  return [
    { d: greater(last, from), text: `m=${m} B_o ${e(from)} at ${from.x} -> ${e(last)} at ${last.x}` },
    {
      d: drops.length ? 'fails' : 'holds',
      text: drops.length
        ? `m=${m} falls beyond noise at ${drops.map((p) => p.x).join(', ')}`
        : `m=${m} no step down beyond noise`,
    },
    ...(gone.length
      ? [{ d: 'tie' as const, text: `m=${m}: no B_o at ${gone.join(', ')} (failed points)` }]
      : []),
  ];
}

/** The highest B_o a series reaches at any load (saturated points included), with its interval. */
function peak(f: Fig, s: Scheme, m: number): (Estimate & { x: number }) | undefined {
  const c = curve(select(f.recs, s, m), BO, f.grid, false);
  return c.length ? c.reduce((a, b) => (b.y > a.y ? b : a)) : undefined;
}

function fig15(f: Fig): ClaimResult[] {
  const ms = msOf(f.recs);
  return [
    claim(
      'C8 (sec. 7.3): saturation increases with m for input-FIFO replication and decreases for software multicast',
      () => {
        const parts = [
          satMonotone(f, HW_IB, 'up'),
          satMonotone(f, SW_CB, 'down'),
          satMonotone(f, SW_IB, 'down'),
        ];
        if (parts.some((p) => p === undefined)) return undefined;
        return { d: all(parts.map((p) => p!.d)), detail: parts.map((p) => p!.text).join(' | ') };
      },
    ),
    claim(
      'C9 (sec. 7.3): software multicast on central buffers "does not flatten out after B_o becomes less than mB_i" (B_o rises beyond noise from the last stable load to mB_i = 1, no step down beyond noise)',
      () => {
        if (!have(f, [SW_CB], ms)) return undefined;
        const parts = ms.flatMap((m) => keepsRising(f, SW_CB, m));
        return ofParts(parts, `B_o keeps rising past saturation for m = ${ms.join(', ')}`);
      },
    ),
    claim(
      'C10 (sec. 7.3, C11): central-buffer replication saturates above 0.9 for every m; the largest m reaches the highest received load',
      () => {
        if (!have(f, [HW_CB], ms)) return undefined;
        const bs = brackets(f, HW_CB, ms);
        const peaks = ms.map((m) => peak(f, HW_CB, m)!);
        const top = peaks[peaks.length - 1]!;
        const parts: Part[] = [
          ...bs.map((x) => ({ d: satAtLeast(x.b, 0.9), text: showBracket(x.name, x.b) })),
          ...peaks.slice(0, -1).map((p, i) => ({
            d: greater(top, p),
            text: `peak B_o m=${ms.at(-1)} ${e(top)} vs m=${ms[i]} ${e(p)}`,
          })),
        ];
        const list = ms.map((m, i) => `m=${m}:${e(peaks[i]!)} at ${peaks[i]!.x}`).join(', ');
        const c = ofParts(parts, '')!;
        return {
          d: c.d,
          detail: `${bs.map((x) => showBracket(x.name, x.b)).join(', ')}; peak B_o ${list}${c.d === 'holds' ? '' : `. ${c.detail}`}`,
        };
      },
    ),
    claim(
      'C33 (sec. 7.2): below saturation B_o = m B_i for hardware multicast (B_o agrees with the applied load X within the 95% intervals of B_o and of the offered load)',
      () => boEqualsX(f),
    ),
  ];
}

/**
 * Saturation of one scheme and m with 128-byte (Fig. 14) against 512-byte messages: the larger
 * earlier. C13 and C14 combine these by `overall`, which we read as "at most" at every m (C13:
 * strictly at some), i.e. no m the other way beyond the grid and some m beyond it.
 */
function sizeParts(small: Fig, big: Fig, ss: Scheme[]): Part[] | undefined {
  const ms = msOf(big.recs).filter((m) => msOf(small.recs).includes(m));
  if (ms.length === 0) return undefined;
  return ss.flatMap((s) =>
    ms.map((m) => {
      const a = satOf(small, s, m);
      const b = satOf(big, s, m);
      return {
        d: a && b ? satGreater(a, b) : 'tie',
        text: `${nameOf(s)} m=${m}: 128 B ${showBracket('', a).trim()}, 512 B ${showBracket('', b).trim()}`,
      };
    }),
  );
}

/** (lo, hi] of sat(cb) / sat(ib) from two brackets: sat lies in (lastStable, firstUnstable]. */
function ratioRange(cb: Bracket, ib: Bracket): [number, number] {
  const lo = (b: Bracket) => b.lastStable ?? 0;
  const hi = (b: Bracket) => b.firstUnstable ?? Number.POSITIVE_INFINITY;
  return [lo(cb) / hi(ib), lo(ib) > 0 ? hi(cb) / lo(ib) : Number.POSITIVE_INFINITY];
}

/** C32: the largest sat(HW-CB) / sat(HW-IB) over m and message sizes lies in [1.5, 2.5]. */
function c32(figs: Fig[]): Check {
  const rows = figs.flatMap((f, k) =>
    msOf(f.recs).flatMap((m) => {
      const cb = satOf(f, HW_CB, m);
      const ib = satOf(f, HW_IB, m);
      return cb && ib ? [{ m, k, cb, ib, r: ratioRange(cb, ib) }] : [];
    }),
  );
  if (rows.length === 0) return undefined;
  const lo = Math.max(...rows.map((x) => x.r[0]));
  const hi = Math.max(...rows.map((x) => x.r[1]));
  const top = rows.reduce((a, b) => (b.r[0] > a.r[0] ? b : a));
  const d = lo >= 1.5 && hi <= 2.5 ? 'holds' : hi < 1.5 || lo > 2.5 ? 'fails' : 'tie';
  const size = (k: number) => (k === 0 ? '512 B' : '128 B');
  return {
    d,
    detail: `max sat(HW-CB)/sat(HW-IB) over ${rows.length} (m, size) pairs lies in (${lo.toFixed(2)}, ${Number.isFinite(hi) ? hi.toFixed(2) : 'unbounded'}]; largest lower end at m=${top.m}, ${size(top.k)}: ${showBracket('HW-CB', top.cb)} vs ${showBracket('HW-IB', top.ib)}`,
  };
}

function fig16(f: Fig, fig14: Fig | undefined): ClaimResult[] {
  return [
    claim(
      'C12 (sec. 7.4): with 512-byte messages 2- and 4-way central-buffer multicasts saturate before 0.9, 6- and 9-way above 0.9',
      () => {
        if (!have(f, [HW_CB], [2, 4, 6, 9])) return undefined;
        const bs = brackets(f, HW_CB, [2, 4, 6, 9]);
        const parts = bs.map((x, i) => ({
          d: i < 2 ? satBelow(x.b, 0.9) : satAtLeast(x.b, 0.9),
          text: showBracket(x.name, x.b),
        }));
        return { d: all(parts.map((p) => p.d)), detail: parts.map((p) => p.text).join(', ') };
      },
    ),
    claim(
      'C13 (sec. 7.4): input-buffer multicasts also saturate earlier with 512-byte than with 128-byte messages (no m the other way, some m beyond the grid)',
      () => {
        const parts = fig14 && sizeParts(fig14, f, [HW_IB]);
        return parts && { d: overall(parts.map((p) => p.d)), detail: parts.map((p) => p.text).join('; ') };
      },
    ),
    claim(
      'C14 (sec. 7.4): software multicasts saturate earlier than with 128-byte messages (no m the other way, some m beyond the grid), and earlier as m grows',
      () => {
        const size = fig14 && sizeParts(fig14, f, [SW_CB, SW_IB]);
        const mono = [satMonotone(f, SW_CB, 'down'), satMonotone(f, SW_IB, 'down')];
        if (!size || mono.some((p) => p === undefined)) return undefined;
        return {
          d: all([overall(size.map((p) => p.d)), ...mono.map((p) => p!.d)]),
          detail: `${size.map((p) => p.text).join('; ')} | 512 B by m: ${mono.map((p) => p!.text).join(' | ')}`,
        };
      },
    ),
    claim('C15 (sec. 7.4): results qualitatively as for 128-byte messages (C3, C4 on 512-byte data)', () => {
      const a = hwSatLater(f);
      const b = below(
        f,
        [
          [HW_CB, SW_CB],
          [HW_IB, SW_IB],
        ],
        'latency',
      );
      if (!a || !b) return undefined;
      return { d: all([a.d, b.d]), detail: `C3: ${a.detail} | C4: ${b.detail}` };
    }),
    claim(
      'C32 (sec. 1): central buffers improve the saturation load by up to a factor of 2 over input buffers (the largest ratio of saturation loads over m and message sizes in [1.5, 2.5])',
      () => (msOf(f.recs).length === 0 ? undefined : c32([f, ...(fig14 ? [fig14] : [])])),
    ),
  ];
}

/**
 * C16: latency higher at every common load, and "slightly lower saturation" read as lower beyond
 * the grid and at least 0.8 of the 16-node load, both on the brackets.
 * C17: the low-m multicast saturates before every other m (beyond the grid) and is faster at the
 * common loads up to 0.1 ("low latency" read as light-load latency).
 */
function fig17(f: Fig): ClaimResult[] {
  const SHARE = 'workload.destinations.ofOthers';
  const TOPO = 'network.topology';
  const part = (topo: string, share: number) =>
    f.recs.filter((r) => valueAt(r, TOPO) === topo && Number(valueAt(r, SHARE)) === share);
  const shares = [...new Set(f.recs.map((r) => Number(valueAt(r, SHARE))))].sort((a, b) => a - b);
  const sat = (topo: string, share: number) => bracket(part(topo, share), f.grid)!;
  const lat = (topo: string, share: number) => curve(part(topo, share), LAT, f.grid);
  const missing = (topos: string[]) =>
    shares.length === 0 || shares.some((s) => topos.some((t) => part(t, s).length === 0));
  return [
    claim(
      'C16 (sec. 7.5): 64 nodes have higher latency at every common load and a lower saturation load, at least 0.8 of the 16-node one, for comparable multicasts',
      () => {
        if (missing(['fattree:16', 'fattree:64'])) return undefined;
        const parts: Part[] = shares.flatMap((s) => {
          const b16 = sat('fattree:16', s);
          const b64 = sat('fattree:64', s);
          const lo64 = b64.lastStable ?? 0;
          const hi64 = b64.firstUnstable ?? Number.POSITIVE_INFINITY;
          const lo16 = b16.lastStable ?? 0;
          const hi16 = b16.firstUnstable ?? Number.POSITIVE_INFINITY;
          const band = lo64 >= 0.8 * hi16 ? 'holds' : hi64 < 0.8 * lo16 ? 'fails' : 'tie';
          const text = `share ${s}: ${showBracket('16 nodes', b16)}, ${showBracket('64 nodes', b64)}`;
          return [
            { d: satGreater(b16, b64), text: `${text} (lower)` },
            { d: band, text: `${text} (at least 0.8 of 16 nodes)` },
            ...common(lat('fattree:64', s), lat('fattree:16', s)).map((p) => ({
              d: greater(p.a, p.b),
              text: `share ${s} at ${p.x}: 64 ${e(p.a)} vs 16 ${e(p.b)}`,
            })),
          ];
        });
        const rows = shares.map(
          (s) =>
            `share ${s}: ${showBracket('16', sat('fattree:16', s))}, ${showBracket('64', sat('fattree:64', s))}`,
        );
        return {
          d: all(parts.map((p) => p.d)),
          detail: `${rows.join('; ')}. ${ofParts(parts, 'all beyond noise')!.detail}`,
        };
      },
    ),
    claim(
      'C17 (sec. 7.5): on 64 nodes the low-m multicast has the lowest latency at light load (0.05-0.1) and saturates earliest',
      () => {
        if (shares.length < 2 || missing(['fattree:64'])) return undefined;
        const low = shares[0]!;
        const parts: Part[] = shares.slice(1).flatMap((s) => [
          {
            d: satGreater(sat('fattree:64', s), sat('fattree:64', low)),
            text: `share ${low} ${showBracket('', sat('fattree:64', low)).trim()} vs share ${s} ${showBracket('', sat('fattree:64', s)).trim()}`,
          },
          ...common(lat('fattree:64', low), lat('fattree:64', s))
            .filter((p) => p.x <= 0.1)
            .map((p) => ({
              d: less(p.a, p.b),
              text: `at ${p.x}: share ${low} ${e(p.a)} vs share ${s} ${e(p.b)}`,
            })),
        ]);
        return ofParts(parts, parts.map((p) => p.text).join('; '));
      },
    ),
  ];
}

/** Registered in CLAIMS of ../index.ts. */
export const SWITCH_CLAIMS: Record<string, ClaimSet> = {
  'switch-fig14': fig14Claims,
  'switch-fig15': ({ records }) => fig15(figOf(records)),
  'switch-fig16': ({ records, sibling }) => {
    const f14 = sibling('switch-fig14');
    return fig16(figOf(records), f14 ? figOf(f14) : undefined);
  },
  'switch-fig17': ({ records }) => fig17(figOf(records)),
  'switch-fig18': ({ records }) => fig18(figOf(records)),
  'switch-fig19': ({ records }) => fig19(figOf(records)),
  'switch-c18': c18Claims,
};

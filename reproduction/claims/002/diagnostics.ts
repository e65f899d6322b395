import { all, type Estimate, greater, less, ratio } from '../../../src/stats/compare.js';
import { satGreater } from '../../../src/sweep/saturation.js';
import type { Part } from '../checks.js';
import { type ClaimResult, type ClaimSet, unchecked } from '../claim.js';
import {
  common,
  curve,
  type Fig,
  figOf,
  HW_CB,
  HW_IB,
  msOf,
  nameOf,
  type Scheme,
  SW_CB,
  SW_IB,
  satOf,
  select,
  showBracket,
} from './data.js';
import { agrees, type Check, claim, exactly, ofParts, overall } from './decide.js';
import {
  ACCEPTED,
  at,
  CB_DOWN,
  CB_UP,
  commonLoad,
  INJECTED,
  LAT,
  LINK_PROC,
  LINK_UP12,
  levelOneShare,
  meanSwitchHops,
  noInterval,
  OFFERED,
  pairs,
  RES_NON,
  RES_REP,
  SPREAD,
  series,
  TRAFFIC,
  v,
  WAIT_DOWN,
  WAIT_UP,
} from './diagnostics-data.js';

/**
 * C35 and the mechanism checks of 002's explanatory statements X1-X11 (docs/experiments/switch.md),
 * on the runs of switch-diag (metrics.switchDiagnostics on) and switch-x1, decided beyond noise
 * like the figures' claims (fig14.ts). The X checks are diagnostics, not claims of the paper about
 * its figures: `holds` reads "consistent with the explanation". Loads below 0.3 are left out where
 * waits are compared: near zero load both sides hardly wait and their order is noise.
 * docs/experiments/switch.md reports the numbers.
 */

const FROM = 0.3;

/** A check over parts, its detail opened by `head` and the note on missing intervals. */
function over(parts: Part[], head: string, values: Estimate[], how = all): Check {
  const c = ofParts(parts, parts.map((p) => p.text).join('; '), how);
  return c && { d: c.d, detail: `${noInterval(values)}${head}${c.detail}` };
}

/** C35 (sec. 6): hardware multicast blocks the inputs fed from above more than those fed from below. */
export function c35(f: Fig): Check {
  const ps = series(f, [HW_CB, HW_IB]).flatMap(({ s, m, name }) =>
    pairs(f, s, m, WAIT_UP, WAIT_DOWN)
      .filter((p) => p.x >= FROM)
      .map((p) => ({ name, p })),
  );
  return over(
    ps.map(({ name, p }) => ({
      d: greater(p.a, p.b),
      text: `${name} ${p.x}: up ${v(p.a)} vs down ${v(p.b)}`,
    })),
    'mean head-of-FIFO wait (cycles) at inputs fed from above vs from below; ',
    ps.flatMap(({ p }) => [p.a, p.b]),
  );
}

/**
 * X1 (sec. 7.3, 6, 7.8): central buffers saturate later than input FIFOs under uniform unicasts
 * (switch-x1 sweeps only the switch: HW_CB and HW_IB select by it), on the saturation brackets.
 */
export function x1(f: Fig): Check {
  if (f.recs.length === 0) return undefined;
  const cb = satOf(f, HW_CB);
  const ib = satOf(f, HW_IB);
  if (cb === undefined || ib === undefined) return undefined;
  const p = common(curve(select(f.recs, HW_CB), LAT, f.grid), curve(select(f.recs, HW_IB), LAT, f.grid)).at(
    -1,
  );
  const lat = p ? `; latency at ${p.x}: ${v(p.a)} vs ${v(p.b)}` : '';
  // The most either delivers at any load, saturated points included (their received load is data).
  const peak = (s: Scheme) => {
    const c = curve(select(f.recs, s), ACCEPTED, f.grid, false);
    const q = c.reduce((a, b) => (b.y > a.y ? b : a));
    return `${v(q)} at ${q.x}`;
  };
  return {
    d: satGreater(cb, ib),
    detail: `${showBracket('central buffer', cb)} vs ${showBracket('input FIFO', ib)}${lat}; peak received load ${peak(HW_CB)} vs ${peak(HW_IB)}`,
  };
}

/** X2 (sec. 7.3): the larger m, the larger the share of replication at level-1 switches (from the plans). */
export function x2(f: Fig): Check {
  const ms = msOf(select(f.recs, HW_CB).concat(select(f.recs, HW_IB)));
  if (f.recs.length === 0 || ms.length < 2) return undefined;
  const share = ms.map((m) => levelOneShare('fattree:16', m));
  return exactly(
    share.every((x, i) => i === 0 || x > share[i - 1]!),
    `level-1 share of extra copies: ${ms.map((m, i) => `m=${m} ${share[i]!.toFixed(3)}`).join(', ')}`,
  );
}

/** X3 (sec. 7.3): with B_o = m B_i, hardware multicast injects 1/m of the applied load (m B_i agrees with X). */
export function x3(f: Fig): Check {
  const ps = series(f, [HW_CB, HW_IB]).flatMap(({ s, m, name }) =>
    pairs(f, s, m, INJECTED, OFFERED).map((p) => ({
      name,
      m,
      p,
      mBi: { y: p.a.y * m, h: p.a.h === null ? null : p.a.h * m },
    })),
  );
  return over(
    ps.map(({ name, m, p, mBi }) => ({
      d: agrees(mBi, p.b),
      text: `${name} ${p.x}: B_i ${v(p.a)} (X/m ${v({ y: p.b.y / m, h: p.b.h === null ? null : p.b.h / m })})`,
    })),
    'm B_i against the offered load X; ',
    ps.flatMap(({ p }) => [p.a, p.b]),
  );
}

/**
 * X4 (sec. 7.3): software multicast's injected load lags the offered load as its latency grows:
 * per series, injected / offered never rises from one load to the next beyond noise and falls
 * beyond it somewhere (saturated points included: the lag is what they show).
 */
export function x4(f: Fig): Check {
  const rows = series(f, [SW_CB, SW_IB]).map(({ s, m, name }) => {
    const sel = select(f.recs, s, m);
    const off = curve(sel, OFFERED, f.grid, false);
    const lat = curve(sel, LAT, f.grid, false);
    const pts = curve(sel, INJECTED, f.grid, false).flatMap((p) => {
      const o = off.find((q) => q.x === p.x);
      const l = lat.find((q) => q.x === p.x);
      return o && l && o.y > 0 ? [{ x: p.x, r: ratio(p, o), l }] : [];
    });
    const steps = pts.slice(1).map((p, i) => less(p.r, pts[i]!.r));
    return {
      d: pts.length < 2 ? ('tie' as const) : overall(steps),
      text: `${name}: ${pts.map((p) => `${p.x} ${v(p.r)} (${v(p.l)})`).join(', ')}`,
      values: pts.map((p) => p.r),
    };
  });
  return over(
    rows,
    'injected / offered (latency) by load; ',
    rows.flatMap((r) => r.values),
  );
}

/**
 * X5 (sec. 7.4): at a fixed load, larger m loads the level-1 up links less, while the links into the
 * processors carry the applied load (B_o = X) whatever m. The load: the largest grid load up to 0.5
 * below saturation for every m (else the largest such load).
 */
export function x5(f: Fig): Check {
  const values: Estimate[] = [];
  const parts = [HW_CB, HW_IB].flatMap((s) => {
    const ms = msOf(select(f.recs, s));
    const x = commonLoad(f, s, ms, 0.5);
    if (x === undefined || ms.length < 2) return [];
    const up = ms.map((m) => at(f, s, m, LINK_UP12, x)!);
    const proc = ms.map((m) => ({ l: at(f, s, m, LINK_PROC, x)!, o: at(f, s, m, OFFERED, x)! }));
    values.push(...up, ...proc.map((p) => p.l));
    const falls = ms.slice(1).map((_, i) => less(up[i + 1]!, up[i]!));
    const equal = proc.map((p) => agrees(p.l, p.o));
    const list = (vs: Estimate[]) => ms.map((m, i) => `m=${m} ${v(vs[i]!)}`).join(' ');
    return [
      {
        d: all([...falls, ...equal]),
        text: `${nameOf(s)} at ${x}: level-1 up links ${list(up)}; processor links ${list(proc.map((p) => p.l))} (offered ${list(proc.map((p) => p.o))})`,
      },
    ];
  });
  return over(parts, 'flits per link per cycle; ', values);
}

/** X6 (sec. 7.5): random traffic crosses more switches in the 64-node system (from the topology). */
export function x6(f: Fig): Check {
  if (f.recs.length === 0) return undefined;
  const h16 = meanSwitchHops('fattree:16');
  const h64 = meanSwitchHops('fattree:64');
  return exactly(
    h64 > h16,
    `mean switches per delivery, uniform destinations: 16 nodes ${h16.toFixed(3)}, 64 nodes ${h64.toFixed(3)}`,
  );
}

/** X7 (sec. 7.6): a hardware multicast moves fewer flits over links than its software counterpart (C34). */
export function x7(f: Fig): Check {
  const rows = (
    [
      [HW_CB, SW_CB],
      [HW_IB, SW_IB],
    ] as const
  ).flatMap(([h, w]) =>
    msOf(f.recs).flatMap((m) => {
      const p = common(
        curve(select(f.recs, h, m), TRAFFIC, f.grid),
        curve(select(f.recs, w, m), TRAFFIC, f.grid),
      )[0];
      return p
        ? [
            {
              d: less(p.a, p.b),
              text: `${nameOf(h)}/${nameOf(w)} m=${m} at ${p.x}: ${v(p.a)} vs ${v(p.b)}`,
              vs: [p.a, p.b],
            },
          ]
        : [];
    }),
  );
  return over(
    rows,
    'flit-link uses per multicast at the lightest common load (also C34, switch-fig14); ',
    rows.flatMap((r) => r.vs),
  );
}

/** X8 (sec. 7.7): hardware branches arrive nearly together at light load and at large m. */
export function x8(f: Fig): Check {
  const ms = msOf(f.recs);
  if (ms.length === 0) return undefined;
  const big = ms[ms.length - 1]!;
  const rows = (
    [
      [HW_CB, SW_CB],
      [HW_IB, SW_IB],
    ] as const
  ).flatMap(([h, w]) =>
    ms.flatMap((m) =>
      curve(select(f.recs, h, m), SPREAD, f.grid).flatMap((p, i) => {
        if (i > 0 && m !== big) return [];
        const sw = at(f, w, m, SPREAD, p.x);
        if (sw === undefined) return [];
        return [
          {
            d: less(p, sw),
            text: `m=${m} ${p.x}: ${nameOf(h)} ${v(p)} vs ${nameOf(w)} ${v(sw)}`,
            vs: [p, sw],
          },
        ];
      }),
    ),
  );
  return over(
    rows,
    `spread of tail arrivals (cycles), lightest load for every m and every load for m=${big}; `,
    rows.flatMap((r) => r.vs),
  );
}

/** X9 (sec. 6): the central buffer is shared unevenly: most of it holds packets from the inputs fed from above. */
export function x9(f: Fig): Check {
  const ps = series(f, [HW_CB]).flatMap(({ s, m, name }) =>
    pairs(f, s, m, CB_UP, CB_DOWN)
      .filter((p) => p.x >= FROM && p.a.y + p.b.y > 0)
      .map((p) => ({ name, p })),
  );
  return over(
    ps.map(({ name, p }) => ({
      d: greater(p.a, p.b),
      text: `${name} ${p.x}: ${v(p.a)} / ${v(p.b)} flits (up share ${(p.a.y / (p.a.y + p.b.y)).toFixed(2)})`,
    })),
    'mean flits per central buffer from inputs fed from above / below; ',
    ps.flatMap(({ p }) => [p.a, p.b]),
  );
}

/** X10 (sec. 6): in input FIFOs, a replicated head blocks its FIFO longer than a single-port one. */
export function x10(f: Fig): Check {
  const ps = series(f, [HW_IB]).flatMap(({ s, m, name }) =>
    pairs(f, s, m, RES_REP, RES_NON).map((p) => ({ name, p })),
  );
  return over(
    ps.map(({ name, p }) => ({ d: greater(p.a, p.b), text: `${name} ${p.x}: ${v(p.a)} vs ${v(p.b)}` })),
    'mean head residence (cycles), replicated vs single-port heads; ',
    ps.flatMap(({ p }) => [p.a, p.b]),
  );
}

const diag = (id: string, text: string, check: () => Check): ClaimResult =>
  claim(`${id} (diagnostic, ${text})`, check);

export const diagClaims: ClaimSet = ({ records }) => {
  const f = figOf(records);
  return [
    claim(
      'C35 (sec. 6): multidestination worms cause more blocking on the "right" input ports (fed from above) than on the "left" ones (fed from below)',
      () => c35(f),
    ),
    diag('X2', 'sec. 7.3: as m increases, more of the replication happens at level-1 switches', () => x2(f)),
    diag('X3', 'sec. 7.3: for B_o = mB_i, increasing m decreases B_i', () => x3(f)),
    diag('X4', 'sec. 7.3: software forwarding lags as latency grows, a drag on the injected load', () =>
      x4(f),
    ),
    diag('X5', 'sec. 7.4: larger m, fewer packets in the first stages; last stage equal', () => x5(f)),
    diag('X6', 'sec. 7.5: a larger network needs more hops on average', () => x6(f)),
    diag('X7', 'sec. 7.6: hardware multicasts occupy fewer links than software ones', () => x7(f)),
    diag('X8', 'sec. 7.7: hardware branches arrive nearly synchronously at low load or large m', () => x8(f)),
    diag('X9', 'sec. 6: the central buffer absorbs the unbalanced load of the input ports', () => x9(f)),
    diag('X10', 'sec. 6: a replicated packet at the head of an input FIFO blocks it longer', () => x10(f)),
    unchecked(
      'X11 (diagnostic, sec. 3.1): asynchronous replication, no dependence across branches',
      'a modelling rule, not measured: every branch reads at its own pace and a chunk is freed by its last reader (docs/algorithms/central-buffer.md, "Replication"); test/engine/multidestination.test.ts and test/router/switch-fig2-two-stage.test.ts exercise it',
    ),
  ];
};

export const x1Claims: ClaimSet = ({ records }) => [
  diag(
    'X1',
    'sec. 7.3, 6, 7.8: central buffers outperform input FIFOs for unicast traffic (saturate later)',
    () => x1(figOf(records)),
  ),
];

/** Registered in CLAIMS (index.ts). */
export const SWITCH_DIAG_CLAIMS: Record<string, ClaimSet> = {
  'switch-diag': diagClaims,
  'switch-x1': x1Claims,
};

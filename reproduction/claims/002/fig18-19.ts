import {
  all,
  atLeast,
  atMost,
  difference,
  type Estimate,
  fmtEstimate as e,
  greater,
  less,
  ratio,
  within,
} from '../../../src/stats/compare.js';
import type { PointRecord } from '../../../src/sweep/record.js';
import { satGreater } from '../../../src/sweep/saturation.js';
import type { Part } from '../checks.js';
import type { ClaimResult } from '../claim.js';
import {
  bracket,
  common,
  curve,
  type Fig,
  HW_CB,
  HW_IB,
  have,
  LAT,
  latOf,
  nameOf,
  SCHEMES,
  type Scheme,
  SW_CB,
  SW_IB,
  satOf,
  showBracket,
} from './data.js';
import { claim, ofParts, overall } from './decide.js';

/**
 * 002's claims about Figs. 18 and 19 (C19-C25 and C27, docs/experiments/switch.md, "Claim
 * numbering"), decided beyond noise as in fig14.ts. (a) and (b) of one run are positively
 * correlated (the last destination's latency and the mean over destinations move together); their
 * ratio's and difference's intervals are taken as for independent means, which makes them wider
 * than they are: on the safe side.
 */

const AVG = 'metrics.latencyAvgDest.mean';

/** (a), (b), (a)/(b) and (a) - (b) per load below saturation, for one scheme and m. */
function defs(f: Fig, s: Scheme, m: number) {
  return common(latOf(f, s, m), latOf(f, s, m, AVG)).map((p) => ({
    x: p.x,
    a: p.a,
    b: p.b,
    r: ratio(p.a, p.b),
    d: difference(p.a, p.b),
  }));
}

const showR = (rs: ReadonlyArray<{ x: number; r: Estimate }>) =>
  rs.length ? rs.map((p) => `${p.x}: ${e(p.r)}`).join(', ') : 'no load below saturation';

function select18(recs: PointRecord[], alg: string): PointRecord[] {
  return recs.filter((r) => r.params['workload.algorithm'] === alg);
}

export function fig18(f: Fig): ClaimResult[] {
  const UNI = 'metrics.classes.unicast.latency.mean';
  const hw = select18(f.recs, 'bitstring');
  const sw = select18(f.recs, 'umin');
  const bHw = bracket(hw, f.grid);
  const bSw = bracket(sw, f.grid);
  return [
    claim(
      'C19 (sec. 7.6, abstract): hardware multicasts perturb unicasts less than software multicasts (unicast latency lower from load 0.3) and give a lower combined latency (at every common load)',
      () => {
        if (hw.length === 0 || sw.length === 0) return undefined;
        const parts: Part[] = [
          ...common(curve(hw, UNI, f.grid), curve(sw, UNI, f.grid))
            .filter((p) => p.x >= 0.3)
            .map((p) => ({ d: less(p.a, p.b), text: `unicast at ${p.x}: HW ${e(p.a)} vs SW ${e(p.b)}` })),
          ...common(curve(hw, LAT, f.grid), curve(sw, LAT, f.grid)).map((p) => ({
            d: less(p.a, p.b),
            text: `combined at ${p.x}: HW ${e(p.a)} vs SW ${e(p.b)}`,
          })),
        ];
        const c = ofParts(parts, `${parts.length} comparisons beyond noise`);
        return (
          c && { d: c.d, detail: `${showBracket('HW-CB', bHw)}, ${showBracket('SW-CB', bSw)}; ${c.detail}` }
        );
      },
    ),
    claim(
      'C20 (sec. 7.6): with hardware multicast the combined latency follows the unicast latency (within 20% at the loads up to 0.8 of the last stable load)',
      () => {
        if (hw.length === 0 || bHw === undefined) return undefined;
        const limit = 0.8 * (bHw.lastStable ?? 0);
        const parts = common(curve(hw, LAT, f.grid), curve(hw, UNI, f.grid))
          .filter((p) => p.x <= limit + 1e-9)
          .map((p) => {
            const r = ratio(p.a, p.b);
            return { d: within(r, 0.8, 1.2), text: `${p.x}: ${e(p.a)} vs ${e(p.b)} (x${e(r)})` };
          });
        const c = ofParts(parts, parts.map((p) => p.text).join('; '));
        return c && { d: c.d, detail: `${showBracket('HW-CB', bHw)}; ${c.detail}` };
      },
    ),
  ];
}

export function fig19(f: Fig): ClaimResult[] {
  return [
    claim(
      'C21 (sec. 7.7): m = 6, central buffers: (a)/(b) at most 1.1 at the lightest load ("nearly equal at low loads"), and in [1.35, 1.75] at the highest load below saturation ("almost 60%")',
      () => {
        if (!have(f, [HW_CB], [6])) return undefined;
        const rs = defs(f, HW_CB, 6);
        if (rs.length === 0) return undefined;
        const lo = rs[0]!;
        const hi = rs[rs.length - 1]!;
        return {
          d: all([atMost(lo.r, 1.1), within(hi.r, 1.35, 1.75)]),
          detail: `${showBracket('HW-CB m=6', satOf(f, HW_CB, 6))}; (a)/(b) at ${lo.x} ${e(lo.r)}, at ${hi.x} ${e(hi.r)}; all loads ${showR(rs)}`,
        };
      },
      // The paper says only "at low loads", so the lightest load decides (not every load up to
      // some bound).
      'For the m = 6 case, (a) and (b) are nearly equal for the hardware central buffer multicast at low loads, but for higher loads (a) exceeds (b) by almost 60%.',
    ),
    claim(
      'C22 (sec. 7.7): m = 6, input-FIFO replication: (a) - (b) and (a) grow faster than with central buffers (from load 0.3: never below beyond noise, above somewhere)',
      () => {
        if (!have(f, [HW_CB, HW_IB], [6])) return undefined;
        const ib = defs(f, HW_IB, 6);
        const cb = defs(f, HW_CB, 6);
        const parts: Part[] = ib.flatMap((p) => {
          const q = cb.find((v) => v.x === p.x);
          if (!q || p.x < 0.3) return [];
          return [
            { d: greater(p.d, q.d), text: `(a) - (b) at ${p.x}: IB ${e(p.d)} vs CB ${e(q.d)}` },
            { d: greater(p.a, q.a), text: `(a) at ${p.x}: IB ${e(p.a)} vs CB ${e(q.a)}` },
          ];
        });
        const c = ofParts(
          parts,
          `above beyond noise at ${parts.filter((p) => p.d === 'holds').length} of ${parts.length}`,
          overall,
        );
        return (
          c && {
            d: c.d,
            detail: `${showBracket('HW-IB', satOf(f, HW_IB, 6))}, ${showBracket('HW-CB', satOf(f, HW_CB, 6))}; ${c.detail}`,
          }
        );
      },
    ),
    claim(
      'C23 (sec. 7.7): software multicast always shows a significant difference between (a) and (b) ((a)/(b) at least 1.2 at every load below saturation)',
      () => {
        if (!have(f, [SW_CB, SW_IB], [6, 15])) return undefined;
        const rows = [SW_CB, SW_IB].flatMap((s) => [6, 15].map((m) => ({ s, m, rs: defs(f, s, m) })));
        const parts: Part[] = rows.flatMap((x) =>
          x.rs.map((p) => ({ d: atLeast(p.r, 1.2), text: `${nameOf(x.s)} m=${x.m} at ${p.x}: ${e(p.r)}` })),
        );
        const c = ofParts(parts, rows.map((x) => `${nameOf(x.s)} m=${x.m}: ${showR(x.rs)}`).join(' | '));
        return (
          c &&
          (rows.some((x) => x.rs.length === 0)
            ? { d: 'tie', detail: `a series without points below saturation; ${c.detail}` }
            : c)
        );
      },
    ),
    claim(
      'C24 (sec. 7.7): for m = 6 software multicast with central buffers saturates later than input-FIFO replication, and the latency curves cross (HW-IB lower at the lightest common load, higher at the highest)',
      () => {
        if (!have(f, [SW_CB, HW_IB], [6])) return undefined;
        const sw = satOf(f, SW_CB, 6)!;
        const ib = satOf(f, HW_IB, 6)!;
        const c = common(latOf(f, HW_IB, 6), latOf(f, SW_CB, 6));
        const parts: Part[] = [
          { d: satGreater(sw, ib), text: `${showBracket('SW-CB', sw)} vs ${showBracket('HW-IB', ib)}` },
        ];
        if (c.length < 2) parts.push({ d: 'tie', text: 'fewer than 2 common loads below saturation' });
        else {
          const lo = c[0]!;
          const hi = c[c.length - 1]!;
          parts.push(
            { d: less(lo.a, lo.b), text: `at ${lo.x}: HW-IB ${e(lo.a)} vs SW-CB ${e(lo.b)}` },
            { d: greater(hi.a, hi.b), text: `at ${hi.x}: HW-IB ${e(hi.a)} vs SW-CB ${e(hi.b)}` },
          );
        }
        return { d: all(parts.map((p) => p.d)), detail: parts.map((p) => p.text).join('; ') };
      },
    ),
    claim(
      'C25 (sec. 7.7): for m = 15 hardware multicast (a) and (b) match closely over a large load range ((a)/(b) at most 1.1 at the loads up to 0.6 of the last stable load)',
      () => {
        if (!have(f, [HW_CB, HW_IB], [15])) return undefined;
        const rows = [HW_CB, HW_IB].map((s) => {
          const b = satOf(f, s, 15)!;
          return { s, b, rs: defs(f, s, 15).filter((p) => p.x <= 0.6 * (b.lastStable ?? 0) + 1e-9) };
        });
        const parts: Part[] = rows.flatMap((x) =>
          x.rs.map((p) => ({ d: atMost(p.r, 1.1), text: `${nameOf(x.s)} at ${p.x}: ${e(p.r)}` })),
        );
        const summary = rows.map((x) => `${showBracket(nameOf(x.s), x.b)}: ${showR(x.rs)}`).join(' | ');
        const c = ofParts(parts, summary);
        if (c === undefined || rows.some((x) => x.rs.length === 0))
          return { d: 'tie', detail: `no load up to 0.6 of the last stable load for a scheme; ${summary}` };
        return c;
      },
    ),
    claim(
      'C27 (sec. 7.8): hardware multicast latency varies less over the destinations than software multicast ((a) - (b) smaller at every common load, m = 6 and 15)',
      () => {
        if (!have(f, SCHEMES, [6, 15])) return undefined;
        const parts: Part[] = (
          [
            [HW_CB, SW_CB],
            [HW_IB, SW_IB],
          ] as const
        ).flatMap(([h, s]) =>
          [6, 15].flatMap((m) => {
            const sw = defs(f, s, m);
            return defs(f, h, m).flatMap((p) => {
              const q = sw.find((v) => v.x === p.x);
              return q
                ? [{ d: less(p.d, q.d), text: `${nameOf(h)} m=${m} at ${p.x}: ${e(p.d)} vs ${e(q.d)}` }]
                : [];
            });
          }),
        );
        return ofParts(parts, `${parts.length} comparisons beyond noise`);
      },
    ),
  ];
}

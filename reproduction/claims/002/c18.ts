import { all, fmtEstimate as e } from '../../../src/stats/compare.js';
import { valueAt } from '../../../src/sweep/fields.js';
import type { PointRecord } from '../../../src/sweep/record.js';
import { satGreater } from '../../../src/sweep/saturation.js';
import type { ClaimResult, ClaimSet } from '../claim.js';
import { bracket, common, curve, gridOf, LAT, showBracket } from './data.js';
import { claim, satTrend } from './decide.js';

const SHARE = 'workload.destinations.ofOthers';
const TOPO = 'network.topology';

/**
 * C18 (002 sec. 7.5): "We do not show software multicast results for 64-node systems, because they
 * grow even worse as m increases." Our check: on 64 nodes, software multicast (U-Min, central
 * buffers; experiment switch-c18) saturates no later as m grows, and earlier than hardware
 * multicast with central buffers (switch-fig17's 64-node series) at every m. The m values are the
 * shares of N - 1 both experiments sweep (m = 8, 25, 63). Saturation is decided on the brackets
 * (decide.ts): the trend in m as satTrend, each share's comparison as satGreater.
 */
export function c18(sw: PointRecord[], hwAll: PointRecord[] | undefined): ClaimResult {
  return claim(
    'C18 (sec. 7.5): software multicast on 64 nodes grows worse as m increases (saturates earlier as m grows, and earlier than hardware multicast with central buffers at every m)',
    () => {
      const share = (r: PointRecord) => Number(valueAt(r, SHARE));
      const hw = (hwAll ?? []).filter((r) => valueAt(r, TOPO) === 'fattree:64');
      const shares = [...new Set(sw.map(share))].filter(Number.isFinite).sort((a, b) => a - b);
      const part = (rs: PointRecord[], f: number) => rs.filter((r) => share(r) === f);
      if (shares.length < 2 || shares.some((f) => part(hw, f).length === 0)) return undefined;
      const gSw = gridOf(sw);
      const gHw = gridOf(hwAll ?? []);
      const rows = shares.map((f) => {
        const s = bracket(part(sw, f), gSw)!;
        const h = bracket(part(hw, f), gHw)!;
        // Latency at the highest load both leave below saturation, for the report (the check is on saturation).
        const at = common(curve(part(sw, f), LAT, gSw), curve(part(hw, f), LAT, gHw)).at(-1);
        const where = at ? `, latency at ${at.x}: SW ${e(at.a)} vs HW ${e(at.b)}` : '';
        return {
          f,
          s,
          d: satGreater(h, s),
          text: `share ${f}: ${showBracket('SW-CB', s)} vs ${showBracket('HW-CB', h)}${where}`,
        };
      });
      const trend = satTrend(
        rows.map((r) => ({ name: `share ${r.f}`, b: r.s })),
        'down',
      );
      return {
        d: all([trend.d, ...rows.map((r) => r.d)]),
        detail: `SW-CB by m: ${trend.text} | ${rows.map((r) => r.text).join('; ')}`,
      };
    },
  );
}

/** Registered in SWITCH_CLAIMS (fig15-17.ts). */
export const c18Claims: ClaimSet = ({ records, sibling }) => [c18(records, sibling('switch-fig17'))];

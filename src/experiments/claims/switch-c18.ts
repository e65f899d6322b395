import { valueAt } from '../fields.js';
import type { PointRecord } from '../record.js';
import { type ClaimResult, type ClaimSet, fmt } from './claim.js';
import { claim } from './switch.js';
import { common, curve, sat } from './switch-data.js';

const SHARE = 'workload.destinations.ofOthers';
const TOPO = 'network.topology';
const LAT = 'metrics.latency.mean';

/**
 * C18 (002 sec. 7.5): "We do not show software multicast results for 64-node systems, because they
 * grow even worse as m increases." The notes' check: on 64 nodes, software multicast (U-Min, central
 * buffers; experiment switch-c18) saturates no later as m grows, and earlier than hardware
 * multicast with central buffers (switch-fig17's 64-node series) at every m. The m values are the
 * shares of N - 1 both experiments sweep (m = 8, 25, 63).
 */
export function c18(sw: PointRecord[], hwAll: PointRecord[] | undefined): ClaimResult {
  return claim(
    'C18 (sec. 7.5): software multicast on 64 nodes grows worse as m increases (saturation non-increasing in m and below hardware multicast with central buffers)',
    () => {
      const share = (r: PointRecord) => Number(valueAt(r, SHARE));
      const hw = (hwAll ?? []).filter((r) => valueAt(r, TOPO) === 'fattree:64');
      const shares = [...new Set(sw.map(share))].filter(Number.isFinite).sort((a, b) => a - b);
      const part = (rs: PointRecord[], f: number) => rs.filter((r) => share(r) === f);
      if (shares.length < 2 || shares.some((f) => part(hw, f).length === 0)) return undefined;
      const rows = shares.map((f) => {
        const s = sat(part(sw, f))!;
        const h = sat(part(hw, f))!;
        // Latency at the loads both leave unsaturated, for the report (the check is on saturation).
        const lat = common(curve(part(sw, f), LAT), curve(part(hw, f), LAT));
        const at = lat[lat.length - 1];
        const where = at ? `, latency at ${at.x}: SW ${fmt(at.a)} vs HW ${fmt(at.b)}` : '';
        return { f, s, h, text: `share ${f}: sat SW-CB ${s} vs HW-CB ${h}${where}` };
      });
      const monotone = rows.every((r, i) => i === 0 || r.s <= rows[i - 1]!.s);
      const below = rows.every((r) => r.s < r.h);
      const why = [monotone ? '' : 'SW-CB sat rises with m', below ? '' : 'SW-CB sat not below HW-CB'];
      const head = why.filter(Boolean).join(', ');
      return {
        ok: monotone && below,
        detail: `${head ? `${head}: ` : ''}${rows.map((r) => r.text).join('; ')}`,
      };
    },
  );
}

/** Registered in SWITCH_CLAIMS (switch-more.ts). */
export const c18Claims: ClaimSet = ({ records, sibling }) => [c18(records, sibling('switch-fig17'))];

import { type Estimate, fmtEstimate as e, ratio, within } from '../../src/stats/compare.js';
import { pointEstimate } from '../../src/sweep/estimates.js';
import { valueAt } from '../../src/sweep/fields.js';
import type { PointRecord } from '../../src/sweep/record.js';
import { type Bracket, bracketOf, fmtBracket } from '../../src/sweep/saturation.js';
import { type ClaimResult, type ClaimSet, decided, judged, unchecked } from './claim.js';

const LOAD = 'workload.load';
const TOPOLOGY = 'network.topology';

/**
 * BookSim2 on the same network and load (16x16 mesh, dimension-order routing, 2 VCs of 8 flits,
 * uniform traffic, 20-flit packets, injection in flits), measured and described in
 * docs/experiments/saturation.md: stable at 0.16, unstable at 0.17 flits/node/cycle (3 seeds each),
 * and its accepted throughput past saturation.
 */
export const BOOKSIM2 = { topology: 'mesh:16x16', lastStable: 0.16, firstUnstable: 0.17, throughput: 0.164 };

/** Loads this far above the first unstable one are overloaded: their accepted throughput is the network's. */
const OVERLOAD = 1.2;

/**
 * The network's saturation throughput: accepted throughput averaged over the points loaded at least
 * OVERLOAD times its first unstable load (the plateau of the accepted curve), with the interval of
 * that average (the points are independent runs).
 */
function saturationThroughput(records: readonly PointRecord[], b: Bracket): Estimate | undefined {
  if (b.firstUnstable === undefined) return undefined;
  const loads = [...new Set(records.map((r) => Number(valueAt(r, LOAD))))].filter(
    (x) => x >= OVERLOAD * b.firstUnstable!,
  );
  const ests = loads
    .map((x) =>
      pointEstimate(
        records.filter((r) => Number(valueAt(r, LOAD)) === x),
        'metrics.throughput.accepted',
      ),
    )
    .filter((p) => p !== undefined);
  if (ests.length === 0) return undefined;
  const y = ests.reduce((a, p) => a + p.mean, 0) / ests.length;
  const hs = ests.map((p) => p.interval.halfWidth);
  const known = hs.filter((x): x is number => x !== null);
  const h = known.length < hs.length ? null : Math.sqrt(known.reduce((a, x) => a + x * x, 0)) / ests.length;
  return { y, h };
}

function check(records: readonly PointRecord[], topology: string): ClaimResult[] {
  const rs = records.filter((r) => String(valueAt(r, TOPOLOGY)) === topology);
  const b = bracketOf(rs, LOAD);
  const theta = saturationThroughput(rs, b);
  const contains = `${topology}: the saturation bracket contains the network's saturation throughput (accepted throughput at loads at least ${OVERLOAD}x the first unstable one)`;
  const out: ClaimResult[] = [];
  if (b.lastStable === undefined || b.firstUnstable === undefined || theta === undefined)
    out.push(unchecked(contains, `bracket ${fmtBracket(b)}: needs stable and overloaded points`));
  else
    out.push(
      decided(
        contains,
        within(theta, b.lastStable, b.firstUnstable),
        `bracket ${fmtBracket(b)}, saturation throughput ${e(theta)}`,
      ),
    );
  const agree = `${topology}: the saturation bracket and throughput agree with BookSim2's within 10% (BookSim2: (${BOOKSIM2.lastStable}, ${BOOKSIM2.firstUnstable}], ${BOOKSIM2.throughput})`;
  if (topology !== BOOKSIM2.topology)
    out.push(unchecked(agree, `BookSim2 was measured on ${BOOKSIM2.topology}`));
  else if (b.lastStable === undefined || b.firstUnstable === undefined || theta === undefined)
    out.push(unchecked(agree, `bracket ${fmtBracket(b)}: needs stable and overloaded points`));
  else {
    const ends =
      Math.abs(b.lastStable - BOOKSIM2.lastStable) <= 0.1 * BOOKSIM2.lastStable &&
      Math.abs(b.firstUnstable - BOOKSIM2.firstUnstable) <= 0.1 * BOOKSIM2.firstUnstable;
    const r = ratio(theta, { y: BOOKSIM2.throughput, h: 0 });
    const detail = `mcsim ${fmtBracket(b)}, throughput ${e(theta)} (x${e(r)} of BookSim2's)`;
    if (!ends) out.push(judged(agree, false, detail));
    else out.push(decided(agree, within(r, 0.9, 1.1), detail));
  }
  return out;
}

/** The saturation check against BookSim2 (experiments/mesh-saturation.yaml), per network of the run. */
export const MESH_SATURATION_CLAIMS: Record<string, ClaimSet> = {
  'mesh-saturation': ({ records }) => {
    const topologies = [...new Set(records.map((r) => String(valueAt(r, TOPOLOGY))))];
    return (topologies.length ? topologies : [BOOKSIM2.topology]).flatMap((t) => check(records, t));
  },
};

import type { Service, StopSpec, WormSpec } from '../plan/worm.js';
import { type MulticastPlan, type PlanContext, type PlannerDef, pathWorm } from './plan.js';
import { check2dTorus } from './torus2d.js';

/**
 * The two readings of T2W's directions (docs/algorithms/t2w.md): 'source-origin' reads the torus as
 * the mesh with the source at its origin, so every worm goes +x, then +y; 'shortest' sends the
 * horizontal main path and each column path the shorter way round their ring (ties +).
 */
export type T2wReading = 'source-origin' | 'shortest';

/**
 * T2W (Radwan et al., [20] of 001; 001 sec. 2), reconstructed from 001's description as in
 * docs/algorithms/t2w.md, in its source-origin reading: x' = (x - x_s) mod m,
 * y' = (y - y_s) mod n, and every worm goes only +x then +y ('xy-plus').
 *
 * Phase 1: the horizontal main path (HMP), one path worm from s along +x (through the horizontal
 * wraparound when needed) to the last column X = max x' of the destinations. It absorbs the
 * destinations of the source row, and stops at (x', 0) of every other column holding destinations
 * off the source row, which retransmits (TAFR/PAFR; TAR/PAR at the end). If the source's own column
 * holds destinations, the source sends their column worm as a second worm of phase 1.
 * Phase 2: each retransmitting HMP node sends one path worm up its column (+y, with wraparound)
 * through the column's destinations in increasing y'. At most two phases (two start-ups).
 */
export const t2w: PlannerDef = {
  name: 't2w',
  description: 'T2W ([20] of 001): +x horizontal main path, then column worms (two start-ups)',
  topologies: ['torus'],
  check: check2dTorus,
  routingFor: () => 'xy-plus',
  plan: (ctx, source, dests) => planT2w(ctx, source, dests, 'source-origin'),
};

/** The worms of T2W in either reading: the HMP along its direction, a column worm per column. */
export function planT2w(
  ctx: PlanContext,
  source: number,
  dests: readonly number[],
  reading: T2wReading,
): MulticastPlan {
  const [m, n] = ctx.topology.dims as [number, number];
  const xs = source % m;
  const ys = Math.floor(source / m);
  // Offsets in the + directions: c = (x - x_s) mod m, r = (y - y_s) mod n.
  const onRow = new Array<boolean>(m).fill(false);
  const column: number[][] = Array.from({ length: m }, () => []);
  for (const d of dests) {
    const c = ((d % m) - xs + m) % m;
    const r = (Math.floor(d / m) - ys + n) % n;
    if (r === 0) onRow[c] = true;
    else column[c]!.push(r);
  }
  const shortest = reading === 'shortest';
  const sx = shortest ? hmpSign(m, onRow, column) : 1;
  // Hops from the source to column c along the HMP's direction.
  const along = (c: number) => (sx > 0 ? c : (m - c) % m);
  const node = (c: number, r: number) => ((xs + c) % m) + m * ((ys + r) % n);
  const phase = new Map<WormSpec, number>();
  // A column worm runs from the HMP node through the column's destinations, nearest first, the
  // way round the column its reading takes.
  const colWorm = (c: number): WormSpec => {
    const sy = shortest ? shorterSign(n, column[c]!) : 1;
    const hops = (r: number) => (sy > 0 ? r : n - r);
    const order = [...column[c]!].sort((a, b) => hops(a) - hops(b));
    return pathWorm(
      node(c, 0),
      order.map((r) => node(c, r)),
      ctx.length,
      routingOf(sy),
    );
  };
  let X = 0;
  for (let c = 1; c < m; c++) if (onRow[c] || column[c]!.length > 0) X = Math.max(X, along(c));
  const worms: WormSpec[] = [];
  if (X > 0) {
    const stops: StopSpec[] = [];
    for (let k = 1; k <= X; k++) {
      const c = sx > 0 ? k : m - k;
      const col = column[c]!.length > 0;
      if (!onRow[c] && !col) continue;
      const stop: StopSpec = { node: node(c, 0), service: hmpService(onRow[c]!, col, k === X) };
      if (col) {
        const cw = colWorm(c);
        phase.set(cw, 2);
        stop.retransmit = [cw];
      }
      stops.push(stop);
    }
    worms.push({ source, stops, length: ctx.length, routing: routingOf(sx) });
  }
  if (column[0]!.length > 0) worms.push(colWorm(0));
  for (const w of worms) phase.set(w, 1);
  const plan: MulticastPlan = {
    algorithm: shortest ? 't2w-shortest' : 't2w',
    source,
    destinations: [...dests],
    worms,
    phase,
  };
  if (!shortest) plan.routing = 'xy-plus';
  return plan;
}

/** The routing a worm going `sign` round its ring follows (routing/xy-plus.ts). */
function routingOf(sign: 1 | -1): string {
  return sign > 0 ? 'xy-plus' : 'xy-minus';
}

/**
 * Direction of the HMP in the shortest reading: it must reach every column holding a destination
 * (001 sec. 2: "the nodes on the horizontal main path can cover all destination nodes on
 * columns"), so going + it ends at the largest offset c, going - at the smallest (m - c hops); it
 * takes the shorter of the two, + on a tie.
 */
function hmpSign(m: number, onRow: readonly boolean[], column: readonly number[][]): 1 | -1 {
  const used: number[] = [];
  for (let c = 1; c < m; c++) if (onRow[c] || column[c]!.length > 0) used.push(c);
  return shorterSign(m, used);
}

/**
 * Which way round a ring of k nodes reaches all of `offsets` (1..k-1, counted + from the start) in
 * fewer hops: + needs max(offsets), - needs k - min(offsets); + on a tie (as dimension-order
 * routing breaks its ties, routing/dor.ts).
 */
export function shorterSign(k: number, offsets: readonly number[]): 1 | -1 {
  if (offsets.length === 0) return 1;
  let lo = k;
  let hi = 0;
  for (const o of offsets) {
    lo = Math.min(lo, o);
    hi = Math.max(hi, o);
  }
  return hi <= k - lo ? 1 : -1;
}

/**
 * Service of an HMP stop (000 sec. 3.2 services): a destination absorbs (P..), a column head
 * retransmits (..R), and every stop but the last forwards (..F..).
 */
function hmpService(destination: boolean, columnHead: boolean, last: boolean): Service {
  if (destination) {
    if (columnHead) return last ? 'PAR' : 'PAFR';
    return last ? 'ABS' : 'PAF';
  }
  return last ? 'TAR' : 'TAFR';
}

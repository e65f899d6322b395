import type { Service, StopSpec, WormSpec } from '../plan/worm.js';
import { type MulticastPlan, type PlannerDef, pathWorm } from './plan.js';
import { check2dTorus } from './torus2d.js';

/**
 * T2W (Radwan et al., [20] of 001; 001 sec. 2), reconstructed from 001's description as in
 * docs/algorithms/t2w.md: the torus is read as the mesh with the source at its origin,
 * x' = (x - x_s) mod m, y' = (y - y_s) mod n, and every worm goes only +x then +y ('xy-plus').
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
  plan(ctx, source, dests): MulticastPlan {
    const [m, n] = ctx.topology.dims as [number, number];
    const xs = source % m;
    const ys = Math.floor(source / m);
    const onRow = new Array<boolean>(m).fill(false);
    const column: number[][] = Array.from({ length: m }, () => []);
    let X = 0;
    for (const d of dests) {
      const xp = (d % m) - xs;
      const yp = Math.floor(d / m) - ys;
      const c = (xp + m) % m;
      const r = (yp + n) % n;
      if (r === 0) onRow[c] = true;
      else column[c]!.push(r);
      X = Math.max(X, c);
    }
    const node = (c: number, r: number) => ((xs + c) % m) + m * ((ys + r) % n);
    const phase = new Map<WormSpec, number>();
    // A column worm climbs +y from the HMP node through the column's destinations in order.
    const colWorm = (c: number): WormSpec =>
      pathWorm(
        node(c, 0),
        column[c]!.sort((a, b) => a - b).map((r) => node(c, r)),
        ctx.length,
        'xy-plus',
      );
    const worms: WormSpec[] = [];
    if (X > 0) {
      const stops: StopSpec[] = [];
      for (let c = 1; c <= X; c++) {
        const col = column[c]!.length > 0;
        if (!onRow[c] && !col) continue;
        const stop: StopSpec = { node: node(c, 0), service: hmpService(onRow[c]!, col, c === X) };
        if (col) {
          const cw = colWorm(c);
          phase.set(cw, 2);
          stop.retransmit = [cw];
        }
        stops.push(stop);
      }
      const hmp: WormSpec = { source, stops, length: ctx.length, routing: 'xy-plus' };
      worms.push(hmp);
    }
    if (column[0]!.length > 0) worms.push(colWorm(0));
    for (const w of worms) phase.set(w, 1);
    return { algorithm: 't2w', source, destinations: [...dests], worms, phase, routing: 'xy-plus' };
  },
};

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

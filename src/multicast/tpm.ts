import type { Service, StopSpec, WormSpec } from '../plan/worm.js';
import type { Topology } from '../topology/topology.js';
import { check2dMesh } from './mesh2d.js';
import { type MulticastPlan, type PlanContext, type PlannerDef, pathWorm } from './plan.js';

/**
 * Two-phase multicast, dimension-order version (Mohapatra & Varavithya, 000 sec. 3-4).
 *
 * Phase 1: the source sends one worm along the *main path* toward the farthest corner of the
 * multicast zone, following the base routing (XY when X <= Y, else YX: 000 sec. 4). Main-path nodes
 * that are destinations absorb the message (PAF); main-path nodes that serve the rest retransmit
 * it in phase 2 (PAFR / TAFR, and PAR / TAR at the end). Phase 2: each retransmitting node sends
 * worms that also follow the base routing.
 *
 * All work happens in a normalised frame: the first routed dimension is `a`, the second `b`; the
 * source is at (0, 0) and the far sides of the zone (000 Fig. 5: F_v, F_h) are at negative a' and
 * b'. The main path runs from (0,0) along a' down to the far vertical line Fa', then along b' down.
 *
 * Destinations, by subzone (000 Fig. 9, 000 Fig. 8), and the main-path node that serves each:
 * - on the main path: absorbed in phase 1;
 * - A  (Fa' <= a' <= 0, b' > 0): node (a', 0); one worm per column, going up the column;
 * - B  (Fa' <  a' <= 0, b' < 0): node (Fa', b'); one worm per row, along the row;
 * - C/D (a' > 0, the side of the near vertical line): a column with destinations at or above the
 *   source row is entered from main-path node (Fa', m), m = -a' (clamped to the mesh): one worm
 *   along row m, then up the column through its destinations at or above row m. The column's
 *   destinations below row m (and every destination of a column with none at or above the source
 *   row) are served by the worm of their own row, from (Fa', b'), like subzone B.
 *
 * Choices where the printed pseudo-code (000 Figs. 5, 8, 9) cannot be meant as written, each keeping
 * Lemma 1 (at most two start-up phases) true — see docs/algorithms/tpm.md:
 * 1. Fig. 5's mid_x = u_x - l_x/2 is the zone's centre (l_x + u_x)/2; a source on the centre line
 *    (which Fig. 5 leaves out) takes as far side the one with more room in the mesh.
 * 2. Fig. 8 maps each C/D destination to its own main-path row d_y - |d_x - S_x|, which for
 *    destinations above the diagonal lies off the main path. We map per column instead: the column
 *    at distance c from the source is entered from the main-path row -c (the same diagonal, taken
 *    at the source row) and its worm covers the column from that row up; destinations below that
 *    row ride with the worms of their rows. Distinct columns thus leave the main path on distinct rows,
 *    which is why the zone is extended so that |S_y - F_h| >= |S_x - N_v| (000 sec. 4); where the
 *    mesh boundary prevents that, rows are clamped to it and worms may share a row (contention,
 *    never a missed destination).
 * 3. Destinations on a B row and the C/D column entered from that row are served by one worm (as in
 *    000 Fig. 3, where (0,4) TAFR retransmits to (2,4) PAF then (5,5) ABS).
 * 4. Destinations in the source's own column on the near side (subzone A at a' = 0) would need the
 *    source as its own retransmitter; the source sends them a second worm in phase 1 instead.
 * 5. The main path stops at its last stop rather than at the corner when the corner serves nothing.
 */
export const tpm: PlannerDef = {
  name: 'tpm',
  description: 'two-phase multicast (000 sec. 3-4): main path to the far zone corner, then retransmission',
  topologies: ['mesh'],
  check: check2dMesh,
  routingFor(topo: Topology): string {
    const [X, Y] = topo.dims as [number, number];
    return X <= Y ? 'xy' : 'yx';
  },
  plan(ctx: PlanContext, source: number, destinations: readonly number[]): MulticastPlan {
    return planTpm(ctx, source, destinations, this.routingFor!(ctx.topology));
  },
};

interface Frame {
  toNode(ap: number, bp: number): number;
  a(node: number): number;
  b(node: number): number;
}

function planTpm(ctx: PlanContext, source: number, dests: readonly number[], routing: string): MulticastPlan {
  const topo = ctx.topology;
  const L = ctx.length;
  // a = the dimension routed first.
  const ai = routing === 'xy' ? 0 : 1;
  const bi = 1 - ai;
  const S = topo.coords(source);
  const all = [source, ...dests].map((n) => topo.coords(n));
  const lo = (i: number) => Math.min(...all.map((c) => c[i]!));
  const hi = (i: number) => Math.max(...all.map((c) => c[i]!));
  // Direction toward the far line in each dimension (000 Fig. 5 with the zone centre). A source on
  // the centre line takes the side with more room in the mesh, so the zone can be extended there.
  const far = (i: number): number => {
    const twice = S[i]! * 2;
    if (twice !== lo(i) + hi(i)) return twice > lo(i) + hi(i) ? -1 : 1;
    return S[i]! >= topo.dims[i]! - 1 - S[i]! ? -1 : 1;
  };
  const fa = far(ai);
  const fb = far(bi);
  const frame: Frame = {
    a: (n) => -fa * (topo.coords(n)[ai]! - S[ai]!),
    b: (n) => -fb * (topo.coords(n)[bi]! - S[bi]!),
    toNode: (ap, bp) => {
      const c = [0, 0];
      c[ai] = S[ai]! - fa * ap;
      c[bi] = S[bi]! - fb * bp;
      return topo.nodeAt(c);
    },
  };
  const Fa = Math.min(0, ...dests.map(frame.a));
  // Lowest b' the mesh allows on the far side (the zone may be extended down to it).
  const boundaryB = fb < 0 ? -S[bi]! : -(topo.dims[bi]! - 1 - S[bi]!);

  const onMainRow: number[] = [];
  const colA = new Map<number, number[]>();
  const rowB = new Map<number, number[]>();
  const colR = new Map<number, number[]>();
  const onMainCol: number[] = [];
  for (const d of dests) {
    const ap = frame.a(d);
    const bp = frame.b(d);
    if (bp === 0 && ap <= 0) onMainRow.push(d);
    else if (ap === Fa && bp < 0) onMainCol.push(d);
    else if (ap <= 0 && bp > 0) push(colA, ap, d);
    else if (ap <= 0) push(rowB, bp, d);
    else push(colR, ap, d);
  }

  // Near-side columns with destinations at or above the source row get a column worm entering from
  // the diagonal main-path row -c (choice 2); it also serves the column's destinations between that
  // row and the source row. Every other near-side destination lies below the source row and is served
  // by the worm of its row, which also carries the row's subzone-B destinations (choice 3).
  const entryRow = new Map<number, number>();
  const colWorm = new Map<number, number[]>();
  for (const [c, list] of colR) {
    if (!list.some((d) => frame.b(d) >= 0)) {
      for (const d of list) push(rowB, frame.b(d), d);
      continue;
    }
    const m = Math.max(boundaryB, -c);
    entryRow.set(c, m);
    for (const d of list) {
      if (frame.b(d) >= m) push(colWorm, c, d);
      else push(rowB, frame.b(d), d);
    }
  }
  let Fb = Math.min(0, ...dests.map(frame.b));
  for (const m of entryRow.values()) Fb = Math.min(Fb, m);

  // Phase-2 worms, keyed by the main-path node that retransmits them.
  const retx = new Map<number, WormSpec[]>();
  const phase1Extra: WormSpec[] = [];
  const addRetx = (node: number, worm: WormSpec) => {
    // Only in a mesh one node wide can a serving node be the source itself: it sends in phase 1.
    if (node === source) {
      phase1Extra.push(worm);
      return;
    }
    const list = retx.get(node);
    if (list) list.push(worm);
    else retx.set(node, [worm]);
  };
  const byA = (x: number, y: number) => frame.a(x) - frame.a(y);
  const byB = (x: number, y: number) => frame.b(x) - frame.b(y);
  for (const [ap, list] of colA)
    addRetx(frame.toNode(ap, 0), pathWorm(frame.toNode(ap, 0), list.sort(byB), L, routing));
  // Rows: the row's destinations eastward, then the column entered from that row when it lies
  // beyond them (one row-then-column worm, as in 000 Fig. 3); otherwise separate worms.
  const rowsToColumns = new Map<number, number[]>();
  for (const [c, m] of [...entryRow].sort((x, y) => x[0] - y[0])) push(rowsToColumns, m, c);
  const rows = new Set<number>([...rowB.keys(), ...rowsToColumns.keys()]);
  for (const bp of [...rows].sort((x, y) => y - x)) {
    const m = frame.toNode(Fa, bp);
    let rowDests = (rowB.get(bp) ?? []).sort(byA);
    const lastA = rowDests.length > 0 ? frame.a(rowDests[rowDests.length - 1]!) : Number.NEGATIVE_INFINITY;
    for (const c of rowsToColumns.get(bp) ?? []) {
      const column = colWorm.get(c)!.sort(byB);
      if (rowDests.length > 0 && lastA < c) {
        addRetx(m, pathWorm(m, [...rowDests, ...column], L, routing));
        rowDests = [];
      } else {
        addRetx(m, pathWorm(m, column, L, routing));
      }
    }
    if (rowDests.length > 0) addRetx(m, pathWorm(m, rowDests, L, routing));
  }

  // Phase 1: the main path, its stops in path order (000 Fig. 8, steps 2-4).
  const mainNodes: number[] = [];
  for (let ap = -1; ap >= Fa; ap--) mainNodes.push(frame.toNode(ap, 0));
  for (let bp = -1; bp >= Fb; bp--) mainNodes.push(frame.toNode(Fa, bp));
  const destSet = new Set(dests);
  const stopNodes = mainNodes.filter((n) => destSet.has(n) || retx.has(n));
  const worms: WormSpec[] = [];
  const phase = new Map<WormSpec, number>();
  if (stopNodes.length > 0) {
    const stops: StopSpec[] = stopNodes.map((node, i) => {
      const last = i === stopNodes.length - 1;
      const isDest = destSet.has(node);
      const r = retx.get(node);
      const service = serviceFor(isDest, !last, r !== undefined);
      const stop: StopSpec = { node, service };
      if (r) stop.retransmit = r;
      return stop;
    });
    const main: WormSpec = { source, length: L, stops, routing };
    worms.push(main);
  }
  worms.push(...phase1Extra);
  for (const w of worms) phase.set(w, 1);
  for (const list of retx.values()) for (const w of list) phase.set(w, 2);
  return { algorithm: 'tpm', source, destinations: [...dests], worms, phase, routing };
}

/** 000 sec. 3.2: the service of a stop from whether it delivers, forwards and retransmits. */
export function serviceFor(isDest: boolean, forward: boolean, retransmit: boolean): Service {
  if (isDest) {
    if (forward) return retransmit ? 'PAFR' : 'PAF';
    return retransmit ? 'PAR' : 'ABS';
  }
  if (retransmit) return forward ? 'TAFR' : 'TAR';
  return 'FWD';
}

function push<K>(m: Map<K, number[]>, k: K, v: number): void {
  const l = m.get(k);
  if (l) l.push(v);
  else m.set(k, [v]);
}

import { snakeQ } from './torus2d.js';

/**
 * TASNEM's two worms as trees (001 sec. 3.2-3.3, Figs. 2-3), in the reading of
 * docs/algorithms/tasnem.md. Pure and allocation-light: the plan-metrics figures plan thousands of
 * multicasts with up to N - 1 destinations on T40x40.
 */

/** One worm of Dest_Prep: its destinations and the directions of its header. */
export interface TasnemWormSet {
  dests: number[];
  dx: 1 | -1;
  dy: 1 | -1;
}

/**
 * Dest_Prep (001 Fig. 2). Case 1 (y_s < floor(n/2)): worm 1 goes up and takes the labels
 * Q(s)..Q(m-1, y_s + ceil(n/2)); case 2: worm 1 goes down and takes Q(0, y_s - ceil(n/2))..Q(s),
 * the lower bound clamped to label 0 when that row does not exist (odd n, reading 4). Worm 2 takes
 * the rest. d_x of worm 1 is d_y * (+1 on an even source row, -1 on an odd one) (reading 2: d_x is
 * the direction of motion, so it must turn with d_y); worm 2 runs the other way in both (readings
 * of docs/algorithms/tasnem.md).
 */
export function destPrep(
  m: number,
  n: number,
  source: number,
  dests: readonly number[],
): [TasnemWormSet, TasnemWormSet] {
  const xs = source % m;
  const ys = Math.floor(source / m);
  const half = Math.ceil(n / 2);
  let dy: 1 | -1;
  let lo: number;
  let hi: number;
  if (ys < Math.floor(n / 2)) {
    dy = 1;
    lo = snakeQ(m, xs, ys);
    hi = snakeQ(m, m - 1, ys + half);
  } else {
    dy = -1;
    const yb = ys - half;
    lo = yb >= 0 ? snakeQ(m, 0, yb) : 0;
    hi = snakeQ(m, xs, ys);
  }
  const d1: number[] = [];
  const d2: number[] = [];
  for (const d of dests) {
    const q = snakeQ(m, d % m, Math.floor(d / m));
    (q >= lo && q <= hi ? d1 : d2).push(d);
  }
  const dx: 1 | -1 = ys % 2 === 0 ? dy : dy === 1 ? -1 : 1;
  return [
    { dests: d1, dx, dy },
    { dests: d2, dx: dx === 1 ? -1 : 1, dy: dy === 1 ? -1 : 1 },
  ];
}

/**
 * A worm's tree, node i = 0 .. size-1 in depth-first header order (0 is the worm's source): its
 * router, its parent (-1 at the root), its hop depth, whether it absorbs the message (a
 * destination of this worm), and its children: kid0 alone, or at a fork kid0 = the horizontal
 * branch and kid1 = the vertical one (001 sec. 3.3 sends them in that order); -1 for none.
 * Typed arrays: the figures build a thousand trees of up to N nodes per point.
 */
export interface TasnemTree {
  size: number;
  node: Int32Array;
  parent: Int32Array;
  depth: Int32Array;
  absorb: Uint8Array;
  kid0: Int32Array;
  kid1: Int32Array;
}

/**
 * Mess_Forward (001 Fig. 3) run at every router the worm reaches, from the worm's source.
 *
 * Worm frame: rows are numbered k = 0, 1, ... in the worm's vertical direction from the source row;
 * row k is traversed in direction h(k) = d_x * (-1)^k (d_x flips on every vertical move), and the
 * position of (x, row k) is pos = k*m + (h(k) = +1 ? x : m-1-x). Every hop increases pos. In that
 * frame, the destination set a worm carries is always the worm's destinations with pos in an
 * interval (pos(c), hi): D_1 of step 4 (rows y_c and y_v strictly beyond x_c in direction d_x; the
 * vertical neighbour v excluded, reading 1) is exactly the part below pos(v), and D_2 the part from
 * pos(v) on. So each step is O(1) with prefix counts, and a worm costs O(N) instead of O(N * |D|).
 */
export function messForward(m: number, n: number, source: number, w: TasnemWormSet): TasnemTree {
  const N = m * n;
  const ys = Math.floor(source / m);
  const posOf = (id: number): number => {
    const x = id % m;
    const k = ((((Math.floor(id / m) - ys) * w.dy) % n) + n) % n;
    return k * m + ((k % 2 === 0 ? w.dx : -w.dx) === 1 ? x : m - 1 - x);
  };
  const isDest = new Uint8Array(N + 1);
  for (const d of w.dests) isDest[posOf(d)] = 1;
  const cnt = new Int32Array(N + 1);
  for (let p = 0; p < N; p++) cnt[p + 1] = cnt[p]! + isDest[p]!;

  const t: TasnemTree = {
    size: 0,
    node: new Int32Array(N),
    parent: new Int32Array(N),
    depth: new Int32Array(N),
    absorb: new Uint8Array(N),
    kid0: new Int32Array(N).fill(-1),
    kid1: new Int32Array(N).fill(-1),
  };
  // Work list of (pos, hi, parent index); depth-first so that the tree is built in header order.
  const stack: number[] = [posOf(source), N, -1];
  while (stack.length > 0) {
    const par = stack.pop()!;
    const hi = stack.pop()!;
    const p = stack.pop()!;
    const i = t.size++;
    const k = Math.floor(p / m);
    const j = p - k * m;
    const row = (((ys + w.dy * k) % n) + n) % n;
    t.node[i] = ((k % 2 === 0 ? w.dx : -w.dx) === 1 ? j : m - 1 - j) + m * row;
    t.parent[i] = par;
    t.depth[i] = par < 0 ? 0 : t.depth[par]! + 1;
    t.absorb[i] = par >= 0 ? isDest[p]! : 0;
    if (par >= 0) {
      if (t.kid0[par]! < 0) t.kid0[par] = i;
      else t.kid1[par] = i;
    }
    // Step 1 absorbed c; step 2: stop when nothing is left beyond c.
    if (cnt[hi]! - cnt[p + 1]! === 0) continue;
    // Step 3: the vertical neighbour, one row further in the worm frame.
    const pv = (k + 1) * m + (m - 1 - j);
    const lim = pv < hi ? pv : hi;
    const d1 = lim > p + 1 && cnt[lim]! - cnt[p + 1]! > 0;
    if (!d1) stack.push(pv, hi, i);
    else if (!(pv < hi && isDest[pv] === 1)) stack.push(p + 1, hi, i);
    else {
      // Replication: horizontal branch with D_1, vertical branch with D_2 (v among them). Pushed
      // in reverse so the horizontal one is built (and listed) first.
      stack.push(pv, hi, i, p + 1, pv, i);
    }
  }
  return t;
}

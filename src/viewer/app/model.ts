import type { Trace, TraceHop, TraceWorm } from '../../trace/format.js';
import { holds, lifetime } from '../../trace/occupancy.js';
import { deliveriesOf, type ReplayedDelivery } from '../../trace/replay.js';

/** A hop a worm holds at the shown cycle, with how far its flits have got into it. */
export interface HeldHop {
  worm: TraceWorm;
  index: number;
  hop: TraceHop;
  /** Share of the worm's flits that have crossed the channel so far (1 once the tail is in). */
  filled: number;
}

/** A worm whose header sits upstream of a channel it is about to take, or is blocked for. */
export interface Waiter {
  worm: TraceWorm;
  since: number;
}

/**
 * The trace indexed for drawing: worms by lifetime (to find those in flight at a cycle quickly),
 * messages, deliveries and per-channel utilisation over the shown window.
 */
export class ViewModel {
  readonly start: number;
  readonly end: number;
  readonly byStart: TraceWorm[];
  private readonly starts: number[];
  private readonly longest: number;
  readonly wormsOf = new Map<number, TraceWorm[]>();
  readonly deliveries: Map<number, ReplayedDelivery[]>;
  /** Share of the window's cycles each channel had at least one VC held. */
  readonly utilisation: Float64Array;
  /** Worms in the deadlock's cycle of waits, and the channels each waits for. */
  readonly deadlocked = new Map<number, number[]>();

  constructor(readonly trace: Trace) {
    const end = trace.end.cycle;
    const win = trace.header.window;
    this.start = win ? Math.max(0, win[0]) : 0;
    this.end = win ? Math.min(end, win[1]) : end;
    this.byStart = [...trace.worms].sort((a, b) => lifetime(a)[0] - lifetime(b)[0] || a.worm - b.worm);
    this.starts = this.byStart.map((w) => lifetime(w)[0]);
    let longest = 0;
    for (const w of this.byStart) {
      const [a, b] = lifetime(w);
      longest = Math.max(longest, (b === -1 ? end : b) - a);
      let list = this.wormsOf.get(w.message);
      if (!list) this.wormsOf.set(w.message, (list = []));
      list.push(w);
    }
    this.longest = longest;
    this.deliveries = deliveriesOf(trace);
    this.utilisation = this.channelUtilisation();
    const d = trace.end.deadlock;
    if (d) {
      const inCycle = new Set(d.cycleOfWaits);
      for (const w of d.waits) if (inCycle.has(w.worm)) this.deadlocked.set(w.worm, w.channels);
    }
  }

  /** Worms holding a buffer after cycle t. */
  wormsAt(t: number): TraceWorm[] {
    let hi = upperBound(this.starts, t);
    const out: TraceWorm[] = [];
    while (hi-- > 0) {
      if (this.starts[hi]! < t - this.longest) break;
      const w = this.byStart[hi]!;
      if (w.hops.some((h) => holds(h, t))) out.push(w);
    }
    return out.reverse();
  }

  /** Every hop held after cycle t. */
  heldAt(t: number): HeldHop[] {
    const out: HeldHop[] = [];
    for (const w of this.wormsAt(t))
      w.hops.forEach((hop, index) => {
        if (!holds(hop, t)) return;
        const filled = hop[3] !== -1 && hop[3] <= t ? 1 : Math.min(1, (t - hop[2] + 1) / w.length);
        out.push({ worm: w, index, hop, filled });
      });
    return out;
  }

  /**
   * Worms waiting for channel c after cycle t: their header is in the buffer just upstream and their
   * next hop is c (taken later, or never: blocked at the end of a deadlocked run).
   */
  waitersOf(c: number, t: number): Waiter[] {
    const out: Waiter[] = [];
    for (const w of this.wormsAt(t)) {
      for (const h of w.hops) {
        if (h[0] !== c || h[2] <= t || h[5] < 0) continue;
        const up = w.hops[h[5]]!;
        if (holds(up, t)) out.push({ worm: w, since: up[2] });
      }
      const blocked = this.trace.end.deadlock?.waits.find((x) => x.worm === w.worm);
      if (blocked?.channels.includes(c) && t >= this.end) {
        const last = w.hops.reduce((a, h) => Math.max(a, h[2]), 0);
        out.push({ worm: w, since: last });
      }
    }
    return out;
  }

  private channelUtilisation(): Float64Array {
    const n = this.trace.header.channels.length;
    const span = Math.max(1, this.end - this.start + 1);
    // Per channel, the union of the intervals its VCs were held, clipped to the window.
    const iv: Array<Array<[number, number]>> = Array.from({ length: n }, () => []);
    for (const w of this.trace.worms)
      for (const h of w.hops) {
        const a = Math.max(this.start, h[2]);
        const b = Math.min(this.end + 1, h[4] === -1 ? this.end + 1 : h[4]);
        if (b > a) iv[h[0]]!.push([a, b]);
      }
    const u = new Float64Array(n);
    iv.forEach((list, c) => {
      list.sort((x, y) => x[0] - y[0]);
      let total = 0;
      let cur = -1;
      for (const [a, b] of list) {
        const from = Math.max(a, cur);
        if (b > from) total += b - from;
        cur = Math.max(cur, b);
      }
      u[c] = total / span;
    });
    return u;
  }
}

function upperBound(xs: readonly number[], t: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (xs[m]! <= t) lo = m + 1;
    else hi = m;
  }
  return lo;
}

/**
 * The packet path's event queue as a timing wheel: a ring of one bucket per cycle, more than the
 * furthest an event is ever scheduled ahead (a packet's length, or the routing delay and one), so
 * that scheduling and taking an event cost O(1) instead of a heap's O(log n) (all-source
 * collectives keep some 10^4 events pending). Events are (integer cycle, kind, id); events of one
 * cycle come out in no particular order: the packet path decides a cycle only after taking all its
 * events (packet-sim.ts).
 */
export class TimeWheel {
  private readonly buckets: Int32Array[];
  private readonly counts: Int32Array;
  /**
   * Buckets minus one: their number is a power of two above the horizon, so that a cycle's bucket
   * is `time & mask`, exact for any whole cycle below 2^53 (the cycles the packet path computes
   * are often doubles, whose % is a slow floating-point remainder).
   */
  private readonly mask: number;
  /** No pending event is earlier (the wheel looks for the next one from here). */
  private cursor = 0;
  /** The cycle of the last event taken: every event pushed is at most `horizon` after it. */
  private taken = 0;
  private n = 0;

  /** `horizon`: the furthest ahead of the earliest pending event that an event is pushed. */
  constructor(private readonly horizon: number) {
    const W = 1 << Math.ceil(Math.log2(horizon + 1));
    this.mask = W - 1;
    this.buckets = Array.from({ length: W }, () => new Int32Array(16));
    this.counts = new Int32Array(W);
  }

  get size(): number {
    return this.n;
  }

  /** Cycle of the earliest pending event (Infinity when none). */
  peekTime(): number {
    if (this.n === 0) return Number.POSITIVE_INFINITY;
    while (this.counts[this.cursor & this.mask] === 0) this.cursor++;
    return this.cursor;
  }

  /** Kind of the earliest event (0..7). */
  peekKind(): number {
    const slot = this.peekTime() & this.mask;
    return this.buckets[slot]![this.counts[slot]! - 1]! & 7;
  }

  push(time: number, kind: number, id: number): void {
    if (time < this.taken || time > this.taken + this.horizon)
      throw new Error(
        `event at cycle ${time} outside the wheel [${this.taken}, ${this.taken + this.horizon}]`,
      );
    if (time < this.cursor) this.cursor = time;
    const slot = time & this.mask;
    let b = this.buckets[slot]!;
    const c = this.counts[slot]!;
    if (c === b.length) {
      const g = new Int32Array(b.length * 2);
      g.set(b);
      this.buckets[slot] = b = g;
    }
    b[c] = (id << 3) | kind;
    this.counts[slot] = c + 1;
    this.n++;
  }

  /**
   * Takes an event of cycle `now`, the earliest pending cycle (peekTime), as `(id << 3) | kind`, or
   * -1 when that cycle has none left: the same event pop would take, without looking for the
   * earliest cycle again at every event.
   */
  takeAt(now: number): number {
    const slot = now & this.mask;
    const c = this.counts[slot]!;
    if (c === 0) return -1;
    this.counts[slot] = c - 1;
    this.taken = now;
    this.n--;
    return this.buckets[slot]![c - 1]!;
  }

  /** Removes the earliest event and returns its id. */
  pop(): number {
    this.taken = this.peekTime();
    const slot = this.taken & this.mask;
    const c = --this.counts[slot]!;
    this.n--;
    return this.buckets[slot]![c]! >> 3;
  }
}

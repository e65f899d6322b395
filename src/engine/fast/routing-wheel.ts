/** Cycles the wheel spans (a power of 2; longer routing delays wait on the pending list). */
const WHEEL = 16;

/**
 * Heads in their routing delay on a wheel (the routingWheel shortcut, shortcuts.ts): a head that
 * may request its output only from a later cycle joins the pending list in that cycle
 * (allocate.ts), instead of being visited, and skipped, in every cycle before. Valid where the
 * order of the pending list changes no decision (chooseShortcuts). Indexed by buffer id, allocated
 * once.
 */
export class RoutingWheel {
  /** Per slot of the wheel (cycle modulo WHEEL), its first buffer (-1: none). */
  private readonly first = new Int32Array(WHEEL).fill(-1);
  /** Per buffer, the next one in the same slot. */
  private readonly next: Int32Array;
  /** Per buffer, 1 while it is on the wheel. */
  private readonly on: Uint8Array;

  constructor(numBuffers: number) {
    this.next = new Int32Array(numBuffers);
    this.on = new Uint8Array(numBuffers);
  }

  /**
   * Buffer b's head may request from cycle `ready` on, in cycle `now`: it goes on the wheel if that
   * is past the next cycle and within the wheel's span. Returns whether it went on.
   */
  add(b: number, ready: number, now: number): boolean {
    if (ready <= now + 1 || ready - now >= WHEEL) return false;
    const slot = ready & (WHEEL - 1);
    this.next[b] = this.first[slot]!;
    this.first[slot] = b;
    this.on[b] = 1;
    return true;
  }

  /** Empties cycle t's slot; returns its first buffer (-1: none), the rest follow by `leave`. */
  take(t: number): number {
    const slot = t & (WHEEL - 1);
    const b = this.first[slot]!;
    this.first[slot] = -1;
    return b;
  }

  /** Buffer b, taken off the wheel, is due; returns the next one of its slot (-1: none). */
  leave(b: number): number {
    this.on[b] = 0;
    return this.next[b]!;
  }

  /** Is buffer b on the wheel (for the engine's invariants)? */
  has(b: number): boolean {
    return this.on[b] === 1;
  }
}

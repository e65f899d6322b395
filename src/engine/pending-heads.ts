/** Cycles the wheel of heads in their routing delay spans (a power of 2; longer delays wait pending). */
const WHEEL = 16;

/**
 * The lists of heads waiting for an output, which VC allocation (allocate.ts) visits: the pending
 * list (heads it looks at this cycle), the wheel (heads still in their routing delay) and the
 * group lists (heads waiting for a channel with no free VC). Kept apart from the rest of the
 * engine's shared state (state.ts, which extends this) because only allocation, the head stage and
 * buffer releases touch them. Indexed by buffer id, allocated once.
 */
export class PendingHeads {
  /** The cycle being simulated (for the trace of releases made deep in a stage, and the wheel). */
  now = 0;
  /**
   * Heads waiting for a group with no free buffer may leave the pending list and wait on the
   * group's list until one of its buffers is released (allocate.ts): per group the first waiting
   * buffer (-1: none), per buffer the next one and the group it waits on (-1: none). Set by the
   * engine where the shortcut is valid (groupWaits in shortcuts.ts).
   */
  groupWaits = false;
  // Buffers with a branch still waiting for an output (VC allocation visits only these).
  readonly pend: Int32Array;
  readonly pendPos: Int32Array;
  pendCount = 0;
  /**
   * Heads still in their routing delay, by the cycle they become ready (a wheel of WHEEL cycles):
   * they join the pending list then, instead of being visited every cycle before. Per slot of the
   * wheel its first buffer (-1: none), per buffer the next one, and whether it is in the wheel.
   * Used with groupWaits (where the order of the pending list changes no decision).
   */
  private readonly wheelFirst: Int32Array;
  private readonly wheelNext: Int32Array;
  protected readonly inWheel: Uint8Array;
  protected readonly waitFirst: Int32Array;
  private readonly waitNext: Int32Array;
  readonly waitGroup: Int32Array;

  constructor(numBuffers: number, numGroups: number) {
    this.pend = new Int32Array(numBuffers);
    this.pendPos = new Int32Array(numBuffers).fill(-1);
    this.wheelFirst = new Int32Array(WHEEL).fill(-1);
    this.wheelNext = new Int32Array(numBuffers);
    this.inWheel = new Uint8Array(numBuffers);
    this.waitFirst = new Int32Array(numGroups).fill(-1);
    this.waitNext = new Int32Array(numBuffers);
    this.waitGroup = new Int32Array(numBuffers).fill(-1);
  }

  /**
   * A head's branches in buffer b wait for outputs, which allocation may grant from cycle `ready`
   * on: pending now, or from then on (the wheel) where the pending list's order does not matter.
   */
  pendFrom(b: number, ready: number): void {
    if (!this.groupWaits || ready <= this.now + 1 || ready - this.now >= WHEEL) {
      this.addPending(b);
      return;
    }
    const slot = ready & (WHEEL - 1);
    this.wheelNext[b] = this.wheelFirst[slot]!;
    this.wheelFirst[slot] = b;
    this.inWheel[b] = 1;
  }

  /** Cycle t's heads whose routing delay is over join the pending list (allocate.ts, before it looks). */
  duePending(t: number): void {
    const slot = t & (WHEEL - 1);
    for (let b = this.wheelFirst[slot]!; b !== -1; b = this.wheelNext[b]!) {
      this.inWheel[b] = 0;
      this.addPending(b);
    }
    this.wheelFirst[slot] = -1;
  }

  addPending(b: number): void {
    if (this.pendPos[b] !== -1) return;
    this.pendPos[b] = this.pendCount;
    this.pend[this.pendCount++] = b;
  }

  unpend(b: number): void {
    const pos = this.pendPos[b]!;
    if (pos === -1) return;
    const last = this.pend[--this.pendCount]!;
    this.pend[pos] = last;
    this.pendPos[last] = pos;
    this.pendPos[b] = -1;
  }

  /**
   * Pending head buffer b, whose only branch waits for group g with no free buffer, waits on g's
   * list instead of being visited every cycle; `release` puts it back when g gains a buffer. A
   * buffer still on a list (it was put back by heads.ts before the list woke) is only unpended.
   */
  waitForGroup(b: number, g: number): void {
    this.unpend(b);
    if (this.waitGroup[b] !== -1) return;
    this.waitGroup[b] = g;
    this.waitNext[b] = this.waitFirst[g]!;
    this.waitFirst[g] = b;
  }

  /** Group g has a free buffer again: its waiting heads are pending again (allocate.ts decides). */
  protected wakeGroup(g: number): void {
    for (let b = this.waitFirst[g]!; b !== -1; b = this.waitNext[b]!) {
      this.waitGroup[b] = -1;
      this.addPending(b);
    }
    this.waitFirst[g] = -1;
  }
}

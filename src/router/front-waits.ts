import { longer } from '../util/longer.js';

/** Cycles the wheel of timed looks spans (a power of 2): a later look is taken early, and waits again. */
const WHEEL = 512;

/**
 * The fronts of output queues that wait for their output to take a packet (SwitchPolicy.waitsAtFront,
 * the frontWaits shortcut): per allocation group, the branch at the front that the allocator passes
 * over, and when to tell it to look again. A look is due when a buffer of the group is released
 * (the model's onRelease) or at a cycle the model names (its clock: the newest packet's tail cannot
 * be in before then), whichever comes first. Looking again too early is only a wasted visit: the
 * allocator then asks waitsAtFront again. At most one front waits per group, as a queue has one
 * front. Indexed by group, allocated once.
 */
export class FrontWaits {
  /** Per group: the slot waiting at its front, or -1. */
  private readonly waiter: Int32Array;
  /** Per group: the cycle of its timed look (Infinity: none). */
  private readonly until: Float64Array;
  /** Per wheel slot (cycle modulo WHEEL): the groups whose timed look falls in it, and their count. */
  private readonly due: Int32Array[];
  private readonly dueN: Int32Array;

  /** `look`: tells the allocator to look at a waiting slot's head again (SwitchView.reachedFront). */
  constructor(
    groups: number,
    private readonly look: (slot: number) => void,
  ) {
    this.waiter = new Int32Array(groups).fill(-1);
    this.until = new Float64Array(groups).fill(Number.POSITIVE_INFINITY);
    this.due = Array.from({ length: WHEEL }, () => new Int32Array(4));
    this.dueN = new Int32Array(WHEEL);
  }

  /**
   * Slot, the front of group g's queue, waits from cycle `now`: until a buffer of g is released, or
   * until cycle `at` (> now) if it is finite.
   */
  wait(slot: number, g: number, at: number, now: number): void {
    this.waiter[g] = slot;
    if (at === Number.POSITIVE_INFINITY) {
      this.until[g] = at;
      return;
    }
    const when = Math.min(at, now + WHEEL - 1);
    this.until[g] = when;
    const w = when & (WHEEL - 1);
    let list = this.due[w]!;
    if (this.dueN[w] === list.length) {
      this.due[w] = list = longer(list, 2 * list.length);
    }
    list[this.dueN[w]!++] = g;
  }

  /** A buffer of group g was released: its front looks again. */
  released(g: number): void {
    const slot = this.waiter[g]!;
    if (slot === -1) return;
    this.waiter[g] = -1;
    this.look(slot);
  }

  /** Cycle t begins, before allocation: the fronts whose timed look is due look again. */
  tick(t: number): void {
    const w = t & (WHEEL - 1);
    const n = this.dueN[w]!;
    if (n === 0) return;
    const list = this.due[w]!;
    this.dueN[w] = 0;
    for (let i = 0; i < n; i++) {
      const g = list[i]!;
      // A group that waits again since, by another clock or for a release, is not due here.
      if (this.waiter[g] === -1 || this.until[g]! > t) continue;
      const slot = this.waiter[g]!;
      this.waiter[g] = -1;
      this.look(slot);
    }
  }

  /** The slot waiting at group g's front, or -1 (for tests). */
  waiting(g: number): number {
    return this.waiter[g]!;
  }
}

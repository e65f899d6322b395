/**
 * Heads waiting on their group's list (the groupWaits shortcut, shortcuts.ts). A unicast head whose
 * group (a channel's VCs, or a node's consumption channels) has no free buffer would make no
 * request (allocate.ts), so it leaves the pending list and waits on the group's list until one of
 * the group's buffers is released (EngineState.release), instead of being visited every cycle. Valid
 * where the order of the pending list changes no decision (chooseShortcuts). Indexed by buffer and
 * group id, allocated once.
 */
export class GroupWaits {
  /** Per group, the first waiting buffer (-1: none). */
  private readonly first: Int32Array;
  /** Per buffer, the next one waiting on the same group. */
  private readonly next: Int32Array;
  /** Per buffer, the group it waits on (-1: none). */
  private readonly group: Int32Array;

  constructor(numBuffers: number, numGroups: number) {
    this.first = new Int32Array(numGroups).fill(-1);
    this.next = new Int32Array(numBuffers);
    this.group = new Int32Array(numBuffers).fill(-1);
  }

  /** Buffer b waits on group g's list (a buffer already on a list stays where it is). */
  add(b: number, g: number): void {
    if (this.group[b] !== -1) return;
    this.group[b] = g;
    this.next[b] = this.first[g]!;
    this.first[g] = b;
  }

  /** Empties group g's list; returns its first buffer (-1: none), the rest follow by `leave`. */
  take(g: number): number {
    const b = this.first[g]!;
    this.first[g] = -1;
    return b;
  }

  /** Buffer b, taken off its group's list, waits no more; returns the next one of the list (-1: none). */
  leave(b: number): number {
    this.group[b] = -1;
    return this.next[b]!;
  }

  /** The group buffer b waits on, or -1 (for the engine's invariants). */
  groupOf(b: number): number {
    return this.group[b]!;
  }
}

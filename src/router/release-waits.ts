/**
 * Heads that wait for a buffer of their output's allocation group to be released (the frontWaits
 * shortcut, fast/shortcuts.ts): per group, a list of the waiting heads' buffers, any number of them,
 * all told to look again (`look`, SwitchView.reachedInputFront) when a buffer of the group is
 * released. A head may leave its list earlier, when another event makes it look again (`leave`).
 * Looking again too early is only a wasted visit: the allocator then asks the model again. Doubly
 * linked, so that leaving is one step; indexed by group and buffer, allocated once. The lists serve
 * any key a head waits on: chunk-waits.ts keys them by switch.
 */
export class ReleaseWaits {
  /** Per group: the first waiting buffer, or -1. */
  private readonly first: Int32Array;
  /** Per buffer: the next and the previous one on its list, or -1. */
  private readonly next: Int32Array;
  private readonly prev: Int32Array;
  /** Per buffer: the group it waits on, or -1. */
  private readonly group: Int32Array;

  /** `look`: tells the allocator to look at a waiting buffer's head again. */
  constructor(
    groups: number,
    buffers: number,
    private readonly look: (buf: number) => void,
  ) {
    this.first = new Int32Array(groups).fill(-1);
    this.next = new Int32Array(buffers).fill(-1);
    this.prev = new Int32Array(buffers).fill(-1);
    this.group = new Int32Array(buffers).fill(-1);
  }

  /** Buffer b's head waits for a release in group g (off any list it was on). */
  add(b: number, g: number): void {
    if (this.group[b] === g) return;
    this.leave(b);
    const f = this.first[g]!;
    this.group[b] = g;
    this.prev[b] = -1;
    this.next[b] = f;
    if (f !== -1) this.prev[f] = b;
    this.first[g] = b;
  }

  /** Buffer b's head waits no more (it looks again by another event); nothing if it did not wait. */
  leave(b: number): void {
    const g = this.group[b]!;
    if (g === -1) return;
    const p = this.prev[b]!;
    const n = this.next[b]!;
    if (p === -1) this.first[g] = n;
    else this.next[p] = n;
    if (n !== -1) this.prev[n] = p;
    this.group[b] = -1;
  }

  /** A buffer of group g was released: every head waiting on it looks again. */
  released(g: number): void {
    let b = this.first[g]!;
    if (b === -1) return;
    this.first[g] = -1;
    while (b !== -1) {
      const n = this.next[b]!;
      this.group[b] = -1;
      this.look(b);
      b = n;
    }
  }

  /** Does no head wait on group g? */
  isEmpty(g: number): boolean {
    return this.first[g] === -1;
  }

  /** The group buffer b's head waits on, or -1. */
  groupOf(b: number): number {
    return this.group[b]!;
  }
}

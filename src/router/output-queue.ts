import type { SwitchView } from '../engine/view.js';

/**
 * Per-output FIFO queues of packets, one per allocation group (an output channel, or a node's
 * consumption channels), as singly linked lists of branch slots ordered by a key.
 *
 * In the central-buffer switch this is 002 sec. 4.1's next-packet list (Fig. 5-7): `firstP[o]` and
 * `lastP[o]` per output, `NP` per header chunk (here per header copy, i.e. per branch slot, since
 * 002 sec. 4.2.1 writes one header copy per output), the key being the cycle of the header-copy
 * write; "the order of packets in a queue is entirely determined by the order of header chunk
 * writes". In the input-buffer switch it is the request queue of each output (002 sec. 5.1;
 * docs/algorithms/input-buffer.md), keyed by (request cycle, input port): same-cycle requests in
 * ascending input order. Keys only grow along a queue in both uses, so an insertion walks from the tail.
 */
export class OutputQueues {
  /** Per group: the slot at the front (`firstP`) and at the back (`lastP`), or -1 (nil). */
  readonly firstP: Int32Array;
  private readonly lastP: Int32Array;
  /** Per slot: the next slot in its group's queue (`NP`), the one before it, its key, its group. */
  private readonly NP: Int32Array;
  private readonly prev: Int32Array;
  readonly key: Float64Array;
  private readonly groupOf: Int32Array;

  /** `view`: told when a waiting entry reaches the front (SwitchView.reachedFront, the queueWaits shortcut). */
  constructor(
    groups: number,
    slots: number,
    private readonly view: SwitchView,
  ) {
    this.firstP = new Int32Array(groups).fill(-1);
    this.lastP = new Int32Array(groups).fill(-1);
    this.NP = new Int32Array(slots).fill(-1);
    this.prev = new Int32Array(slots).fill(-1);
    this.key = new Float64Array(slots);
    this.groupOf = new Int32Array(slots).fill(-1);
  }

  isQueued(slot: number): boolean {
    return this.groupOf[slot] !== -1;
  }

  /**
   * Slot waits in group g's queue behind another entry: queued, not the front. An entry reaches the
   * front only when `remove` takes the one ahead (SwitchPolicy.waitsInQueue).
   */
  waitsBehind(slot: number, g: number): boolean {
    return this.groupOf[slot] !== -1 && this.firstP[g] !== slot;
  }

  /**
   * Called with each entry that joins a queue (`push`) and with the entry that reaches the front of
   * its queue when `remove` takes the front one (a push never brings an entry already queued to the
   * front): the chunk path looks at its packet again (ChunkReads.useQueues).
   */
  onChange: ((slot: number) => void) | undefined;

  /**
   * Called with group g when `remove` takes the front of its queue (the queue's front changes or it
   * empties): heads that wait for g's queue to let them past look again (CentralBufferWaits).
   */
  onFrontLeft: ((g: number) => void) | undefined;

  /** Slot joins group g's queue behind every entry with a key not above `key`. */
  push(slot: number, g: number, key: number): void {
    let after = this.lastP[g]!;
    while (after !== -1 && this.key[after]! > key) after = this.prev[after]!;
    const before = after === -1 ? this.firstP[g]! : this.NP[after]!;
    this.key[slot] = key;
    this.groupOf[slot] = g;
    this.prev[slot] = after;
    this.NP[slot] = before;
    if (after === -1) this.firstP[g] = slot;
    else this.NP[after] = slot;
    if (before === -1) this.lastP[g] = slot;
    else this.prev[before] = slot;
    this.onChange?.(slot);
  }

  /** Slot leaves its queue (its output took it: normally the front). */
  remove(slot: number): void {
    const g = this.groupOf[slot]!;
    if (g === -1) return;
    const p = this.prev[slot]!;
    const n = this.NP[slot]!;
    if (p === -1) {
      this.firstP[g] = n;
      if (n !== -1) {
        this.view.reachedFront(n);
        this.onChange?.(n);
      }
      this.onFrontLeft?.(g);
    } else this.NP[p] = n;
    if (n === -1) this.lastP[g] = p;
    else this.prev[n] = p;
    this.groupOf[slot] = -1;
    this.NP[slot] = -1;
    this.prev[slot] = -1;
  }

  /** Entries of group g's queue, front first (for reports and tests). */
  entries(g: number): number[] {
    const out: number[] = [];
    for (let x = this.firstP[g]!; x !== -1; x = this.NP[x]!) out.push(x);
    return out;
  }
}

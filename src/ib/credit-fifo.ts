import { longer } from '../util/longer.js';

/**
 * The VL FIFOs of the `credit` buffer mode (docs/algorithms/ib-mcast.md, "VL buffers") for the
 * packet-level path, by the rules of the flit engine's `ibCreditSwitch` (src/ib/credit.ts): a VL
 * buffer of a link (or of a host link) holds up to `slots` packets; a packet may be granted it
 * whenever it has room; the link starts its packets in the order they were granted (`sendable`);
 * only the front packet may request an output; packets leave front first when their tails have.
 *
 * The engine lays a FIFO out as `slots` one-packet buffers (VC = vl * slots + i, src/ib/slots.ts).
 * Here a FIFO is one buffer of the `packet` mode's network, and each packet it holds is an entry: a
 * number for the packet path's per-packet fields, taken when the packet is granted a place and
 * given back when it leaves. An 8 KB FIFO holds 128 packets of 32 B, 1.3 million slots on the 16x16
 * mesh with 4 VLs, of which a few thousand hold a packet at a time: the entries are those, so the
 * path's fields stay in the caches and no network of a million buffers is built for each run.
 * Entries are numbered from `firstEntry` (the buffers below it are their own entries: sinks, and
 * every buffer in the `packet` mode). Which number an entry gets changes nothing the path decides:
 * requests are ordered by buffer, and events come out in the order they were scheduled.
 */
export class VlFifos {
  /** Per FIFO (a buffer): its front entry, its last, the next to start (if `waiting`), counts. */
  private readonly head: Int32Array;
  private readonly tail: Int32Array;
  private readonly send: Int32Array;
  private readonly queued: Int32Array;
  private readonly waiting: Int32Array;
  /** Per entry (less firstEntry): the entry granted after it in the same FIFO, or -1. */
  private after: Int32Array;
  /** Entries given back, to be taken again (a stack), and the next never taken. */
  private free: Int32Array;
  private nfree = 0;
  private fresh: number;

  /** `buffers` FIFOs of `slots` packets each; entries numbered from `firstEntry`. */
  constructor(
    buffers: number,
    private readonly slots: number,
    private readonly firstEntry: number,
  ) {
    this.head = new Int32Array(buffers).fill(-1);
    this.tail = new Int32Array(buffers).fill(-1);
    this.send = new Int32Array(buffers).fill(-1);
    this.queued = new Int32Array(buffers);
    this.waiting = new Int32Array(buffers);
    this.after = new Int32Array(1024);
    this.free = new Int32Array(1024);
    this.fresh = firstEntry;
  }

  /** Entries taken so far, given back or not: every entry is below this. */
  get entries(): number {
    return this.fresh;
  }

  /** Has FIFO b room for one more packet? */
  hasRoom(b: number): boolean {
    return this.queued[b]! < this.slots;
  }

  /** A packet is granted a place in FIFO b (which has room): its entry. */
  grant(b: number): number {
    let e: number;
    if (this.nfree > 0) e = this.free[--this.nfree]!;
    else {
      e = this.fresh++;
      if (e - this.firstEntry >= this.after.length) this.after = longer(this.after, 2 * this.after.length);
    }
    this.after[e - this.firstEntry] = -1;
    const last = this.tail[b]!;
    if (last >= 0) this.after[last - this.firstEntry] = e;
    else this.head[b] = e;
    this.tail[b] = e;
    this.queued[b]!++;
    if (this.waiting[b]!++ === 0) this.send[b] = e;
    return e;
  }

  /** The entry of FIFO b whose packet the link may start next, or -1 if every one has started. */
  sendable(b: number): number {
    return this.waiting[b] === 0 ? -1 : this.send[b]!;
  }

  /** The header of entry e's packet crossed into FIFO b: the packet granted after it may start next. */
  started(b: number, e: number): void {
    this.waiting[b]!--;
    this.send[b] = this.after[e - this.firstEntry]!;
  }

  /** Is entry e FIFO b's front (may its packet request an output)? */
  isFront(b: number, e: number): boolean {
    return this.head[b] === e;
  }

  /** Entry e, FIFO b's front, left: returns the new front, or -1 if the FIFO is empty. */
  released(b: number, e: number): number {
    if (this.head[b] !== e)
      throw new Error(`credit FIFO ${b}: entry ${e} left before the front ${this.head[b]}`);
    const next = this.after[e - this.firstEntry]!;
    this.head[b] = next;
    if (next < 0) this.tail[b] = -1;
    this.queued[b]!--;
    if (this.nfree === this.free.length) this.free = longer(this.free, 2 * this.free.length);
    this.free[this.nfree++] = e;
    return next;
  }
}

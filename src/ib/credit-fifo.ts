import { BUF_INJ, BUF_NET, type Network } from '../engine/network.js';

/**
 * The VL FIFOs of the `credit` buffer mode (docs/algorithms/ib-mcast.md, "VL buffers") for the
 * packet-level path: the same rules as the flit engine's `ibCreditSwitch` (src/ib/credit.ts), on
 * the same buffer numbering. A VL of a link (or of a host link) is `slots` one-packet buffers, VC =
 * vl * slots + i, taken in ring order whenever the next one is free (the VL has room); the link
 * starts a VL's packets in that order (`sendable`); only the front packet of a VL may request an
 * output; slots are released front first when a tail leaves.
 */
export class CreditFifos {
  /** Per buffer: its FIFO (-1 for a sink) and its slot in it. */
  private readonly fifo: Int32Array;
  private readonly slot: Int32Array;
  /**
   * Per FIFO: the slot the next packet takes, the front slot, the packets held, the slot the link
   * starts next and the packets granted that have not started.
   */
  private readonly next: Int32Array;
  private readonly front: Int32Array;
  private readonly queued: Int32Array;
  private readonly toSend: Int32Array;
  private readonly waiting: Int32Array;

  constructor(
    net: Network,
    private readonly slots: number,
  ) {
    const NC = net.numNetChannels;
    const lanes = Math.max(1, ...Array.from(net.pcVcs.subarray(0, NC), (v) => v / slots));
    const NB = net.numBuffers;
    this.fifo = new Int32Array(NB).fill(-1);
    this.slot = new Int32Array(NB);
    for (let b = 0; b < NB; b++) {
      const kind = net.bufKind[b];
      if (kind !== BUF_NET && kind !== BUF_INJ) continue;
      const pc = net.bufPc[b]!;
      const index = kind === BUF_NET ? net.bufVc[b]! : b - net.injFirst[net.pcSrc[pc]!]!;
      const owner = kind === BUF_NET ? pc : NC + net.pcSrc[pc]!;
      this.fifo[b] = owner * lanes + Math.floor(index / slots);
      this.slot[b] = index % slots;
    }
    const F = (NC + net.numNodes) * lanes;
    this.next = new Int32Array(F);
    this.front = new Int32Array(F);
    this.queued = new Int32Array(F);
    this.toSend = new Int32Array(F);
    this.waiting = new Int32Array(F);
  }

  /**
   * The one slot of the VL whose first buffer is `first` that a packet could be granted: its next
   * slot (slots are taken in ring order).
   */
  nextOf(first: number): number {
    return first + this.next[this.fifo[first]!]!;
  }

  /**
   * The slot of that VL whose packet the link may start next (the oldest granted one not started),
   * or -1 if every packet granted to the VL has started.
   */
  sendable(first: number): number {
    const f = this.fifo[first]!;
    return this.waiting[f] === 0 ? -1 : first + this.toSend[f]!;
  }

  /** Buffer `b` was granted to a packet (its header has not crossed yet). */
  granted(b: number): void {
    const f = this.fifo[b]!;
    if (f < 0) return;
    this.next[f] = (this.next[f]! + 1) % this.slots;
    this.queued[f]!++;
    this.waiting[f]!++;
  }

  /** The header of the packet granted `b` crossed into it: the VL's next packet may start after it. */
  started(b: number): void {
    const f = this.fifo[b]!;
    if (f < 0) return;
    this.toSend[f] = (this.slot[b]! + 1) % this.slots;
    this.waiting[f]!--;
  }

  /** The buffer after `b`'s FIFO (b + 1 if `b` is in none): where a round robin over FIFOs goes next. */
  endOf(b: number): number {
    return this.fifo[b]! < 0 ? b + 1 : b - this.slot[b]! + this.slots;
  }

  /** Is `b` the front of its FIFO (its packet may request an output)? */
  isFront(b: number): boolean {
    const f = this.fifo[b]!;
    return f < 0 || this.slot[b] === this.front[f];
  }

  /** Buffer `b`, the front of its FIFO, was released; returns the new front if it holds a packet, else -1. */
  released(b: number): number {
    const f = this.fifo[b]!;
    if (f < 0) return -1;
    const i = this.slot[b]!;
    if (i !== this.front[f])
      throw new Error(`credit FIFO ${f}: slot ${i} left before the front ${this.front[f]}`);
    this.front[f] = (i + 1) % this.slots;
    if (--this.queued[f]! === 0) return -1;
    return b - i + this.front[f]!;
  }
}

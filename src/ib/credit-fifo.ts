import { BUF_INJ, BUF_NET, type Network } from '../engine/network.js';

/**
 * The VL FIFOs of the `credit` buffer mode (notes sec. 1.7) for the packet-level path: the same
 * rules as the flit engine's `ibCreditSwitch` (src/ib/credit.ts), on the same buffer numbering. A
 * VL of a link (or of a host link) is `slots` one-packet buffers, VC = vl * slots + i, taken in
 * ring order; the next slot may be granted only once the header of the packet granted before it
 * has crossed (the upstream VL arbiter sends one packet of a VL at a time); only the front packet
 * of a VL may request an output; slots are released front first when a tail leaves.
 */
export class CreditFifos {
  /** Per buffer: its FIFO (-1 for a sink) and its slot in it. */
  private readonly fifo: Int32Array;
  private readonly slot: Int32Array;
  /** Per FIFO: the slot the next packet takes, the front slot, the packets held. */
  private readonly next: Int32Array;
  private readonly front: Int32Array;
  private readonly queued: Int32Array;
  /** Per buffer: the cycle its packet's header crossed into it (Infinity: granted, not yet started). */
  private readonly headerAt: Float64Array;

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
    this.headerAt = new Float64Array(NB);
  }

  /**
   * The one slot of the VL whose first buffer is `first` that a packet could be granted: its next
   * slot (a grant takes the lowest free VC it may use, and no other slot of a VL can pass `mayTake`).
   */
  nextOf(first: number): number {
    return first + this.next[this.fifo[first]!]!;
  }

  /** The slot of that VL granted last, if the VL holds a packet; else -1 (a packet waiting for its link is there). */
  lastOf(first: number): number {
    const f = this.fifo[first]!;
    return this.queued[f] === 0 ? -1 : first + ((this.next[f]! - 1 + this.slots) % this.slots);
  }

  /** May free buffer `b` be granted at cycle `now`: the next slot of its FIFO, after the previous header. */
  mayTake(b: number, now: number): boolean {
    const f = this.fifo[b]!;
    if (f < 0) return true;
    const i = this.slot[b]!;
    if (i !== this.next[f]) return false;
    if (this.queued[f] === 0) return true;
    return this.headerAt[b - i + ((i - 1 + this.slots) % this.slots)]! < now;
  }

  /** Buffer `b` was granted to a packet (its header has not crossed yet). */
  granted(b: number): void {
    const f = this.fifo[b]!;
    if (f < 0) return;
    this.next[f] = (this.next[f]! + 1) % this.slots;
    this.queued[f]!++;
    this.headerAt[b] = Number.POSITIVE_INFINITY;
  }

  /** The header of the packet granted `b` crossed into it at cycle `now`. */
  started(b: number, now: number): void {
    this.headerAt[b] = now;
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

import type { Network } from '../engine/network.js';
import type { SwitchView } from '../engine/view.js';
import { SlotList } from '../util/slot-list.js';
import type { OutputQueues } from './output-queue.js';

/**
 * The chunk path of 002's switches, cycle by cycle (002 sec. 4.1, 5.1, 7.1; the cycle rules are
 * ours, docs/algorithms/central-buffer.md, "The chunk path"): a packet's flits are deserialised
 * into chunks of `chunk` flits, each chunk is written into a RAM (the central buffer, or the input
 * buffer) one cycle after its last flit arrived, an output port reads it from the cycle after the
 * write, and flit f of a chunk read in cycle R leaves on the port's link at R + `readToLink` + f at
 * the earliest (4: two staircase stages and two matching the crossbar path). With 8-flit chunks
 * this puts a lone packet's flit j on the link 13 cycles after it arrived: the flit path's 6 plus
 * the 7 of deserialisation (002 sec. 7.1).
 *
 * Rules of a read (the same section):
 *  - the output owns the packet (the engine granted its branch an output in an earlier cycle), or
 *    the packet is at the front of the output's queue and the output is done reading its current
 *    packet, with at most `serial` of its flits unsent (an output takes its next packet after
 *    reading the last chunk of the previous one), so the next header chunk is read while the last
 *    one is still on the link and the two packets leave back to back (the engine grants the link
 *    only after the previous tail, in the cycle that follows it);
 *  - the chunk has been written (central buffer with header copies: a port's own header copy,
 *    written at its admission cycle plus its rank, 002 sec. 4.2.1);
 *  - serializer: at most `serial` flits the port already read are still unsent;
 *  - one read per cycle per RAM (`ramOf`: per switch for a central buffer, per input for input
 *    buffers), least recently served output first, ties by lowest port.
 * Later chunks of a packet are written one per cycle at most, from `writeFrom` on (after the header
 * copies): in an input buffer as soon as they are complete (each input has its own RAM and its
 * chunks complete at least 8 cycles apart); in a central buffer when the switch's one write port
 * chooses them (the model arbitrates them with header writes, `canWrite` / `writeNext`). Frees stay
 * with the chunk pool's accounting.
 *
 * Cycles: the engine books a flit in the cycle it crossed the link; the chunk path's rules count it
 * as arrived one cycle later. A chunk whose last flit is in the buffer at the start of cycle t - 1
 * (engine) has arrived by t - 1, so it may be written in cycle t; `observe` keeps that snapshot per
 * buffer.
 */
export class ChunkReads {
  // Per branch slot.
  private readonly on: Uint8Array;
  private readonly readN: Int32Array;
  /** Read cycle of chunk c at [2 slot + (c & 1)]: at most two chunks are read and not yet sent. */
  private readonly rAt: Float64Array;
  /** Central buffer: the cycle the slot's own header copy is written. */
  private readonly hdrAt: Float64Array;
  // Per buffer.
  private readonly snapT: Float64Array;
  private readonly cur: Int32Array;
  private readonly prev: Int32Array;
  private readonly written: Int32Array;
  /** Chunks of the packet (ceil(L / chunk)): once all are written, its snapshot is no longer read. */
  private readonly chunks: Int32Array;
  private readonly writeFrom: Float64Array;
  private readonly copies: Uint8Array;
  /** Per buffer: 1 once its worm's header chunk has been in since the start of a cycle before (headerIn). */
  private readonly hdrIn: Uint8Array;
  /**
   * Per buffer: the first cycle any port of its packet may read (its ports' reads wait on their
   * serializers until then), or 0. Reads only raise a port's count, so the bound stays valid.
   */
  private readonly wake: Float64Array;
  /** The packets on the chunk path. */
  private readonly tracked: SlotList;
  /**
   * The packets `step` looks at: on the chunk path and not parked. A packet is parked when it has
   * every chunk written and no port that may read before an event (wake[b] infinite): under heavy
   * load most packets in a central buffer wait so in their outputs' queues, and `step` would
   * otherwise pass over each of them every cycle. The events that wake it (granted, a queue change)
   * put it back. Reads do not depend on the order packets are looked at: a RAM's bidders are the
   * ports of different outputs (an output's queue front bids only once its holder has read all).
   */
  private readonly scan: SlotList;
  /** The packets with chunks left to write. */
  private readonly unwritten: SlotList;
  private readonly trackedPlace = (b: number) => this.tracked.placeOf(b);
  // Per RAM: this cycle's best candidate; per output group: last read cycle.
  private readonly bestStamp: Float64Array;
  private readonly bestSlot: Int32Array;
  private readonly touched: Int32Array;
  private readonly lastRead: Float64Array;
  /** Per output group: the branch slot that holds the output, or -1. */
  private readonly holder: Int32Array;
  /** The model's per-output queues, when it keeps them (pre-reads of the next packet). */
  private queues: OutputQueues | undefined;

  constructor(
    net: Network,
    private readonly v: SwitchView,
    private readonly chunk: number,
    private readonly readToLink: number,
    private readonly serial: number,
    private readonly ramOf: (b: number) => number,
  ) {
    const NB = net.numBuffers;
    const NS = NB * v.maxBranches;
    this.on = new Uint8Array(NS);
    this.readN = new Int32Array(NS);
    this.rAt = new Float64Array(2 * NS);
    this.hdrAt = new Float64Array(NS);
    this.snapT = new Float64Array(NB).fill(-2);
    this.cur = new Int32Array(NB);
    this.prev = new Int32Array(NB);
    this.written = new Int32Array(NB);
    this.chunks = new Int32Array(NB);
    this.writeFrom = new Float64Array(NB);
    this.copies = new Uint8Array(NB);
    this.hdrIn = new Uint8Array(NB);
    this.wake = new Float64Array(NB);
    this.tracked = new SlotList(NB);
    this.scan = new SlotList(NB);
    this.unwritten = new SlotList(NB);
    this.bestStamp = new Float64Array(NB).fill(-1);
    this.bestSlot = new Int32Array(NB);
    this.touched = new Int32Array(NB);
    this.lastRead = new Float64Array(net.numNetChannels + net.numNodes).fill(-1);
    this.holder = new Int32Array(net.numNetChannels + net.numNodes).fill(-1);
  }

  /** The output queues whose front packets may read their header chunk before their output is free. */
  useQueues(q: OutputQueues): void {
    this.queues = q;
    // A port that joins its output's queue or reaches its front: a port without an output does not
    // keep its packet awake otherwise (step), so the packet is looked at again now.
    q.onChange = (slot) => this.rouse(this.v.bufferOf(slot));
  }

  /** Branch `slot` was granted its output (group `g`): it holds it until its tail has left. */
  granted(slot: number, g: number): void {
    this.holder[g] = slot;
    this.rouse(this.v.bufferOf(slot));
  }

  /** An event for packet b's ports: `step` looks at it again from the next cycle it runs. */
  private rouse(b: number): void {
    this.wake[b] = 0;
    if (this.tracked.has(b)) this.scan.add(b);
  }

  /**
   * Cycles at least until the output of group g is done with its current packet as far as reading
   * goes (none, its tail sent, or on the chunk path with every chunk read and at most `serial` flits
   * unsent); 0 when it is now. The holder sends at most a flit a cycle, and the output takes another
   * packet only once its tail has crossed, so the bound holds until then.
   */
  private drainWait(g: number): number {
    const c = this.holder[g]!;
    if (c === -1) return 0;
    const v = this.v;
    const L = v.length(v.bufferOf(c));
    const sent = v.sent(c);
    if (sent >= L) return 0;
    if (this.on[c] !== 1) return L - sent;
    if (this.readN[c]! >= L && L - sent <= this.serial) return 0;
    return Math.max(1, L - this.serial - sent);
  }

  /** Once per cycle per buffer of interest: the flits it held at the start of t - 1 become `prevRecv`. */
  observe(b: number, t: number): void {
    if (this.snapT[b] === t) return;
    this.prev[b] = this.snapT[b] === t - 1 ? this.cur[b]! : 0;
    this.cur[b] = this.v.received(b);
    this.snapT[b] = t;
  }

  /**
   * Was buffer b's header chunk (its first `chunk` flits, or the whole packet) in at the start of
   * cycle t - 1, so that it may be written in cycle t ("The chunk path")? Asked every cycle from the
   * worm's arrival on, it observes b until the answer is yes, which then holds for the worm: its
   * count only grows. The snapshot is taken again when the packet joins the chunk path (`track`'s
   * caller observes it then).
   */
  headerIn(b: number, t: number): boolean {
    if (this.hdrIn[b] === 1) return true;
    this.observe(b, t);
    if (this.prev[b]! < Math.min(this.chunk, this.v.length(b))) return false;
    this.hdrIn[b] = 1;
    return true;
  }

  /** A new worm in buffer b: forget the previous one's snapshot. */
  reset(b: number): void {
    this.snapT[b] = -2;
    this.hdrIn[b] = 0;
  }

  /** Packets `step` looks at (on the chunk path and not parked), for tests. */
  get watched(): number {
    return this.scan.size;
  }

  isTracked(b: number): boolean {
    return this.tracked.has(b);
  }

  /**
   * Buffer b's branches take the chunk path from cycle t. With `copies` (central buffer), its
   * header copies are written at t + rank (ascending port) and its other chunks from t + k on;
   * otherwise (input buffer) every chunk is written one cycle after it is complete.
   */
  track(b: number, t: number, copies: boolean): void {
    const v = this.v;
    const k = v.branches(b);
    for (let i = 0; i < k; i++) {
      const slot = v.slot(b, i);
      this.on[slot] = 1;
      this.readN[slot] = 0;
      let rank = 0;
      for (let j = 0; j < k; j++) if (j !== i && v.targetPort(v.slot(b, j)) < v.targetPort(slot)) rank++;
      this.hdrAt[slot] = t + rank;
    }
    this.copies[b] = copies ? 1 : 0;
    this.written[b] = copies ? 1 : 0;
    this.chunks[b] = Math.ceil(v.length(b) / this.chunk);
    this.writeFrom[b] = copies ? t + Math.max(1, k) : t;
    this.tracked.add(b);
    this.rouse(b);
    if (this.writing(b)) this.unwritten.add(b);
  }

  /** Buffer b's worm has left: its slots leave the chunk path. */
  release(b: number): void {
    const v = this.v;
    for (let i = 0; i < v.maxBranches; i++) {
      const slot = v.slot(b, i);
      this.on[slot] = 0;
      const g = v.group(slot);
      if (g >= 0 && g < this.holder.length && this.holder[g] === slot) this.holder[g] = -1;
    }
    this.tracked.remove(b);
    this.scan.remove(b);
    this.unwritten.remove(b);
  }

  /** Has packet b chunks left to write (on the chunk path)? */
  writing(b: number): boolean {
    return this.written[b]! < this.chunks[b]!;
  }

  /** May packet b write its next chunk in cycle t: past its header copies, and a complete chunk unwritten? */
  canWrite(b: number, t: number): boolean {
    const prev = this.prev[b]!;
    const complete = prev >= this.v.length(b) ? this.chunks[b]! : Math.floor(prev / this.chunk);
    return t >= this.writeFrom[b]! && this.written[b]! < complete;
  }

  /** Packet b's next chunk is written in this cycle (a central buffer's write port chose it). */
  writeNext(b: number): void {
    if (++this.written[b]! >= this.chunks[b]!) this.unwritten.remove(b);
  }

  /**
   * The packets with chunks left to write, for the model's write-port arbitration: their count,
   * after putting them in the order of the list of packets on the chunk path (in which they bid,
   * the first bid winning a tie); then `writingAt(i)`. A handful at a time, nearly in order.
   */
  writers(): number {
    this.unwritten.sortBy(this.trackedPlace);
    return this.unwritten.size;
  }

  writingAt(i: number): number {
    return this.unwritten.at(i);
  }

  /** Cycle t's chunk writes and reads, from the state at the start of t. */
  step(t: number): void {
    const v = this.v;
    const C = this.chunk;
    let nt = 0;
    const on = this.on;
    const readN = this.readN;
    const serial = this.serial;
    // One pass: a packet's writes and its ports' bids read nothing another packet's writes change.
    const scan = this.scan;
    for (let i = 0; i < scan.size; i++) {
      const b = scan.at(i);
      // Chunks written before this cycle's write can be read.
      const readable = this.written[b]!;
      // The snapshot only serves the writes (canWrite): a packet written whole needs none.
      const writing = readable < this.chunks[b]!;
      if (writing) {
        this.observe(b, t);
        // A central buffer's later chunks compete for its one write port (writeNext, from the model).
        if (this.copies[b] === 0 && this.canWrite(b, t)) this.writeNext(b);
      }
      // No port of the packet can read before cycle wake[b] (see below).
      if (t < this.wake[b]!) {
        // Written whole and waiting for an event: parked until it comes (rouse).
        if (!writing && this.wake[b] === Number.POSITIVE_INFINITY) {
          scan.remove(b);
          i--;
        }
        continue;
      }
      const L = v.length(b);
      const nb = v.branches(b);
      let wake = Number.POSITIVE_INFINITY;
      for (let k = 0; k < nb; k++) {
        const slot = v.slot(b, k);
        const r = readN[slot]!;
        if (on[slot] !== 1 || r >= L) continue;
        // Most cycles a port has read ahead of its link as far as its serializer allows: that is
        // checked first. A branch sends at most one flit a cycle, so it stays that far ahead for
        // `ahead` cycles: the packet is not looked at again before then.
        const ahead = r - v.sent(slot) - serial;
        if (ahead > 0) {
          if (t + ahead < wake) wake = t + ahead;
          continue;
        }
        if (v.output(slot) < 0) {
          // Without its output a branch reads only its header chunk, as its queue's front once the
          // output is done with its packet (next). Else it waits for an event that wakes its packet
          // (joining the queue, reaching its front, the grant: useQueues, granted) and does not
          // keep the packet awake; the front waits for its output by the clock, as long as the
          // output's packet takes at least to be done with (drainWait).
          const g = v.group(slot);
          if (r !== 0 || this.queues === undefined || this.queues.firstP[g] !== slot) continue;
          const wait = this.drainWait(g);
          if (wait > 0) {
            if (t + wait < wake) wake = t + wait;
            continue;
          }
          wake = t + 1;
        } else wake = t + 1;
        const c = (r / C) | 0;
        const avail = c === 0 && this.copies[b] === 1 ? this.hdrAt[slot]! < t : c < readable;
        if (!avail) continue;
        const ram = this.ramOf(b);
        if (this.bestStamp[ram] !== t) {
          this.bestStamp[ram] = t;
          this.bestSlot[ram] = slot;
          this.touched[nt++] = ram;
        } else if (this.before(slot, this.bestSlot[ram]!)) this.bestSlot[ram] = slot;
      }
      this.wake[b] = wake;
      if (wake === Number.POSITIVE_INFINITY && !this.writing(b)) {
        scan.remove(b);
        i--;
      }
    }
    for (let i = 0; i < nt; i++) {
      const slot = this.bestSlot[this.touched[i]!]!;
      const b = v.bufferOf(slot);
      const r = this.readN[slot]!;
      const c = (r / C) | 0;
      this.rAt[2 * slot + (c & 1)] = t;
      this.readN[slot] = Math.min(r + C, v.length(b));
      this.lastRead[v.group(slot)] = t;
    }
  }

  /** Least recently served output first, ties by lowest port. */
  private before(a: number, b: number): boolean {
    const v = this.v;
    const la = this.lastRead[v.group(a)]!;
    const lb = this.lastRead[v.group(b)]!;
    return la < lb || (la === lb && v.targetPort(a) < v.targetPort(b));
  }

  /** May branch `slot` send its flit `sent` in cycle t: read, and through the read pipeline? */
  gate(slot: number, sent: number, t: number): boolean {
    if (this.on[slot] !== 1) return true;
    if (sent >= this.readN[slot]!) return false;
    const c = (sent / this.chunk) | 0;
    return this.rAt[2 * slot + (c & 1)]! + this.readToLink + (sent - c * this.chunk) <= t;
  }

  /** Central buffer: the cycle branch `slot`'s header copy is written (its key in its output's queue). */
  headerAt(slot: number): number {
    return this.hdrAt[slot]!;
  }

  /** Flits branch `slot` has read (for tests). */
  flitsRead(slot: number): number {
    return this.readN[slot]!;
  }
}

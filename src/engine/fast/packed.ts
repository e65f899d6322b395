import { longer } from '../../util/longer.js';
import { CH, CH_RR, D_PC, D_VC, D_VCS } from '../link-codes.js';
import type { EngineState } from '../state.js';
import { BufferSleep } from './buffer-sleep.js';
import { ASLEEP, AWAKE, PACKED } from './sleep-states.js';
import { UnitRecords } from './unit-records.js';
import type { UnitReleases } from './unit-releases.js';

/**
 * Packed worms, where links are plain (as streams.ts). A unicast worm whose header is still on its
 * way, alone on every channel it holds, with every held buffer full (the oldest need only hold a
 * flit, unless its processor is still pushing into it), moves as one unit: its buffers can only
 * pass a flit on when the one ahead of them frees a slot, so in every cycle in which the buffer at
 * its front (the one the header is in, with 1-flit buffers) passes a flit on, each of the others
 * passes one on too and the processor pushes the next (a *shift*), and in no other cycle does any
 * of them move. That is how a worm moves in 1-flit buffers (000 sec. 5.1): the whole chain behind
 * its header steps forward once per hop. The link stage visits only the front; the members are
 * skipped (asleep = PACKED) and cost one step per shift, not one visit per buffer.
 *
 * A worm that shares a channel is no unit as a whole (its moves over that channel depend on
 * arbitration), but the part behind the last channel it shares is, if full and alone on its
 * channels: the full buffer that feeds the shared channel is its front, and the link stage decides
 * the front's moves as any other. The rest of the worm goes buffer by buffer.
 *
 * After s shifts a member that had received `base + s0` flits at shift s0 has received
 * min(L, base + s); the oldest is freed in the shift its successor receives the tail. The counts
 * are brought up to date where something must read them (checks, the deadlock report) or when the
 * worm stops being packed. A header entering a new router's buffer makes the old front a member if
 * it is full and the new buffer is full and alone on its channel (a 1-flit buffer holding the
 * header); otherwise the worm goes on buffer by buffer. Another worm taking a VC on one of its
 * channels unpacks it at that grant (it could then compete for the link), as it stops a stream;
 * so does its header reaching the consumption channel, where it may start streaming (unless its
 * front waits behind a shared channel, where it could not). Releases and round-robin pointers are
 * kept as the link stage would have kept them, so results are the same to the byte.
 */
export class PackedWorms extends UnitRecords {
  private readonly s: EngineState;
  /** Buffers freed this cycle, for the link stage's release loop. */
  private readonly releases: UnitReleases;
  private readonly sleep: BufferSleep;
  /** The link stage's per-channel table (round-robin pointers) and per-buffer destination table. */
  private readonly chan: Int32Array;
  private readonly dest: Int32Array;
  /** Per buffer, a member's or the front's flits received, less its worm's shifts. */
  private readonly base: Int32Array;
  private readonly netBuffers: number;
  // Per worm id (grown with the engine's worm table).
  /** Shifts made, -1 when the worm is not packed. */
  private shifts = new Int32Array(0);
  /** Flits the front (not a member: UnitRecords) had sent when last looked at. */
  private frontSent = new Int32Array(0);
  /**
   * The oldest buffer tryPack last found the worm in. Only a hint: it counts while the worm still
   * holds that buffer and nothing of the worm feeds it.
   */
  private lastOldest = new Int32Array(0);
  /** Worms packed so far, and unpacked by another worm's grant (for tests). */
  starts = 0;
  stops = 0;

  constructor(s: EngineState, releases: UnitReleases, chan: Int32Array, dest: Int32Array) {
    super();
    this.s = s;
    this.releases = releases;
    this.sleep = new BufferSleep(s);
    this.chan = chan;
    this.dest = dest;
    this.base = new Int32Array(s.net.numBuffers);
    this.netBuffers = s.net.numNetChannels > 0 ? s.net.pcFirstBuf[s.net.numNetChannels]! : 0;
  }

  /** Worms packed now. */
  get packed(): number {
    return this.worms.count;
  }

  /**
   * Cycle t's shifts, after its moves: every packed worm whose front passed a flit on. The oldest
   * members whose tails leave are handed to the release loop (UnitReleases), in the place
   * their moves had in the cycle.
   */
  step(): void {
    const st = this.s;
    for (let i = this.worms.count - 1; i >= 0; i--) {
      const w = this.worms.ids[i]!;
      const h = this.front[w]!;
      const sent = st.brSent[h]!;
      if (sent === this.frontSent[w]) continue;
      this.frontSent[w] = sent;
      const n = ++this.shifts[w]!;
      // The newest member's flit enters the front, over the front's channel (its round-robin
      // pointer moves as for any move).
      const got = ++st.recv[h]!;
      const d = 4 * h;
      const nextVc = this.dest[d + D_VC]! + 1;
      this.chan[CH * this.dest[d + D_PC]! + CH_RR] = nextVc === this.dest[d + D_VCS] ? 0 : nextVc;
      if (st.asleep[h] === ASLEEP && this.sleep.wantsFlit(h, got - 1)) st.wake(h);
      st.flitHops += this.rate[w]!;
      if (n === this.due[w]) this.freeOldest(w);
    }
  }

  /** The tail left worm w's oldest member: it is freed in the release loop. */
  private freeOldest(w: number): void {
    const st = this.s;
    const u = this.oldest[w]!;
    this.releases.add(u);
    this.unmark(u);
    if (u === this.src[w]) this.src[w] = -1;
    const next = st.brOut[u]!;
    if (next === this.front[w]) {
      // The tail is in the front: nothing is left to pack.
      this.unmark(next);
      this.remove(w);
      return;
    }
    this.oldest[w] = next;
    if (next < this.netBuffers) this.rate[w]!--;
    this.due[w] = this.dueOf(next);
  }

  /** The shift in which the tail leaves member u: when the buffer after it has received all L flits. */
  private dueOf(u: number): number {
    return this.s.bufLen[u]! - this.base[this.s.brOut[u]!]!;
  }

  isPacked(w: number): boolean {
    return w < this.shifts.length && this.shifts[w]! >= 0;
  }

  /** The front of worm w if it is packed (the link stage moves it; its members follow), else -1. */
  frontOf(w: number): number {
    return this.isPacked(w) ? this.front[w]! : -1;
  }

  /**
   * After the cycle's moves and releases, the header of packed worm w moved from buffer f into
   * `to`: the old front becomes a member, or the worm is unpacked.
   */
  moved(w: number, f: number, to: number): void {
    // With deeper buffers the header may move on from a buffer ahead of the front: the front
    // stays full (it receives a flit for each it passes on) and the worm stays packed.
    if (this.front[w] !== f) return;
    if (this.full(f) && this.full(to) && this.alone(to)) this.advance(w, to);
    else this.unpack(w);
  }

  /**
   * A header entered consumption buffer z: its worm, if packed, is unpacked (it may stream), unless
   * its front waits behind a channel the worm shares, where it could not stream. Returns whether it
   * stays packed.
   */
  sinkHead(z: number): boolean {
    const w = this.s.owner[z]!;
    if (w < 0 || !this.isPacked(w)) return false;
    const o = this.s.brOut[this.front[w]!]!;
    if (o >= 0 && o !== z && !this.alone(o)) return true;
    this.unpack(w);
    return false;
  }

  /** Packed worm w's front f becomes a member; `to`, where its header went, the front. */
  private advance(w: number, to: number): void {
    const st = this.s;
    const n = this.shifts[w]!;
    const f = this.front[w]!;
    st.setAsleep(f, PACKED);
    this.front[w] = to;
    this.frontSent[w] = st.brSent[to]!;
    this.base[to] = st.recv[to]! - n;
    this.mark(to, w);
    this.rate[w]!++;
  }

  /**
   * A header moved from buffer f into `to`, of worm w, a plain unicast not packed: it is packed if
   * it is alone on its channels, `to` and every buffer of it from f back are full (its oldest:
   * holds a flit, full while its processor pushes into it), each with one branch, awake.
   */
  tryPack(w: number, f: number, to: number): void {
    const st = this.s;
    if (!this.full(to)) return;
    // A worm whose oldest buffer feeds a shared channel has nothing behind that channel to pack (the
    // walk below would end there, that buffer its front): known without the walk while the oldest
    // is the one last found. Near saturation most calls end here (1-flit 0.14: 84 -> 6 steps a cycle).
    if (w < this.lastOldest.length) {
      const o = this.lastOldest[w]!;
      if (o >= 0 && o !== to && st.owner[o] === w && !this.alone(st.brOut[o]!)) {
        const u = st.feeder[o]!;
        if (u < 0 || u >= st.NB || st.owner[u] !== w) return;
      }
    }
    // The front: `to`, or, past a channel the worm shares (where its moves depend on arbitration),
    // the full buffer feeding that channel. The part of the worm behind the last shared channel
    // is a unit all the same: its buffers move exactly when that front passes a flit on.
    let front = to;
    let b = f;
    for (;;) {
      if (st.brN[b] !== 1 || st.asleep[b] !== AWAKE) return;
      if (!this.alone(st.brOut[b]!)) {
        if (!this.full(b)) return;
        front = b;
      }
      const u = st.feeder[b]!;
      if (u >= st.NB) return;
      if (u < 0 || st.owner[u] !== w) break;
      if (b !== front && !this.full(b)) return;
      b = u;
    }
    // b is the oldest: it passes a flit on at each shift until its tail has gone.
    this.roomFor(w);
    this.lastOldest[w] = b;
    if (b === front) return;
    const held = st.recv[b]! - st.brSent[b]!;
    const pushing = st.srcPos[b]! !== -1;
    if (held < 1 || (pushing && !this.full(b))) return;
    this.starts++;
    this.shifts[w] = 0;
    this.front[w] = front;
    this.frontSent[w] = st.brSent[front]!;
    this.oldest[w] = b;
    this.src[w] = -1;
    if (pushing) {
      st.unsource(b);
      this.src[w] = b;
    }
    this.base[front] = st.recv[front]!;
    this.mark(front, w);
    // Flits a shift moves over network channels: into the front and every member but the oldest.
    let rate = front < this.netBuffers ? 1 : 0;
    for (let u = b; u !== front; u = st.brOut[u]!) {
      this.base[u] = st.recv[u]!;
      st.setAsleep(u, PACKED);
      this.mark(u, w);
      if (u !== b && u < this.netBuffers) rate++;
    }
    this.rate[w] = rate;
    this.due[w] = this.dueOf(b);
    this.worms.add(w);
  }

  /**
   * Brings worm w's counts up to date (what the link stage would hold after its moves so far). With
   * `keep` it stays packed; otherwise it is unpacked and the link stage takes it over buffer by buffer.
   */
  private settle(w: number, keep: boolean): void {
    const st = this.s;
    const n = this.shifts[w]!;
    const h = this.front[w]!;
    const L = st.bufLen[h]!;
    for (let b = this.oldest[w]!; b !== h; b = st.brOut[b]!) {
      const r = Math.min(L, this.base[b]! + n);
      st.recv[b] = r;
      if (b === this.src[w]) st.srcSent[b] = r;
      const out = st.brOut[b]!;
      st.brSent[b] = out === h ? st.recv[h]! : Math.min(L, this.base[out]! + n);
      if (!keep) {
        st.setAsleep(b, AWAKE);
        this.unmark(b);
      }
    }
    if (keep) return;
    this.unmark(h);
    const src = this.src[w]!;
    if (src !== -1 && st.srcSent[src]! < st.bufLen[src]!) st.addSource(src);
    this.remove(w);
  }

  private unpack(w: number): void {
    this.settle(w, false);
  }

  /** Worm w is unpacked at the start of the cycle (another worm took a VC on one of its channels). */
  stop(w: number): void {
    if (!this.isPacked(w)) return;
    this.stops++;
    this.unpack(w);
  }

  /** Every packed worm's counts brought up to date, for checks and reports. */
  settleAll(): void {
    for (let i = 0; i < this.worms.count; i++) this.settle(this.worms.ids[i]!, true);
  }

  /** Is buffer o full (no room for a flit unless its front flit leaves)? */
  private full(o: number): boolean {
    const st = this.s;
    const n = st.brN[o]!;
    const ms = n === 0 ? 0 : n === 1 ? st.brSent[o]! : st.minSent(o);
    return st.recv[o]! - ms >= st.net.bufCap[o]!;
  }

  /** Is `out` alone on its channel (a consumption or injection buffer always is)? */
  private alone(out: number): boolean {
    return out >= this.netBuffers || this.s.chanHeld[this.s.net.bufPc[out]!] === 1;
  }

  /** Another worm taking a VC of buffer b's channel unpacks w (Allocator.grant). */
  private mark(b: number, w: number): void {
    if (b < this.netBuffers) this.s.unitChan[this.s.net.bufPc[b]!] = w;
  }

  private unmark(b: number): void {
    if (b < this.netBuffers) this.s.unitChan[this.s.net.bufPc[b]!] = -1;
  }

  private remove(w: number): void {
    this.worms.remove(w);
    this.shifts[w] = -1;
  }

  protected override growRecords(n: number): void {
    super.growRecords(n);
    this.shifts = longer(this.shifts, n, -1);
    this.frontSent = longer(this.frontSent, n);
    this.lastOldest = longer(this.lastOldest, n, -1);
  }

  /** The packing rule held, for tests: the first violation, or undefined. Counts must be settled. */
  check(): string | undefined {
    const st = this.s;
    for (let i = 0; i < this.worms.count; i++) {
      const w = this.worms.ids[i]!;
      const h = this.front[w]!;
      if (st.owner[h] !== w || !this.full(h))
        return `packed worm ${w}: front ${h} is not its own or not full`;
      for (let b = this.oldest[w]!; b !== h; b = st.brOut[b]!) {
        if (st.owner[b] !== w) return `packed worm ${w} lost buffer ${b}`;
        if (st.asleep[b] !== PACKED) return `buffer ${b} of packed worm ${w} is not marked`;
        if (!this.alone(st.brOut[b]!)) return `packed worm ${w} shares the channel of buffer ${st.brOut[b]}`;
        const oldest = b === this.oldest[w];
        if (oldest ? st.recv[b]! - st.brSent[b]! < 1 : !this.full(b))
          return `buffer ${b} of packed worm ${w} could move on its own`;
        if (oldest && this.src[w] === b && st.srcSent[b]! < st.bufLen[b]! && !this.full(b))
          return `the processor could push into buffer ${b} of packed worm ${w}`;
      }
    }
    for (let b = 0; b < st.net.numBuffers; b++)
      if (st.asleep[b] === PACKED && !(st.owner[b]! >= 0 && (this.shifts[st.owner[b]!] ?? -1) >= 0))
        return `buffer ${b} is marked packed but its worm is not`;
    return undefined;
  }
}

import {
  CH,
  CH_SLOT,
  CH_STAMP,
  D_CAP,
  D_PC,
  D_VC,
  D_VCS,
  R_DRAIN,
  R_NO,
  R_ROOM,
  R_SOLE_DRAIN,
  R_SURE,
} from './link-codes.js';
import { LinkTiming } from './link-timing.js';
import type { SwitchPolicy } from './policy.js';
import type { EngineState } from './state.js';

/**
 * What the link stage (links.ts) decides about each branch in a cycle, memoised per cycle because
 * the answers recurse downstream through full buffers whose front flit may leave in the same cycle
 * (a flit may enter a full buffer whose front flit leaves: credits return without delay, as the
 * 1-flit-buffer model of 000 sec. 5.1 assumes):
 *  - `ready`: can the branch move a flit if it wins its link? (optimistic downstream: the
 *    downstream front flit counts as leaving if it could move);
 *  - `succeeds`: does it move: it won its link, and there is room (the downstream front flit
 *    actually leaves).
 * A branch whose channel has no other VC held has no competitor for the link; if its room does not
 * hang on another competition either (room at the start of the cycle, or a downstream front flit
 * that is itself sure to leave), its move is sure and `succeeds` needs no second look (R_SURE): a
 * worm alone in full 1-flit buffers is decided in one pass down its chain, not two.
 */

export class LinkReadiness {
  protected readonly s: EngineState;
  /** Stride between branch ranks in the slot arrays (EngineState.NB). */
  protected readonly NB: number;
  // The tables are interleaved (one cache line per visit rather than one per array): buffers are
  // visited in no particular order, so separate arrays each cost a miss.
  /** Per branch slot s: the readiness memo at 2s (8 * stamp + R_*), the success memo at 2s + 1 (8 * stamp + 0 or 1). */
  readonly memo: Int32Array;
  /** Per physical channel pc at CH * pc: round-robin pointer, winner's stamp, priority, slot and place. */
  readonly chan: Int32Array;
  /** Per buffer b at 4b, as a destination: its channel, its VC, the channel's VCs, its capacity. */
  readonly dest: Int32Array;
  /**
   * The cycle as the memos and winner stamps record it: t modulo 2^28, so 8 * stamp + 4 fits an
   * Int32; the tables are cleared when it wraps (once every 2^28 cycles).
   */
  stamp = 0;
  // Shared per-buffer and per-slot arrays, cached for the hot loops.
  protected readonly recv: Int32Array;
  protected readonly brN: Uint8Array;
  protected readonly brSent: Int32Array;
  protected readonly brOut: Int32Array;
  private readonly readyAt: Float64Array;
  private readonly chanHeld: Int32Array;
  private readonly numNet: number;
  /** Network buffers are 0..netBuffers-1. */
  protected readonly netBuffers: number;
  private readonly policy: SwitchPolicy;
  /** The clock of links with a latency above 1 cycle or a credit delay (link-timing.ts). */
  protected readonly timing: LinkTiming;
  /** The switch model counts the space of network buffers itself (shared input buffers). */
  private readonly shared: boolean;
  protected readonly lagged: boolean;
  protected readonly delayed: boolean;
  /** Shared buffers or credit delays: space follows roomSpecial's rules. */
  readonly special: boolean;
  /**
   * The switch model gates each flit (SwitchPolicy.flitGate); usually not. The hook is called on the
   * policy itself, not through a bound copy: each engine would bring a new bound function, and a
   * call site that has seen several can no longer inline any (V8 keys closures of one source function
   * to one target, bound functions each to their own).
   */
  private readonly gated: boolean;

  /** With `soleBidders` false every channel is arbitrated (a count of 2 held VCs everywhere), for tests. */
  constructor(s: EngineState, policy: SwitchPolicy, soleBidders: boolean) {
    this.s = s;
    this.NB = s.NB;
    const net = s.net;
    this.memo = new Int32Array(2 * net.numBuffers * s.MB).fill(-1);
    const NC = net.numChannels;
    this.chan = new Int32Array(CH * NC);
    for (let pc = 0; pc < NC; pc++) this.chan[CH * pc + CH_STAMP] = -1;
    this.dest = new Int32Array(4 * net.numBuffers);
    for (let b = 0; b < net.numBuffers; b++) {
      const pc = net.bufPc[b]!;
      this.dest[4 * b + D_PC] = pc;
      this.dest[4 * b + D_VC] = net.bufVc[b]!;
      this.dest[4 * b + D_VCS] = net.pcVcs[pc]!;
      this.dest[4 * b + D_CAP] = net.bufCap[b]!;
    }
    this.recv = s.recv;
    this.brN = s.brN;
    this.brSent = s.brSent;
    this.brOut = s.brOut;
    this.readyAt = s.readyAt;
    this.chanHeld = soleBidders ? s.chanHeld : new Int32Array(s.chanHeld.length).fill(2);
    this.numNet = net.numNetChannels;
    this.netBuffers = net.numNetChannels > 0 ? net.pcFirstBuf[net.numNetChannels]! : 0;
    this.policy = policy;
    this.shared = policy.room !== undefined;
    this.lagged = net.maxLatency > 1;
    this.delayed = net.maxCreditDelay > 0;
    this.timing = new LinkTiming(s, this.netBuffers, this.lagged, this.delayed);
    this.special = this.shared || this.delayed;
    this.gated = policy.flitGate !== undefined;
  }

  /** Starts cycle t: memos and winner stamps of earlier cycles no longer count. */
  begin(t: number): void {
    this.stamp = t & 0x0fffffff;
    if (this.stamp === 0 && t > 0) {
      this.memo.fill(-1);
      for (let c = CH_STAMP; c < this.chan.length; c += CH) this.chan[c] = -1;
    }
  }

  /** Has buffer o room for one more flit at the start of the cycle (counted from its slowest branch)? */
  roomIn(o: number): boolean {
    const n = this.brN[o]!;
    const ms = n === 0 ? 0 : n === 1 ? this.brSent[o]! : this.s.minSent(o);
    return this.recv[o]! - ms < this.dest[4 * o + D_CAP]!;
  }

  /** Is buffer `out` the only VC of its channel held (its feeder then bids for the link alone)? */
  private sole(out: number): boolean {
    const pc = this.dest[4 * out + D_PC]!;
    return pc >= this.numNet || this.chanHeld[pc] === 1;
  }

  /** Readiness (R_*) of branch slot s of buffer b this cycle. */
  ready(s: number, b: number, t: number): number {
    const mm = this.memo[2 * s]!;
    const t8 = 8 * this.stamp;
    if (mm >= t8) return mm - t8;
    const out = this.brOut[s]!;
    const sent = this.brSent[s]!;
    if (out >= 0 && sent < this.recv[b]!) return this.readyFrom(s, b, out, sent, t);
    this.memo[2 * s] = t8;
    return R_NO;
  }

  /**
   * ready() for a branch not yet decided this cycle that has an output and a flit to send: the
   * arbitration loop, which has read those already, calls this directly.
   */
  readyFrom(s: number, b: number, out: number, sent: number, t: number): number {
    let v = R_NO;
    // A header leaves after its routing delay, a body flit once it is off the wire.
    if (
      (sent > 0 ? !this.lagged || this.timing.arrived(b, sent, t) : t >= this.readyAt[b]!) &&
      (!this.gated || this.policy.flitGate!(s, sent, t))
    ) {
      // Room: 3 at the start of the cycle; 1 or 2 (sure) if the downstream front flit can leave.
      const room = this.special ? this.roomSpecial(out, t) : this.roomIn(out) ? 3 : this.drainable(out, t);
      if (room !== 0) {
        const sole = this.sole(out);
        v = room === 3 ? (sole ? R_SURE : R_ROOM) : !sole ? R_DRAIN : room === 2 ? R_SURE : R_SOLE_DRAIN;
      }
    }
    this.memo[2 * s] = 8 * this.stamp + v;
    return v;
  }

  /**
   * Room in `out` as readyFrom grades it, under the switch model's own count (shared buffers) or a
   * credit delay, which do not depend on the downstream front flit leaving; otherwise the
   * per-buffer rule.
   */
  private roomSpecial(out: number, t: number): number {
    if (this.shared && out < this.netBuffers) return this.policy.room!(out) ? 3 : 0;
    if (this.delayed && this.timing.late(out)) return this.timing.roomSeen(out, t) ? 3 : 0;
    return this.roomIn(out) ? 3 : this.drainable(out, t);
  }

  /**
   * Would buffer o free a slot this cycle if all its slowest branches moved (all of them ready)?
   * 0 no, 1 yes if they win their links, 2 yes for sure (every one of them is R_SURE).
   */
  private drainable(o: number, t: number): number {
    const n = this.brN[o]!;
    if (n === 0 || this.recv[o] === 0) return 0;
    if (n === 1) {
      const v = this.ready(o, o, t);
      return v === R_NO ? 0 : v === R_SURE ? 2 : 1;
    }
    const m = this.s.minSent(o);
    const NB = this.NB;
    let res = 2;
    for (let k = 0; k < n; k++) {
      if (this.brSent[k * NB + o] !== m) continue;
      const v = this.ready(k * NB + o, o, t);
      if (v === R_NO) return 0;
      if (v !== R_SURE) res = 1;
    }
    return res;
  }

  /** Does branch slot s move this cycle: it wins its link and its flit has room downstream? */
  succeeds(s: number, t: number): boolean {
    const t8 = 8 * this.stamp;
    const mm = this.memo[2 * s + 1]!;
    if (mm >= t8) return mm !== t8;
    // A readiness memo of an earlier cycle (the buffer slept) is below R_NO.
    const v = this.memo[2 * s]! - t8;
    let ok = v === R_SURE;
    if (v === R_SOLE_DRAIN) ok = this.drains(this.brOut[s]!, t);
    else if (v === R_ROOM || v === R_DRAIN) {
      const out = this.brOut[s]!;
      const c = CH * this.dest[4 * out + D_PC]!;
      ok =
        this.chan[c + CH_STAMP] === this.stamp &&
        this.chan[c + CH_SLOT] === s &&
        (v === R_ROOM || this.drains(out, t));
    }
    this.memo[2 * s + 1] = ok ? t8 + 1 : t8;
    return ok;
  }

  /** Does buffer o free a slot this cycle: every one of its slowest branches moves? */
  drains(o: number, t: number): boolean {
    const n = this.brN[o]!;
    if (n === 0 || this.recv[o] === 0) return false;
    if (n === 1) return this.succeeds(o, t);
    const m = this.s.minSent(o);
    const NB = this.NB;
    for (let k = 0; k < n; k++)
      if (this.brSent[k * NB + o] === m && !this.succeeds(k * NB + o, t)) return false;
    return true;
  }
}

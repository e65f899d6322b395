import type { SwitchPolicy } from '../router/model.js';
import { BufferSleep } from './buffer-sleep.js';
import { LinkTiming } from './link-timing.js';
import { BUF_NET, BUF_SINK } from './network.js';
import type { EngineState } from './state.js';

/** Consumers of the flits a link delivers: head processing and the end nodes. */
export interface LinkSinks {
  /** The header of a worm entered buffer b at cycle t. */
  headArrived(b: number, t: number): void;
  /** Flit number `got` entered consumption buffer o at cycle t. */
  consume(o: number, got: number, t: number): void;
}

/**
 * Link traversal, stage 3 of a cycle. Each physical channel moves at most one flit per cycle,
 * chosen round-robin among its VCs that have a flit ready and room downstream (flit-by-flit
 * multiplexing, 004 sec. 6). A flit may enter a full buffer whose front flit leaves in the same
 * cycle: credits return without delay, so a worm streams one flit per cycle through 1-flit
 * buffers, as the 1-flit-buffer model of 000 sec. 5.1 assumes. Every decision reads the state at
 * the start of the cycle; all moves are applied together at the end.
 *
 * Links with a latency L > 1 (flits in flight on the wire) make a flit usable downstream L cycles
 * after it left: a header is processed as arriving L - 1 cycles later, and body flits carry the
 * cycle they become usable in a ring per buffer. A credit delay C > 0 makes a slot freed in cycle f
 * visible upstream from cycle f + C, and removes the same-cycle reuse of a full buffer. Both are off
 * (L = 1, C = 0) by default, and then cost nothing: the book-keeping (link-timing.ts) runs only when
 * a channel has them. Held buffers that cannot move sleep (buffer-sleep.ts).
 *
 * Per branch slot, `ready` (can it move if it wins its link?) and `succeeds` (did it win, and is
 * there room?) are memoised per cycle (stamped with the cycle, see memo), since they recurse downstream
 * through full buffers whose front flit may leave in the same cycle.
 */
// Fields of LinkStage.chan (per physical channel) and LinkStage.dest (per buffer).
const CH_RR = 0;
const CH_STAMP = 1;
const CH_PRI = 2;
const CH_SLOT = 3;
const D_PC = 0;
const D_VC = 1;
const D_VCS = 2;
const D_CAP = 3;

export class LinkStage {
  private readonly s: EngineState;
  private readonly sinks: LinkSinks;
  /** Stride between branch ranks in the slot arrays (EngineState.NB). */
  private readonly NB: number;
  // The link stage's own tables are interleaved (one cache line per visit rather than one per
  // array): buffers are visited in no particular order, so separate arrays each cost a miss.
  /**
   * Per branch slot s: memo of ready at 2s (4 stamp + 0 no, 1 yes through a downstream front flit
   * leaving, 2 yes with room at the start of the cycle), of succeeds at 2s + 1 (4 stamp + 0 or 1).
   */
  private readonly memo: Int32Array;
  /** Per physical channel pc at 4pc: round-robin pointer, winner's stamp, priority and slot. */
  private readonly chan: Int32Array;
  /** Per buffer b at 4b, as a destination: its channel, its VC, the channel's VCs, its capacity. */
  private readonly dest: Int32Array;
  /**
   * The cycle as the memos and winner stamps record it: t modulo 2^29, so 4 * stamp + 3 fits an
   * Int32; the tables are cleared when it wraps (once every 2^29 cycles).
   */
  private stamp = 0;
  /** Channels with a winner this cycle. */
  private readonly touched: Int32Array;
  /** This cycle's moves: a branch slot, or -1-b for a processor pushing into injection buffer b. */
  private moves = new Int32Array(64);
  /** This cycle's moves that sent their buffer's tail (candidates for release), in move order. */
  private tails = new Int32Array(64);
  /** Network buffers a header entered this cycle (they may fall asleep at once, see move). */
  private heads = new Int32Array(64);
  // Shared per-buffer and per-slot arrays, cached for the hot loop.
  private readonly recv: Int32Array;
  private readonly brN: Uint8Array;
  private readonly brSent: Int32Array;
  private readonly brOut: Int32Array;
  private readonly readyAt: Float64Array;
  /** Links with a latency above 1 cycle, with a credit delay: their clock (link-timing.ts). */
  private readonly lagged: boolean;
  private readonly delayed: boolean;
  private readonly timing: LinkTiming;
  /** Network buffers are 0..netBuffers-1. */
  private readonly netBuffers: number;

  /** The switch model counts the space of network buffers itself (shared input buffers). */
  private readonly shared: boolean;
  /** Shared buffers or credit delays: space follows roomSpecial's rules. */
  private readonly special: boolean;
  /**
   * Buffers may sleep (buffer-sleep.ts): skipped until an event wakes them. Off with shared
   * buffers, credit delays, link latency or a flit gate, whose space and arrival rules follow the clock.
   */
  private readonly sleeps: boolean;
  private readonly sleep: BufferSleep;
  /** Whole-packet link arbitration (SwitchPolicy.wholePackets): per channel, the VC mid-packet, or -1. */
  private readonly whole: boolean;
  private readonly lock: Int32Array;
  private readonly policy: SwitchPolicy;
  /** The switch model's pipeline gate per flit (SwitchPolicy.flitGate), resolved once; usually absent. */
  private readonly gate: ((slot: number, sent: number, t: number) => boolean) | undefined;

  constructor(s: EngineState, sinks: LinkSinks, policy: SwitchPolicy) {
    this.s = s;
    this.sinks = sinks;
    this.policy = policy;
    this.shared = policy.room !== undefined;
    this.whole = policy.wholePackets === true;
    this.gate = policy.flitGate?.bind(policy);
    this.lock = new Int32Array(this.whole ? s.net.numChannels : 0).fill(-1);
    this.NB = s.NB;
    const NS = s.net.numBuffers * s.MB;
    this.memo = new Int32Array(2 * NS).fill(-1);
    const NC = s.net.numChannels;
    this.chan = new Int32Array(4 * NC);
    for (let pc = 0; pc < NC; pc++) this.chan[4 * pc + CH_STAMP] = -1;
    this.touched = new Int32Array(NC);
    const NB = s.net.numBuffers;
    this.dest = new Int32Array(4 * NB);
    for (let b = 0; b < NB; b++) {
      const pc = s.net.bufPc[b]!;
      this.dest[4 * b + D_PC] = pc;
      this.dest[4 * b + D_VC] = s.net.bufVc[b]!;
      this.dest[4 * b + D_VCS] = s.net.pcVcs[pc]!;
      this.dest[4 * b + D_CAP] = s.net.bufCap[b]!;
    }
    this.recv = s.recv;
    this.brN = s.brN;
    this.brSent = s.brSent;
    this.brOut = s.brOut;
    this.readyAt = s.readyAt;
    const net = s.net;
    this.lagged = net.maxLatency > 1;
    this.delayed = net.maxCreditDelay > 0;
    this.netBuffers = net.numNetChannels > 0 ? net.pcFirstBuf[net.numNetChannels]! : 0;
    this.timing = new LinkTiming(s, this.netBuffers, this.lagged, this.delayed);
    this.special = this.shared || this.delayed;
    this.sleeps = !this.special && !this.lagged && this.gate === undefined;
    this.sleep = new BufferSleep(s);
  }

  /** Has buffer o room for one more flit (flits in it, counted from its slowest branch, below capacity)? */
  private hasSpace(o: number): boolean {
    return this.recv[o]! - this.s.minSent(o) < this.dest[4 * o + D_CAP]!;
  }

  /** Occupancy test of buffer `out` as a destination, with the common 0- and 1-branch cases inline. */
  private roomIn(out: number): boolean {
    const n = this.brN[out]!;
    const ms = n === 0 ? 0 : n === 1 ? this.brSent[out]! : this.s.minSent(out);
    return this.recv[out]! - ms < this.dest[4 * out + D_CAP]!;
  }

  /** Can branch slot s (of buffer b) move a flit this cycle, if it wins its link? Optimistic downstream. */
  private ready(s: number, b: number, t: number): boolean {
    const memo = this.memo[2 * s]!;
    const t4 = 4 * this.stamp;
    if (memo >= t4) return memo !== t4;
    const out = this.brOut[s]!;
    const sent = this.brSent[s]!;
    return out >= 0 && sent < this.recv[b]! ? this.readyFrom(s, b, out, sent, t) : this.decided(s, 0);
  }

  /**
   * ready() for a branch not yet decided this cycle that has an output and a flit to send: the
   * arbitration loop, which has read those already, calls this directly.
   */
  private readyFrom(s: number, b: number, out: number, sent: number, t: number): boolean {
    let v = 0;
    if (
      (sent > 0 ? !this.lagged || this.timing.arrived(b, sent, t) : t >= this.readyAt[b]!) &&
      (this.gate === undefined || this.gate(s, sent, t))
    ) {
      // Kept small so the compiler inlines it into the arbitration loop: the rarer space rules
      // (shared buffers, credit delays) live in roomSpecial.
      if (this.special) v = this.roomSpecial(out, t, false) ? 1 : 0;
      else v = this.roomIn(out) ? 2 : this.drainable(out, t) ? 1 : 0;
    }
    return this.decided(s, v);
  }

  /** Records ready's answer v for slot s this cycle (see memo) and returns it as a boolean. */
  private decided(s: number, v: number): boolean {
    this.memo[2 * s] = 4 * this.stamp + v;
    return v !== 0;
  }

  /**
   * Room in `out` under the switch model's own count (shared buffers) or a credit delay; otherwise
   * the per-buffer rule, with the downstream front flit leaving (`drains`, when `moving`: the
   * flit has won its link) or able to leave (`drainable`).
   */
  private roomSpecial(out: number, t: number, moving: boolean): boolean {
    if (this.shared && out < this.netBuffers) return this.policy.room!(out);
    if (this.delayed && this.timing.late(out)) return this.timing.roomSeen(out, t);
    return this.roomIn(out) || (moving ? this.drains(out, t) : this.drainable(out, t));
  }

  /** Would buffer o free a slot this cycle if all its slowest branches moved? */
  private drainable(o: number, t: number): boolean {
    const n = this.brN[o]!;
    if (n === 0 || this.recv[o] === 0) return false;
    if (n === 1) return this.ready(o, o, t);
    const m = this.s.minSent(o);
    const NB = this.NB;
    for (let k = 0; k < n; k++)
      if (this.brSent[k * NB + o] === m && !this.ready(k * NB + o, o, t)) return false;
    return true;
  }

  /** Does branch slot s actually move this cycle: it won its link and the flit has room downstream. */
  private succeeds(s: number, t: number): boolean {
    const memo = this.memo[2 * s + 1]!;
    const t4 = 4 * this.stamp;
    if (memo >= t4) return memo === t4 + 1;
    let v = false;
    const out = this.brOut[s]!;
    const c = 4 * this.dest[4 * out + D_PC]!;
    const rd = this.memo[2 * s]! - t4;
    if (rd > 0 && this.chan[c + CH_STAMP] === this.stamp && this.chan[c + CH_SLOT] === s)
      // Ready with room at the start of the cycle (rd = 2) needs no second look downstream; ready
      // without it (rd = 1) moves if the downstream front flit leaves (no room appears within a cycle).
      v = rd === 2 || (this.special ? this.roomSpecial(out, t, true) : this.drains(out, t));
    this.memo[2 * s + 1] = v ? t4 + 1 : t4;
    return v;
  }

  /** Does buffer o free a slot this cycle: every one of its slowest branches moves? */
  private drains(o: number, t: number): boolean {
    const n = this.brN[o]!;
    if (n === 0 || this.recv[o] === 0) return false;
    if (n === 1) return this.succeeds(o, t);
    const m = this.s.minSent(o);
    const NB = this.NB;
    for (let k = 0; k < n; k++)
      if (this.brSent[k * NB + o] === m && !this.succeeds(k * NB + o, t)) return false;
    return true;
  }

  /** Link arbitration: every ready branch bids for its channel; the lowest round-robin priority wins. */
  private arbitrate(t: number): number {
    const st = this.s;
    const NB = this.NB;
    const act = st.active;
    const nact = st.activeCount;
    const brN = this.brN;
    const brOut = this.brOut;
    const brSent = this.brSent;
    const recv = this.recv;
    const dest = this.dest;
    const chan = this.chan;
    const stamp = this.stamp;
    const touched = this.touched;
    let ntouched = 0;
    const asleep = st.asleep;
    const sleeps = this.sleeps;
    const memo = this.memo;
    const sleep = this.sleep;
    const t4 = 4 * stamp;
    for (let i = 0; i < nact; i++) {
      const b = act[i]!;
      if (asleep[b] === 1) continue;
      const n = brN[b]!;
      // The buffer sleeps if a branch is blocked (no output yet, or a full downstream buffer that
      // sleeps) and none can move or waits for the clock; a branch with nothing to send does not
      // keep it awake but is no reason to sleep either (flits arrive every cycle or two in a
      // streaming worm: sleeping there would only cost a wake per flit).
      let blocked = false;
      let awake = !sleeps;
      for (let k = 0; k < n; k++) {
        const s = k * NB + b;
        const out = brOut[s]!;
        // Most branches that cannot move have no output yet or nothing to send: decided here
        // without a call (ready() would say no; its memo is only needed for branches it visits).
        if (out < 0) {
          blocked = true;
          continue;
        }
        const sent = brSent[s]!;
        if (sent >= recv[b]!) continue;
        const mm = memo[2 * s]!;
        if (mm >= t4 ? mm === t4 : !this.readyFrom(s, b, out, sent, t)) {
          // Behind a sleeping buffer it cannot move before that one wakes; a head still in its
          // routing delay becomes ready by the clock, so it stays awake.
          if (asleep[out] === 1 && sent > 0) blocked = true;
          else awake = true;
          continue;
        }
        awake = true;
        const d = 4 * out;
        const pc = dest[d + D_PC]!;
        const V = dest[d + D_VCS]!;
        if (this.whole && this.lock[pc] !== -1 && this.lock[pc] !== dest[d + D_VC]) continue;
        const c = 4 * pc;
        let pri = 0;
        if (V > 1) {
          pri = dest[d + D_VC]! - chan[c + CH_RR]!;
          if (pri < 0) pri += V;
        }
        if (chan[c + CH_STAMP] !== stamp) {
          chan[c + CH_STAMP] = stamp;
          chan[c + CH_PRI] = pri;
          chan[c + CH_SLOT] = s;
          touched[ntouched++] = pc;
        } else if (pri < chan[c + CH_PRI]!) {
          chan[c + CH_PRI] = pri;
          chan[c + CH_SLOT] = s;
        }
      }
      if (blocked && !awake) sleep.fallAsleep(b);
    }
    return ntouched;
  }

  /** The sleeping rule held, for tests (BufferSleep.check): the first violation, or undefined. */
  checkSleep(): string | undefined {
    return this.sleep.check();
  }

  /** Decides and applies cycle t's flit moves; returns how many flits moved. */
  move(t: number): number {
    this.stamp = t & 0x1fffffff;
    if (this.stamp === 0 && t > 0) {
      this.memo.fill(-1);
      for (let c = CH_STAMP; c < this.chan.length; c += 4) this.chan[c] = -1;
    }
    const st = this.s;
    const net = st.net;
    const NB = this.NB;
    const brOut = this.brOut;
    const dest = this.dest;
    const chan = this.chan;
    // Pass 1: which branches can move, and which wins each channel.
    const ntouched = this.arbitrate(t);
    // Pass 2: which winners actually move (room downstream, or the downstream front flit leaves),
    // and which processors push a flit into their injection channel.
    let nm = 0;
    if (this.moves.length < ntouched + st.srcCount) {
      this.moves = new Int32Array(2 * (ntouched + st.srcCount));
      this.tails = new Int32Array(this.moves.length);
      this.heads = new Int32Array(this.moves.length);
    }
    const moves = this.moves;
    for (let i = 0; i < st.srcCount; i++) {
      const b = st.srcList[i]!;
      if (this.hasSpace(b) || this.drains(b, t)) moves[nm++] = -1 - b;
    }
    const memo = this.memo;
    const t4 = 4 * this.stamp;
    for (let i = 0; i < ntouched; i++) {
      const s = chan[4 * this.touched[i]! + CH_SLOT]!;
      // A winner that had room at the start of the cycle moves (succeeds' first case, inline).
      if (memo[2 * s] === t4 + 2) {
        memo[2 * s + 1] = t4 + 1;
        moves[nm++] = s;
      } else if (this.succeeds(s, t)) moves[nm++] = s;
    }
    // Pass 3: apply all moves together. (Arrays in locals: the sinks' calls would make the
    // compiler reload fields.)
    const trace = st.trace;
    const recv = this.recv;
    const brSent = this.brSent;
    const asleep = st.asleep;
    const owner = st.owner;
    const bufKind = net.bufKind;
    const lagged = this.lagged;
    const whole = this.whole;
    const bufLen = st.bufLen;
    const tails = this.tails;
    const heads = this.heads;
    const sleeps = this.sleeps;
    const sleep = this.sleep;
    let ntails = 0;
    let nheads = 0;
    let hops = 0;
    for (let i = 0; i < nm; i++) {
      const m = moves[i]!;
      if (m < 0) {
        const b = -1 - m;
        const sent = ++st.srcSent[b]!;
        if (sent === st.bufLen[b]) st.unsource(b);
        if (trace !== undefined) trace.flitIn(owner[b]!, b, sent, t);
        if (asleep[b] === 1) st.wake(b);
        if (++recv[b]! === 1) {
          const msg = st.wormMsg[owner[b]!]!;
          if (msg.injected < 0) msg.injected = t;
          this.sinks.headArrived(b, t);
        }
        continue;
      }
      const out = brOut[m]!;
      // The branch that sends a buffer's tail may free it (once its other branches have too).
      if (++brSent[m]! === bufLen[m < NB ? m : m % NB]) tails[ntails++] = m;
      const d = 4 * out;
      const pc = dest[d + D_PC]!;
      const nextVc = dest[d + D_VC]! + 1;
      chan[4 * pc + CH_RR] = nextVc === dest[d + D_VCS] ? 0 : nextVc;
      const got = ++recv[out]!;
      if (whole) this.lock[pc] = got === st.bufLen[out] ? -1 : dest[d + D_VC]!;
      if (asleep[out] === 1 && sleep.wantsFlit(out, got - 1)) st.wake(out);
      const kind = bufKind[out];
      if (kind === BUF_NET) {
        hops++;
        // A flit on a link of latency L is usable downstream from cycle t + L; the header is read
        // as it comes off the wire, in cycle t + L - 1.
        const lat = lagged ? net.pcLatency[pc]! : 1;
        if (lat > 1) this.timing.arrives(out, got, t + lat);
        if (trace !== undefined) trace.flitIn(owner[out]!, out, got, t + lat - 1);
        if (got === 1) {
          st.wormMsg[owner[out]!]!.hops++;
          this.sinks.headArrived(out, t + lat - 1);
          if (sleeps) heads[nheads++] = out;
        }
      } else if (kind === BUF_SINK) {
        if (trace !== undefined) trace.flitIn(owner[out]!, out, got, t);
        this.sinks.consume(out, got, t);
      }
    }
    st.flitHops += hops;
    // Release buffers whose tail has left on every branch, in the order of the moves (with credit
    // delays every move's departure is recorded first, so all moves are visited).
    const delayed = this.delayed;
    const list = delayed ? moves : tails;
    const nlist = delayed ? nm : ntails;
    for (let i = 0; i < nlist; i++) {
      const m = list[i]!;
      if (m < 0) continue;
      const b = m < NB ? m : m % NB;
      if (delayed) this.timing.recordDepartures(b, t);
      const w = owner[b]!;
      if (w >= 0 && st.minSent(b) === bufLen[b]) st.release(b, w);
    }
    // A header that entered a buffer waits there for its output (its branches have none until
    // allocation grants one after the routing delay): the buffer sleeps now, with the chain of
    // buffers behind it, rather than after a cycle of visits that would find nothing to move.
    // Done once every move is applied, so each feeding buffer is judged on its final state.
    if (nheads > 0) sleep.headsArrived(heads, nheads);
    return nm;
  }
}

import type { SwitchPolicy } from '../router/model.js';
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
 * (L = 1, C = 0) by default, and then cost nothing: the book-keeping runs only when a channel has them.
 *
 * Per branch slot, `ready` (can it move if it wins its link?) and `succeeds` (did it win, and is
 * there room?) are memoised per cycle as 2t+1 (yes) or 2t (no), since they recurse downstream
 * through full buffers whose front flit may leave in the same cycle.
 */
export class LinkStage {
  private readonly s: EngineState;
  private readonly sinks: LinkSinks;
  private readonly MB: number;
  // Per branch slot: memo of ready / succeeds.
  private readonly rd: Float64Array;
  private readonly sc: Float64Array;
  // Per physical channel: round-robin pointer and this cycle's winner.
  private readonly rr: Int32Array;
  private readonly winStamp: Float64Array;
  private readonly winSlot: Int32Array;
  private readonly winPri: Int32Array;
  /** Channels with a winner this cycle. */
  private readonly touched: Int32Array;
  /** This cycle's moves: a branch slot, or -1-b for a processor pushing into injection buffer b. */
  private moves = new Int32Array(64);
  // Shared per-buffer and per-slot arrays, cached for the hot loop.
  private readonly recv: Int32Array;
  private readonly brN: Uint8Array;
  private readonly brSent: Int32Array;
  private readonly brOut: Int32Array;
  private readonly readyAt: Float64Array;
  private readonly bufCap: Int32Array;
  // Link latency: per network buffer, a ring of the cycle each flit in it becomes usable.
  private readonly lagged: boolean;
  private readonly usable: Int32Array;
  // Credit delay: per network buffer, a ring of the cycle each flit left it.
  private readonly delayed: boolean;
  private readonly leftAt: Int32Array;
  /** Flits per network buffer (the ring size). */
  private readonly depth: number;
  /** Network buffers are 0..netBuffers-1. */
  private readonly netBuffers: number;

  /** The switch model counts the space of network buffers itself (shared input buffers). */
  private readonly shared: boolean;
  /** Whole-packet link arbitration (SwitchPolicy.wholePackets): per channel, the VC mid-packet, or -1. */
  private readonly whole: boolean;
  private readonly lock: Int32Array;
  private readonly policy: SwitchPolicy;

  constructor(s: EngineState, sinks: LinkSinks, policy: SwitchPolicy) {
    this.s = s;
    this.sinks = sinks;
    this.policy = policy;
    this.shared = policy.room !== undefined;
    this.whole = policy.wholePackets === true;
    this.lock = new Int32Array(this.whole ? s.net.numChannels : 0).fill(-1);
    this.MB = s.MB;
    const NS = s.net.numBuffers * s.MB;
    this.rd = new Float64Array(NS).fill(-1);
    this.sc = new Float64Array(NS).fill(-1);
    const NC = s.net.numChannels;
    this.rr = new Int32Array(NC);
    this.winStamp = new Float64Array(NC).fill(-1);
    this.winSlot = new Int32Array(NC);
    this.winPri = new Int32Array(NC);
    this.touched = new Int32Array(NC);
    this.recv = s.recv;
    this.brN = s.brN;
    this.brSent = s.brSent;
    this.brOut = s.brOut;
    this.readyAt = s.readyAt;
    this.bufCap = s.net.bufCap;
    const net = s.net;
    this.netBuffers = net.numNetChannels > 0 ? net.pcFirstBuf[net.numNetChannels]! : 0;
    this.depth = this.netBuffers > 0 ? net.bufCap[0]! : 1;
    this.lagged = net.maxLatency > 1;
    this.delayed = net.maxCreditDelay > 0;
    this.usable = new Int32Array(this.lagged ? this.netBuffers * this.depth : 0);
    this.leftAt = new Int32Array(this.delayed ? this.netBuffers * this.depth : 0);
  }

  /** Has body flit `k` of buffer b come off the wire by cycle t? (Only asked when links have latency.) */
  private arrived(b: number, k: number, t: number): boolean {
    return b >= this.netBuffers || this.usable[b * this.depth + (k % this.depth)]! <= t;
  }

  /**
   * Room in network buffer `out` as the upstream router sees it at cycle t with a credit delay:
   * flits sent into it minus those whose departure's credit has arrived.
   */
  private roomSeen(out: number, t: number): boolean {
    const st = this.s;
    const C = st.net.pcCreditDelay[st.net.bufPc[out]!]!;
    const base = out * this.depth;
    let c = st.credited[out]!;
    const d = st.departed[out]!;
    while (c < d && this.leftAt[base + (c % this.depth)]! + C <= t) c++;
    st.credited[out] = c;
    return this.recv[out]! - c < this.bufCap[out]!;
  }

  /** Is `out` a buffer whose credits return late (no same-cycle reuse of a full buffer)? */
  private late(out: number): boolean {
    return out < this.netBuffers && this.s.net.pcCreditDelay[this.s.net.bufPc[out]!]! > 0;
  }

  /** Records the departures of buffer b's slowest branch in cycle t (credit delay book-keeping). */
  private recordDepartures(b: number, t: number): void {
    const st = this.s;
    const m = st.minSent(b);
    for (let k = st.departed[b]!; k < m; k++) this.leftAt[b * this.depth + (k % this.depth)] = t;
    st.departed[b] = m;
  }

  /** Has buffer o room for one more flit (flits in it, counted from its slowest branch, below capacity)? */
  private hasSpace(o: number): boolean {
    return this.recv[o]! - this.s.minSent(o) < this.bufCap[o]!;
  }

  /** Occupancy test of buffer `out` as a destination, with the common 0- and 1-branch cases inline. */
  private roomIn(out: number): boolean {
    const n = this.brN[out]!;
    const ms = n === 0 ? 0 : n === 1 ? this.brSent[out * this.MB]! : this.s.minSent(out);
    return this.recv[out]! - ms < this.bufCap[out]!;
  }

  /** Can branch slot s (of buffer b) move a flit this cycle, if it wins its link? Optimistic downstream. */
  private ready(s: number, b: number, t: number): boolean {
    const memo = this.rd[s]!;
    const t2 = 2 * t;
    if (memo >= t2) return memo === t2 + 1;
    const out = this.brOut[s]!;
    const sent = this.brSent[s]!;
    let v = false;
    if (
      out >= 0 &&
      sent < this.recv[b]! &&
      (sent > 0 ? !this.lagged || this.arrived(b, sent, t) : t >= this.readyAt[b]!)
    ) {
      if (this.shared && out < this.netBuffers) v = this.policy.room!(out);
      else if (this.delayed && this.late(out)) v = this.roomSeen(out, t);
      else v = this.roomIn(out) || this.drainable(out, t);
    }
    this.rd[s] = v ? t2 + 1 : t2;
    return v;
  }

  /** Would buffer o free a slot this cycle if all its slowest branches moved? */
  private drainable(o: number, t: number): boolean {
    const n = this.brN[o]!;
    if (n === 0 || this.recv[o] === 0) return false;
    const base = o * this.MB;
    if (n === 1) return this.ready(base, o, t);
    const m = this.s.minSent(o);
    for (let k = 0; k < n; k++) if (this.brSent[base + k] === m && !this.ready(base + k, o, t)) return false;
    return true;
  }

  /** Does branch slot s actually move this cycle: it won its link and the flit has room downstream. */
  private succeeds(s: number, t: number): boolean {
    const memo = this.sc[s]!;
    const t2 = 2 * t;
    if (memo >= t2) return memo === t2 + 1;
    let v = false;
    const out = this.brOut[s]!;
    const pc = this.s.net.bufPc[out]!;
    if (this.rd[s] === t2 + 1 && this.winStamp[pc] === t && this.winSlot[pc] === s) {
      if (this.shared && out < this.netBuffers) v = this.policy.room!(out);
      else if (this.delayed && this.late(out)) v = this.roomSeen(out, t);
      else v = this.roomIn(out) || this.drains(out, t);
    }
    this.sc[s] = v ? t2 + 1 : t2;
    return v;
  }

  /** Does buffer o free a slot this cycle: every one of its slowest branches moves? */
  private drains(o: number, t: number): boolean {
    const n = this.brN[o]!;
    if (n === 0 || this.recv[o] === 0) return false;
    const base = o * this.MB;
    if (n === 1) return this.succeeds(base, t);
    const m = this.s.minSent(o);
    for (let k = 0; k < n; k++) if (this.brSent[base + k] === m && !this.succeeds(base + k, t)) return false;
    return true;
  }

  /** Link arbitration: every ready branch bids for its channel; the lowest round-robin priority wins. */
  private arbitrate(t: number): number {
    const st = this.s;
    const net = st.net;
    const MB = this.MB;
    const act = st.active;
    const nact = st.activeCount;
    const brN = this.brN;
    const brOut = this.brOut;
    const bufPc = net.bufPc;
    const bufVc = net.bufVc;
    const pcVcs = net.pcVcs;
    const winStamp = this.winStamp;
    const winPri = this.winPri;
    const winSlot = this.winSlot;
    const rr = this.rr;
    const touched = this.touched;
    let ntouched = 0;
    for (let i = 0; i < nact; i++) {
      const b = act[i]!;
      const n = brN[b]!;
      for (let k = 0; k < n; k++) {
        const s = b * MB + k;
        if (!this.ready(s, b, t)) continue;
        const out = brOut[s]!;
        const pc = bufPc[out]!;
        const V = pcVcs[pc]!;
        if (this.whole && this.lock[pc] !== -1 && this.lock[pc] !== bufVc[out]) continue;
        const pri = V === 1 ? 0 : (bufVc[out]! - rr[pc]! + V) % V;
        if (winStamp[pc] !== t) {
          winStamp[pc] = t;
          winPri[pc] = pri;
          winSlot[pc] = s;
          touched[ntouched++] = pc;
        } else if (pri < winPri[pc]!) {
          winPri[pc] = pri;
          winSlot[pc] = s;
        }
      }
    }
    return ntouched;
  }

  /** Decides and applies cycle t's flit moves; returns how many flits moved. */
  move(t: number): number {
    const st = this.s;
    const net = st.net;
    const MB = this.MB;
    const brOut = this.brOut;
    const bufPc = net.bufPc;
    const bufVc = net.bufVc;
    const pcVcs = net.pcVcs;
    const rr = this.rr;
    // Pass 1: which branches can move, and which wins each channel.
    const ntouched = this.arbitrate(t);
    // Pass 2: which winners actually move (room downstream, or the downstream front flit leaves),
    // and which processors push a flit into their injection channel.
    let nm = 0;
    if (this.moves.length < ntouched + st.srcCount) this.moves = new Int32Array(2 * (ntouched + st.srcCount));
    const moves = this.moves;
    for (let i = 0; i < st.srcCount; i++) {
      const b = st.srcList[i]!;
      if (this.hasSpace(b) || this.drains(b, t)) moves[nm++] = -1 - b;
    }
    for (let i = 0; i < ntouched; i++) {
      const s = this.winSlot[this.touched[i]!]!;
      if (this.succeeds(s, t)) moves[nm++] = s;
    }
    // Pass 3: apply all moves together.
    const trace = st.trace;
    for (let i = 0; i < nm; i++) {
      const m = moves[i]!;
      if (m < 0) {
        const b = -1 - m;
        const sent = ++st.srcSent[b]!;
        if (sent === st.bufLen[b]) st.unsource(b);
        if (trace !== undefined) trace.flitIn(st.owner[b]!, b, sent, t);
        if (++this.recv[b]! === 1) {
          const msg = st.wormMsg[st.owner[b]!]!;
          if (msg.injected < 0) msg.injected = t;
          this.sinks.headArrived(b, t);
        }
        continue;
      }
      const out = brOut[m]!;
      this.brSent[m]!++;
      const pc = bufPc[out]!;
      rr[pc] = (bufVc[out]! + 1) % pcVcs[pc]!;
      const got = ++this.recv[out]!;
      if (this.whole) this.lock[pc] = got === st.bufLen[out] ? -1 : bufVc[out]!;
      const kind = net.bufKind[out];
      if (kind === BUF_NET) {
        st.flitHops++;
        st.wormTraffic[st.owner[out]!]!++;
        // A flit on a link of latency L is usable downstream from cycle t + L; the header is read
        // as it comes off the wire, in cycle t + L - 1.
        const lat = this.lagged ? net.pcLatency[pc]! : 1;
        if (lat > 1) this.usable[out * this.depth + ((got - 1) % this.depth)] = t + lat;
        if (trace !== undefined) trace.flitIn(st.owner[out]!, out, got, t + lat - 1);
        if (got === 1) {
          st.wormMsg[st.owner[out]!]!.hops++;
          this.sinks.headArrived(out, t + lat - 1);
        }
      } else if (kind === BUF_SINK) {
        if (trace !== undefined) trace.flitIn(st.owner[out]!, out, got, t);
        this.sinks.consume(out, got, t);
      }
    }
    // Release buffers whose tail has left on every branch.
    for (let i = 0; i < nm; i++) {
      const m = moves[i]!;
      if (m < 0) continue;
      const b = (m / MB) | 0;
      if (this.delayed && b < this.netBuffers) this.recordDepartures(b, t);
      const w = st.owner[b]!;
      if (w >= 0 && st.minSent(b) === st.bufLen[b]) st.release(b, w);
    }
    return nm;
  }
}

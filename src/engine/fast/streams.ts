import { F_ABSORB } from '../../plan/worm.js';
import { longer } from '../../util/longer.js';
import type { LinkSinks } from '../link-sinks.js';
import type { EngineState } from '../state.js';
import { BufferSleep } from './buffer-sleep.js';
import { ASLEEP, AWAKE, STREAMING } from './sleep-states.js';
import { UnitRecords } from './unit-records.js';
import type { UnitReleases } from './unit-releases.js';

/**
 * Streaming worms, where links are plain (chooseShortcuts in shortcuts.ts). A unicast worm that is alone
 * on every channel it holds (no other VC of any of them is held), has a flit in every buffer it
 * holds behind its header, and whose header's buffer (its *front*) takes a flit in every cycle,
 * moves one flit out of every one of those buffers in every cycle: each passes a flit on and
 * receives the next (the processor pushes one while it has any), until the tail has gone by. The
 * front is the destination's consumption channel, whose processor takes a flit per cycle, or,
 * while the header is on its way, the network buffer it is in, as long as that buffer is left with
 * room at the end of each cycle (an *open* front: with 8-flit buffers the flits behind a header
 * flow on while it waits out its routing delay). After cycle t0 + d - 1 a buffer that held `base`
 * flits at t0 has received min(L, base + d) of the worm's L flits, and its tail leaves it in cycle
 * t0 + L - base' - 1, base' being its successor's count. So a streaming worm costs one step per
 * cycle, not one visit per buffer it spans: its counters stay as they were at t0 and are brought
 * up to date when something else must read them (an open front's, which the link stage reads, is
 * kept exact), and only its releases are events.
 *
 * Nothing else can change the worm's course while it streams, except another worm taking a VC on
 * one of its channels, which could then compete for the link: the allocator stops the stream at
 * that grant (EngineState.stopUnit), and the worm goes on buffer by buffer from that cycle. An
 * open front left full stops it too, and its header moving on starts it again behind the new front.
 * Its releases happen in the cycle and at the place in the order of the cycle's moves where the
 * link stage would have made them (LinkStage merges them by the buffer's place in the list of held
 * buffers), so results are the same to the byte. The link stage's buffers skip streaming buffers
 * (asleep = STREAMING).
 */
export class Streams extends UnitRecords {
  private readonly s: EngineState;
  private readonly sinks: LinkSinks;
  /** Per buffer: the flits it had received when its worm started streaming (or was last brought up to date). */
  private readonly base: Int32Array;
  // Per worm id (grown with the engine's worm table).
  /** First cycle counted from `base`, -1 when the worm does not stream. */
  private t0 = new Int32Array(0);
  // (UnitRecords: its front is a consumption buffer, or a network buffer: an open front.)
  /** Buffers freed this cycle (their tails left), for the link stage's release loop. */
  private readonly releases: UnitReleases;
  /** Network buffers of the network (ids below), for telling network buffers apart. */
  private readonly netBuffers: number;
  private readonly sleep: BufferSleep;
  constructor(s: EngineState, sinks: LinkSinks, releases: UnitReleases) {
    super();
    this.s = s;
    this.sinks = sinks;
    this.releases = releases;
    this.sleep = new BufferSleep(s);
    const net = s.net;
    this.base = new Int32Array(net.numBuffers);
    this.netBuffers = net.numNetChannels > 0 ? net.pcFirstBuf[net.numNetChannels]! : 0;
  }

  /** Streams stopped by a grant on one of their channels (for tests). */
  stops = 0;
  /** Worms streaming now. */
  get streaming(): number {
    return this.worms.count;
  }

  /** Is network buffer `out` the only VC of its channel held (its feeder then bids alone)? */
  private alone(out: number): boolean {
    return this.s.chanHeld[this.s.net.bufPc[out]!] === 1;
  }

  /**
   * The header of a worm entered consumption buffer z in cycle t (the cycle's moves and releases
   * done): it streams from cycle t + 1 if it can. Only a plain unicast on the network's routing
   * (whose choices are fixed: an adaptive routing reads buffer occupancies, which a streaming worm
   * does not keep up to date).
   */
  headIn(z: number, t: number): void {
    const w = this.s.owner[z]!;
    if (w < 0 || !plainUnicast(this.s, w)) return;
    // Streaming behind its header until now (an open front): it goes on with the sink as its front.
    if (this.isStreaming(w) && this.advance(w, z, t)) return;
    this.tryStart(z, w, t);
  }

  /**
   * The header of worm w, a plain unicast, entered network buffer `to` in cycle t: the worm streams
   * behind it from t + 1 if it can, `to` its open front. Returns whether it streams.
   */
  headMoved(to: number, w: number, t: number): boolean {
    if (this.isStreaming(w) && !this.full(to) && this.advance(w, to, t)) return true;
    if (this.full(to)) return false;
    this.tryStart(to, w, t);
    return this.isStreaming(w);
  }

  /**
   * The header of streaming worm w left its front for `to` in cycle t (`to` with room or a
   * consumption buffer): the old front joins the stream if it is left with a flit and `to` is alone
   * on its channel, and `to` becomes the front from t + 1. Otherwise the worm stops streaming.
   * Returns whether it goes on.
   */
  private advance(w: number, to: number, t: number): boolean {
    const st = this.s;
    const f = this.front[w]!;
    if (
      st.feeder[to] !== f ||
      st.asleep[f] !== AWAKE ||
      st.recv[f]! - st.brSent[f]! < 1 ||
      (to < this.netBuffers && !this.alone(to))
    ) {
      this.settle(w, t + 1, false);
      return false;
    }
    // Counts as of the start of cycle t + 1: a member's is base + (t + 1 - t0).
    const d = t + 1 - this.t0[w]!;
    this.base[f] = st.recv[f]! - d;
    this.base[to] = st.recv[to]! - d;
    st.setAsleep(f, STREAMING);
    this.front[w] = to;
    if (to < this.netBuffers) {
      st.unitChan[st.net.bufPc[to]!] = w;
      this.rate[w]!++;
    }
    return true;
  }

  isStreaming(w: number): boolean {
    return w < this.t0.length && this.t0[w]! >= 0;
  }

  /** Has buffer o (one branch at most) no room for a flit unless its front flit leaves? */
  private full(o: number): boolean {
    const st = this.s;
    return st.recv[o]! - (st.brN[o] === 0 ? 0 : st.brSent[o]!) >= st.net.bufCap[o]!;
  }

  /**
   * Starts worm w, whose header is in buffer z (a consumption buffer, or a network buffer with room:
   * an open front), streaming from cycle t + 1 if every buffer it holds behind z has one branch, a
   * flit to send, is awake, and leads into a buffer alone on its channel.
   */
  private tryStart(z: number, w: number, t: number): void {
    const st = this.s;
    const NB = st.NB;
    // Walk upstream from the sink: every held buffer has one branch, a flit to send, is awake, and
    // leads into a buffer that is alone on its channel.
    let u = st.feeder[z]!;
    let oldest = z;
    let rate = 0;
    while (u >= 0 && u < NB && st.owner[u] === w) {
      const out = st.brOut[u]!;
      if (st.brN[u] !== 1 || st.asleep[u] !== AWAKE || st.recv[u]! - st.brSent[u]! < 1) return;
      if (out < this.netBuffers) {
        if (!this.alone(out)) return;
        rate++;
      }
      oldest = u;
      u = st.feeder[u]!;
    }
    if (oldest === z || u >= NB) return;
    this.roomFor(w);
    const t0 = t + 1;
    this.t0[w] = t0;
    this.front[w] = z;
    this.oldest[w] = oldest;
    this.rate[w] = rate;
    this.base[z] = st.recv[z]!;
    for (let b = oldest; b !== z; b = st.brOut[b]!) {
      this.base[b] = st.recv[b]!;
      st.setAsleep(b, STREAMING);
      if (b < this.netBuffers) st.unitChan[st.net.bufPc[b]!] = w;
    }
    // An open front's channel carries the stream's flits too.
    if (z < this.netBuffers) st.unitChan[st.net.bufPc[z]!] = w;
    this.due[w] = t0 + st.bufLen[z]! - this.base[st.brOut[oldest]!]! - 1;
    this.src[w] = -1;
    if (st.srcPos[oldest] !== -1) {
      st.unsource(oldest);
      this.src[w] = oldest;
    }
    this.worms.add(w);
  }

  /**
   * Cycle t's moves of every streaming worm: one flit into its front (a consumption buffer's
   * processor takes it, as LinkStage's consume; an open front counts it), the network moves
   * counted, and the buffers whose tails leave this cycle listed in `releases` for the release
   * loop. A worm whose open front is left full stops (the buffer behind it can move next cycle only
   * if the front's flit leaves, which the link stage decides). Returns the moves made.
   */
  step(t: number): number {
    const st = this.s;
    let moves = 0;
    for (let i = this.worms.count - 1; i >= 0; i--) {
      const w = this.worms.ids[i]!;
      const z = this.front[w]!;
      moves += 1 + this.rate[w]!;
      st.flitHops += this.rate[w]!;
      const open = z < this.netBuffers;
      if (open) {
        const got = ++st.recv[z]!;
        if (st.asleep[z] === ASLEEP && this.sleep.wantsFlit(z, got - 1)) st.wake(z);
      } else this.sinks.consume(z, this.base[z]! + t - this.t0[w]! + 1, t);
      if (t === this.due[w] && this.tailLeft(w)) continue;
      if (open && this.full(z)) this.settle(w, t + 1, false);
    }
    return moves;
  }

  /**
   * The tail left worm w's oldest buffer: it is freed in the release loop, the next one is oldest.
   * Returns true if the tail is now in the front (the worm has finished streaming).
   */
  private tailLeft(w: number): boolean {
    const st = this.s;
    const z = this.front[w]!;
    const u = this.oldest[w]!;
    this.releases.add(u);
    if (u < this.netBuffers) st.unitChan[st.net.bufPc[u]!] = -1;
    if (u === this.src[w]) this.src[w] = -1;
    const next = st.brOut[u]!;
    if (next === z) {
      this.remove(w);
      return true;
    }
    this.oldest[w] = next;
    if (next < this.netBuffers) this.rate[w]!--;
    this.due[w] = this.t0[w]! + st.bufLen[z]! - this.base[st.brOut[next]!]! - 1;
    return false;
  }

  /**
   * Brings worm w's counters up to the start of cycle t (what the link stage would hold after the
   * moves of cycles t0 .. t - 1). With `keep` it goes on streaming from t; otherwise it stops, and
   * the link stage takes it over buffer by buffer.
   */
  private settle(w: number, t: number, keep: boolean): void {
    const st = this.s;
    const d = t - this.t0[w]!;
    const z = this.front[w]!;
    const L = st.bufLen[z]!;
    let prev = -1;
    for (let b = this.oldest[w]!; ; b = st.brOut[b]!) {
      const r = Math.min(L, this.base[b]! + d);
      st.recv[b] = r;
      if (prev >= 0) st.brSent[prev] = r;
      else if (b === this.src[w]) st.srcSent[b] = r;
      if (keep) this.base[b] = r;
      else if (b !== z) {
        st.setAsleep(b, AWAKE);
        if (b < this.netBuffers) st.unitChan[st.net.bufPc[b]!] = -1;
      }
      if (b === z) break;
      prev = b;
    }
    if (keep) {
      // The release cycles stay as they were: base and t0 move together.
      this.t0[w] = t;
      return;
    }
    const src = this.src[w]!;
    if (src !== -1 && st.srcSent[src]! < st.bufLen[src]!) st.addSource(src);
    this.remove(w);
  }

  /** Worm w stops streaming at the start of cycle t (another worm took a VC on one of its channels). */
  stop(w: number, t: number): void {
    if (w >= this.t0.length || this.t0[w]! < 0) return;
    this.stops++;
    this.settle(w, t, false);
  }

  /** Every streaming worm's counters brought up to the start of cycle t, for checks and reports. */
  settleAll(t: number): void {
    for (let i = 0; i < this.worms.count; i++) this.settle(this.worms.ids[i]!, t, true);
  }

  private remove(w: number): void {
    const z = this.front[w]!;
    if (z < this.netBuffers) this.s.unitChan[this.s.net.bufPc[z]!] = -1;
    this.worms.remove(w);
    this.t0[w] = -1;
  }

  protected override growRecords(n: number): void {
    super.growRecords(n);
    this.t0 = longer(this.t0, n, -1);
  }

  /** A streaming worm's buffers are skipped by the sleeping rule's check: this is theirs. */
  check(): string | undefined {
    const st = this.s;
    for (let i = 0; i < this.worms.count; i++) {
      const w = this.worms.ids[i]!;
      for (let b = this.oldest[w]!; b !== this.front[w]; b = st.brOut[b]!) {
        if (st.owner[b] !== w) return `streaming worm ${w} lost buffer ${b}`;
        if (st.asleep[b] !== STREAMING) return `buffer ${b} of streaming worm ${w} is not marked`;
        const out = st.brOut[b]!;
        if (out < this.netBuffers && !this.alone(out))
          return `streaming worm ${w} shares the channel of buffer ${out}`;
      }
      const z = this.front[w]!;
      if (z < this.netBuffers && this.full(z)) return `streaming worm ${w}: its open front ${z} is full`;
    }
    for (let b = 0; b < st.net.numBuffers; b++)
      if (st.asleep[b] === STREAMING && !(st.owner[b]! >= 0 && (this.t0[st.owner[b]!] ?? -1) >= 0))
        return `buffer ${b} is marked streaming but its worm is not`;
    return undefined;
  }
}

/**
 * Worm w is a plain unicast: one absorbing stop, at a node, on a routing whose choices are fixed,
 * the network's or the one the worm names (a scheme's unicasts under its own routing: XY under TPM,
 * the Hamiltonian path's labels under dual-path, sim/drivers/mixed.ts), on a network whose routing
 * is fixed too. An adaptive routing reads buffer occupancies, which streaming and packed worms do
 * not keep up to date; a unit never routes (its header is routed as it moves, heads.ts), so which
 * fixed routing the worm follows does not matter to it.
 */
export function plainUnicast(st: EngineState, w: number): boolean {
  const cw = st.wormC[w]!;
  if (cw.node.length !== 1 || cw.flags[0] !== F_ABSORB || cw.level[0] !== 0) return false;
  const net = st.net;
  if (net.routing.alternatives !== undefined) return false;
  // The worm's header has been routed by its routing already: the name is known to the network.
  return cw.routing === undefined || net.routingByName(cw.routing).alternatives === undefined;
}

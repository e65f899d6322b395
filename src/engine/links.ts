import { BufferSleep } from './fast/buffer-sleep.js';
import type { ShortcutSet } from './fast/shortcuts.js';
import { ASLEEP } from './fast/sleep-states.js';
import { UnitWorms } from './fast/unit-worms.js';
import {
  CH,
  CH_KEY,
  CH_PRI,
  CH_RR,
  CH_SLOT,
  CH_STAMP,
  D_PC,
  D_VC,
  D_VCS,
  R_NO,
  R_ROOM,
  R_SOLE_DRAIN,
  R_SURE,
} from './link-codes.js';
import { EV_NET, EV_SINK, EV_SOURCE, MoveEvents } from './link-events.js';
import { LinkReadiness } from './link-readiness.js';
import type { LinkSinks } from './link-sinks.js';
import { BUF_NET, BUF_SINK } from './network.js';
import type { SwitchPolicy } from './policy.js';
import type { EngineState } from './state.js';

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
 * a channel has them. Held buffers that cannot move sleep (fast/buffer-sleep.ts).
 *
 * The readiness of each branch and the success of its move are memoised per cycle
 * (link-readiness.ts). A channel with one held VC has one possible bidder, which wins without
 * arbitration: its move stands in the cycle's order at its own visit, a contended channel's at its
 * first bid. Where links are plain (buffers counted one by one, latency 1, no credit delay, no
 * trace), worms alone on their channels move as units, without a visit per buffer (fast/unit-worms.ts).
 */
export class LinkStage extends LinkReadiness {
  /**
   * This cycle's channels in the order of their first bid: a slot (the channel's only bidder, no
   * arbitration) or ~pc (contended: the winner is the channel's CH_SLOT).
   */
  private order = new Int32Array(64);
  /** This cycle's moves: a branch slot, or -1-b for a processor pushing into injection buffer b. */
  private moves = new Int32Array(64);
  /** This cycle's moves that sent their buffer's tail (candidates for release), in move order. */
  private tails = new Int32Array(64);
  /** What this cycle's moves tell the rest of the engine (link-events.ts). */
  private readonly events: MoveEvents;
  /** Buffers may sleep (fast/buffer-sleep.ts): skipped until an event wakes them (fast/shortcuts.ts). */
  private readonly sleeps: boolean;
  /**
   * Where buffers may not sleep: a buffer none of whose branches has an output yet still does until
   * a grant wakes it (the outputWaits shortcut, BufferSleep.napIfWaiting).
   */
  private readonly naps: boolean;
  private readonly sleep: BufferSleep;
  /** Whole-packet link arbitration (SwitchPolicy.wholePackets): per channel, the VC mid-packet, or -1. */
  private readonly whole: boolean;
  /** VCs per lane (SwitchPolicy.laneSlots): the link's round robin is over lanes. */
  private readonly laneSlots: number;
  private readonly lock: Int32Array;
  /** Streaming, packed and draining worms (fast/unit-worms.ts), where any of them runs. */
  private readonly units: UnitWorms | undefined;
  /** The switch model counts a processor's port shared by its injection buffers (SwitchPolicy.injectRoom). */
  private readonly injectRoom: boolean;
  /** The policy, whose hooks are called on it (not bound copies: LinkReadiness.gated says why). */
  private readonly model: SwitchPolicy;

  constructor(s: EngineState, sinks: LinkSinks, policy: SwitchPolicy, shortcuts: ShortcutSet) {
    super(s, policy, shortcuts.soleBidders);
    this.whole = policy.wholePackets === true;
    this.laneSlots = policy.laneSlots ?? 1;
    this.injectRoom = policy.injectRoom !== undefined;
    this.model = policy;
    this.lock = new Int32Array(this.whole ? s.net.numChannels : 0).fill(-1);
    this.sleeps = shortcuts.sleep;
    this.naps = shortcuts.outputWaits && !shortcuts.sleep;
    this.sleep = new BufferSleep(s);
    this.units =
      shortcuts.streams || shortcuts.packed || shortcuts.drainLines
        ? new UnitWorms(s, sinks, this, shortcuts)
        : undefined;
    this.events = new MoveEvents(
      s,
      sinks,
      shortcuts.sleep || this.units !== undefined,
      this.units !== undefined,
    );
  }

  /** The streaming, packed and draining worms (fast/unit-worms.ts), for tests and diagnostics. */
  get unitWorms(): UnitWorms | undefined {
    return this.units;
  }

  /** Streaming and packed worms' counters brought up to the start of cycle t, for checks and reports. */
  settle(t: number): void {
    this.units?.settle(t);
  }

  /**
   * Pass 1, link arbitration: every ready branch bids for its channel, in the order of the held
   * buffers; a channel's only bidder wins as it bids, a contended channel goes to the lowest
   * round-robin priority. Buffers that cannot move sleep. Returns the length of the order list.
   */
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
    const memo = this.memo;
    const stamp = this.stamp;
    const t8 = 8 * stamp;
    const asleep = st.asleep;
    // The state as a local: Node 20's optimised code reads an imported binding from memory at
    // every use, a local once (the bundle writes a literal either way: fast/sleep-states.ts).
    const isAsleep = ASLEEP;
    const sleeps = this.sleeps;
    const naps = this.naps;
    const sleep = this.sleep;
    const whole = this.whole;
    const lock = this.lock;
    const laneSlots = this.laneSlots;
    if (this.order.length < nact * st.MB) this.order = new Int32Array(2 * nact * st.MB);
    const order = this.order;
    let n = 0;
    // Awake places only (state.ts awakeBits): asleep or streaming buffers are skipped without a
    // visit, in the order of the list. After each visit the word is read again above that place,
    // since the visit may have put later buffers of the list to sleep.
    const bits = st.awakeBits;
    const words = (nact + 31) >> 5;
    for (let j = 0; j < words; j++) {
      for (let w = bits[j]!, i = 0; w !== 0; w = bits[j]! & (-2 << (i & 31))) {
        i = (j << 5) + 31 - Math.clz32(w & -w);
        const b = act[i]!;
        const nb = brN[b]!;
        // The buffer sleeps if a branch is blocked (no output yet, or a full downstream buffer that
        // sleeps) and none can move or waits for the clock; a branch with nothing to send does not
        // keep it awake but is no reason to sleep either (flits arrive every cycle or two in a
        // streaming worm: sleeping there would only cost a wake per flit).
        let blocked = false;
        let awake = !sleeps;
        for (let k = 0; k < nb; k++) {
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
          const v = mm >= t8 ? mm - t8 : this.readyFrom(s, b, out, sent, t);
          if (v === R_NO) {
            // Behind a sleeping buffer it cannot move before that one wakes; a head still in its
            // routing delay becomes ready by the clock, so it stays awake.
            if (asleep[out] === isAsleep && sent > 0) blocked = true;
            else awake = true;
            continue;
          }
          awake = true;
          // The only bidder of its channel (the VC another packet is crossing cannot be free).
          if (v >= R_SOLE_DRAIN) {
            order[n++] = s;
            continue;
          }
          const d = 4 * out;
          const pc = dest[d + D_PC]!;
          if (whole && lock[pc] !== -1 && lock[pc] !== dest[d + D_VC]) continue;
          const c = CH * pc;
          // Lanes of several slots (laneSlots): the pointer stands at the lane after the last
          // VC served, so the VLs take turns (one bidder per lane: its next packet in order).
          let rr = chan[c + CH_RR]!;
          if (laneSlots > 1) rr = Math.ceil(rr / laneSlots) * laneSlots;
          let pri = dest[d + D_VC]! - rr;
          if (pri < 0) pri += dest[d + D_VCS]!;
          if (chan[c + CH_STAMP] !== stamp) {
            chan[c + CH_STAMP] = stamp;
            chan[c + CH_PRI] = pri;
            chan[c + CH_SLOT] = s;
            chan[c + CH_KEY] = i;
            order[n++] = ~pc;
          } else if (pri < chan[c + CH_PRI]!) {
            chan[c + CH_PRI] = pri;
            chan[c + CH_SLOT] = s;
          }
        }
        if (blocked) {
          if (!awake) sleep.fallAsleep(b);
          else if (naps) sleep.napIfWaiting(b, t);
        }
      }
    }
    return n;
  }

  /** The sleeping rule held, for tests (BufferSleep.check): the first violation, or undefined. */
  checkSleep(): string | undefined {
    return this.sleep.check() ?? this.units?.check();
  }

  /** Decides and applies cycle t's flit moves; returns how many flits moved. */
  move(t: number): number {
    this.begin(t);
    const st = this.s;
    const norder = this.arbitrate(t);
    // Pass 2: which processors push a flit into their injection channel (room in it and, where the
    // switch model counts one, in the processor's port of the switch), then which winners
    // actually move (room downstream, or the downstream front flit leaves), in the order of the
    // channels' first bids.
    if (this.moves.length < norder + st.srcCount) {
      const n = 2 * (norder + st.srcCount);
      this.moves = new Int32Array(n);
      this.tails = new Int32Array(n);
    }
    const moves = this.moves;
    let nm = 0;
    const injectRoom = this.injectRoom;
    for (let i = 0; i < st.srcCount; i++) {
      const b = st.srcList[i]!;
      if ((this.roomIn(b) || this.drains(b, t)) && (!injectRoom || this.model.injectRoom!(b)))
        moves[nm++] = -1 - b;
    }
    const order = this.order;
    const memo = this.memo;
    const chan = this.chan;
    const t8 = 8 * this.stamp;
    for (let i = 0; i < norder; i++) {
      const e = order[i]!;
      const s = e >= 0 ? e : chan[CH * ~e + CH_SLOT]!;
      // Sure, or the winner with room at the start of the cycle: moves without a second look.
      const v = memo[2 * s]! - t8;
      if (v === R_SURE || v === R_ROOM || this.succeeds(s, t)) moves[nm++] = s;
    }
    return this.apply(t, nm);
  }

  /**
   * Pass 3: applies the cycle's nm moves together, then frees the buffers whose tails left, in the
   * order of the moves. The counts change in one tight loop; what the moves tell the rest of the
   * engine (a header in, a flit to a processor, the trace) is listed in move order and told after
   * it (tell), which changes nothing: no later move of the cycle reads what those calls write. A
   * small loop is also quick for the JIT to compile (the warm-up of every run).
   */
  private apply(t: number, nm: number): number {
    const st = this.s;
    const NB = this.NB;
    const moves = this.moves;
    const traced = st.trace !== undefined;
    const brOut = this.brOut;
    const recv = this.recv;
    const brSent = this.brSent;
    const dest = this.dest;
    const chan = this.chan;
    const asleep = st.asleep;
    const isAsleep = ASLEEP; // a local, as in arbitrate
    const bufKind = st.net.bufKind;
    const whole = this.whole;
    const lagged = this.lagged;
    const bufLen = st.bufLen;
    const tails = this.tails;
    const sleep = this.sleep;
    const events = this.events;
    let ntails = 0;
    let nev = 0;
    let hops = 0;
    for (let i = 0; i < nm; i++) {
      const m = moves[i]!;
      if (m < 0) {
        const b = -1 - m;
        const sent = ++st.srcSent[b]!;
        if (sent === bufLen[b]) st.unsource(b);
        if (asleep[b] === isAsleep) st.wake(b);
        const got = ++recv[b]!;
        if (traced || got === 1) nev = events.add(nev, EV_SOURCE, b, got);
        continue;
      }
      const out = brOut[m]!;
      // The branch that sends a buffer's tail may free it (once its other branches have too).
      if (++brSent[m]! === bufLen[m < NB ? m : m % NB]) tails[ntails++] = m;
      const d = 4 * out;
      const pc = dest[d + D_PC]!;
      const nextVc = dest[d + D_VC]! + 1;
      chan[CH * pc + CH_RR] = nextVc === dest[d + D_VCS] ? 0 : nextVc;
      const got = ++recv[out]!;
      if (whole) this.lock[pc] = got === bufLen[out] ? -1 : dest[d + D_VC]!;
      if (asleep[out] === isAsleep && sleep.wantsFlit(out, got - 1)) st.wake(out);
      const kind = bufKind[out];
      if (kind === BUF_NET) {
        hops++;
        // A flit on a link of latency L is usable downstream from cycle t + L (its header is read
        // as it comes off the wire, in cycle t + L - 1: tell).
        if (lagged && st.net.pcLatency[pc]! > 1) this.timing.arrives(out, got, t + st.net.pcLatency[pc]!);
        if (traced || got === 1) nev = events.add(nev, EV_NET, out, got);
      } else if (kind === BUF_SINK) nev = events.add(nev, EV_SINK, out, got);
    }
    st.flitHops += hops;
    return this.finish(t, nm, nev, ntails);
  }

  /**
   * After the moves: the rest of the engine is told, streaming worms move, packed worms whose front
   * moved shift, buffers are freed in the order of the moves, worms a header moved in may be packed
   * or unpacked, and buffers a header entered may fall asleep. Returns the moves made.
   */
  private finish(t: number, nm: number, nev: number, ntails: number): number {
    const events = this.events;
    events.tell(t, nev);
    const units = this.units;
    const streamed = units === undefined ? 0 : units.step(t);
    if (this.delayed) this.releaseDelayed(t, nm);
    else if (units === undefined || units.releases.count === 0) this.release(ntails);
    // Units' releases stand in the order of the moves too (fast/unit-releases.ts).
    else units.releases.merge(this.tails, ntails, this.stamp);
    // Units are judged on the cycle's final counts, before the buffers a header entered sleep (the
    // chain behind one stops at a streaming or packed buffer).
    if (units !== undefined && events.nheads > 0) units.headsMoved(t, events.heads, events.nheads);
    // A header that entered a buffer waits there for its output (its branches have none until
    // allocation grants one after the routing delay): the buffer sleeps now, with the chain of
    // buffers behind it, rather than after a cycle of visits that would find nothing to move.
    // Done once every move is applied, so each feeding buffer is judged on its final state.
    if (this.sleeps && events.nheads > 0) this.sleep.headsArrived(events.heads, events.nheads);
    if (units !== undefined && events.nsinks > 0) units.sinkHeads(t, events.sinkHeads, events.nsinks);
    return nm + streamed;
  }

  /** Frees the buffers whose tail has left on every branch, in the order of the moves. */
  private release(ntails: number): void {
    const NB = this.NB;
    for (let i = 0; i < ntails; i++) {
      const m = this.tails[i]!;
      this.s.releaseIfSent(m < NB ? m : m % NB);
    }
  }

  /** With credit delays every move's departure is recorded first, so all moves are visited. */
  private releaseDelayed(t: number, nm: number): void {
    const NB = this.NB;
    for (let i = 0; i < nm; i++) {
      const m = this.moves[i]!;
      if (m < 0) continue;
      const b = m < NB ? m : m % NB;
      this.timing.recordDepartures(b, t);
      this.s.releaseIfSent(b);
    }
  }
}

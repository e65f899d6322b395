import type { WormSpec } from '../plan/worm.js';
import type { CompiledWorm } from './compile.js';
import { ASLEEP, AWAKE, type SleepState } from './fast/sleep-states.js';
import { CH, CH_HELD, CH_STAMP } from './link-codes.js';
import type { MessageState } from './message.js';
import { BUF_NET, BUF_SINK, type Network } from './network.js';
import { PendingHeads } from './pending-heads.js';
import { Buf, Slot } from './records.js';

/** Timing parameters in cycles (defaults from 000 sec. 5.1). */
export interface Timing {
  /** Routing decision at a router. */
  routingDelay: number;
  /** Routing decision where the header is modified (a stop is consumed and the worm goes on). */
  routingDelayModified: number;
  /** Start-up of a node's first message of a phase. */
  startup: number;
  /** Start-up of each further message the same node starts in the same phase. */
  startupSubsequent: number;
  /** Cycles without any flit moving, with worms in flight, before the run stops on a deadlock. */
  deadlockCycles: number;
}

export interface EngineHooks {
  /** Called once per message when its last worm has finished. */
  onMessageDone?(msg: MessageState): void;
  /** Called for every flit delivered to a destination processor (absorb service). */
  onDeliverFlits?(msg: MessageState, flits: number, cycle: number): void;
  /** Receives where every worm's header and tail go (off when undefined: one check per flit move). */
  trace?: TraceSink;
}

/**
 * The tracing seam: who holds which buffer when. Engine worm ids are reused once a worm has ended;
 * `wormStart` marks a new worm under an id. Recording and the trace format live in src/trace/.
 */
export interface TraceSink {
  /** Worm `worm` of message `msg` took injection buffer b at cycle t. */
  wormStart(worm: number, msg: MessageState, spec: WormSpec, b: number, t: number): void;
  /**
   * Flit number `flit` of the worm (1 = header; its length = tail) entered buffer b at cycle t
   * (on a link of latency L > 1: the cycle it comes off the wire, t + L - 1 after it was sent).
   */
  flitIn(worm: number, b: number, flit: number, t: number): void;
  /** Buffer b is free again at cycle t: its tail has left on every branch, or the processor took it. */
  release(worm: number, b: number, t: number): void;
}

/**
 * The state every stage of the engine shares: who owns each buffer and how far its flits have
 * got, the out-branches of each buffer (replication, 000 Fig. 6), the worms in flight, and the
 * lists of buffers a stage must visit. Stages (terminals, heads, allocation, links) keep their own
 * scratch; this holds only what more than one of them reads or writes. Everything is a typed array
 * indexed by buffer id or by branch slot `k * NB + b` (branch k of buffer b), allocated once. The
 * fields a stage reads together for one branch are interleaved in one record per slot (records.ts),
 * so that a visit to a branch at a random slot costs one cache line, not one per field.
 */
export class EngineState extends PendingHeads {
  readonly net: Network;
  readonly hooks: EngineHooks;
  /** The tracing seam, or undefined (then every trace call site costs one check). */
  readonly trace: TraceSink | undefined;
  /** Max out-branches per buffer (replication fan-out): every port plus a consumption branch. */
  readonly MB: number;
  /** Buffers in the network: the stride between branch ranks in the slot arrays. */
  readonly NB: number;
  /** Flit moves over network channels since the start. */
  flitHops = 0;
  /** Messages with worms not finished. */
  liveMessages = 0;

  // Per buffer.
  /**
   * The buffer records (records.ts): at Buf.SIZE * b, the buffer's owner, flits received, branches, worm
   * length, ready cycle, feeder, allocation group, sleep state, channel, VC and capacity (copies of
   * the network's, read beside the rest), place in the active list, and where its flits head.
   */
  readonly bufs: Int32Array;
  /** Flits an injection buffer has received from its processor. */
  readonly srcSent: Int32Array;
  /** Flits whose departure (by every branch) links.ts has recorded, for delayed credits. */
  readonly departed: Int32Array;
  /** Departed flits whose credit has reached the upstream router. */
  readonly credited: Int32Array;
  /**
   * Under a credit delay: the first cycle a released network buffer may be granted again (the
   * upstream router learns it is free only when the tail's credit arrives). Empty without delays.
   */
  readonly freeAt: Int32Array;

  // Per branch slot (k * NB + buffer).
  /**
   * The slot records (records.ts): at Slot.SIZE * slot, the branch's output buffer, flits sent, the link
   * stage's memos, route, adaptive alternatives, allocation group and whether it goes to a sink.
   */
  readonly slots: Int32Array;
  readonly brTarget: Int32Array;
  readonly brLeg: Int32Array;
  /**
   * Cycle from which the branch may request its output, when the switch model delays branches
   * (SwitchPolicy.branchDelay); empty otherwise (then only the buffer's readyAt counts).
   */
  brReady: Float64Array = new Float64Array(0);

  // Buffers held by worms (network and injection), visited by link traversal.
  readonly active: Int32Array;
  activeCount = 0;
  // Injection buffers still receiving flits from their processor.
  readonly srcList: Int32Array;
  readonly srcPos: Int32Array;
  srcCount = 0;

  // Worms (instances in flight), indexed by worm id with a free list.
  readonly wormC: (CompiledWorm | undefined)[] = [];
  readonly wormMsg: (MessageState | undefined)[] = [];
  /** Buffers each worm holds; the worm ends when this reaches 0. */
  readonly wormLive: number[] = [];
  /** Flits the worm sends over network channels (its length per channel granted), added to its message when it ends. */
  readonly wormTraffic: number[] = [];
  private readonly wormFree: number[] = [];
  /** The switch model's release hook, if it keeps book of its buffers. */
  onRelease: ((b: number) => void) | undefined;
  /** The switch model's host links carry one packet at a time over all injection channels of a node. */
  oneHostLink = false;
  /**
   * Worms moved as units (fast/unit-worms.ts): per channel, the unit worm that holds one of its
   * VCs, or -1 (empty when no unit worms run), and how to stop one when another worm takes a VC of
   * such a channel (it could then compete for the link).
   */
  unitChan: Int32Array = new Int32Array(0);
  stopUnit: ((w: number) => void) | undefined;

  // Sleeping buffers (links.ts): a held buffer none of whose branches can move until an event.
  /** Bit i set: the buffer at place i of the active list is awake (AWAKE); link arbitration visits only those. */
  readonly awakeBits: Uint32Array;

  // Allocation groups (a network channel's VCs, or a node's consumption channels; allocate.ts).
  /** Free buffers per group: a head whose group has none cannot be granted, so it does not ask. */
  readonly groupFree: Int32Array;
  /** Free injection channels per node (terminals.ts skips a node that has none). */
  readonly injFree: Int32Array;
  /**
   * Per physical channel at CH * pc (link-codes.ts): the link stage's round-robin pointer and the
   * cycle's bids, and for a network channel its held VCs (CH_HELD), so that a move reads one record
   * of its channel.
   */
  readonly chans: Int32Array;
  constructor(net: Network, hooks: EngineHooks) {
    super(net.numBuffers);
    this.net = net;
    this.hooks = hooks;
    this.trace = hooks.trace;
    const NB = net.numBuffers;
    this.freeAt = new Int32Array(
      net.maxCreditDelay > 0 && net.numNetChannels > 0 ? net.pcFirstBuf[net.numNetChannels]! : 0,
    );
    const MB = net.numPorts + 2;
    this.MB = MB;
    this.NB = NB;
    const bufs = new Int32Array(Buf.SIZE * NB);
    this.bufs = bufs;
    for (let b = 0; b < NB; b++) {
      const r = Buf.SIZE * b;
      const pc = net.bufPc[b]!;
      bufs[r + Buf.OWNER] = -1;
      bufs[r + Buf.FEEDER] = -1;
      bufs[r + Buf.ACTIVE] = -1;
      bufs[r + Buf.ASLEEP] = AWAKE;
      bufs[r + Buf.PC] = pc;
      bufs[r + Buf.VC] = net.bufVc[b]!;
      bufs[r + Buf.VCS] = net.pcVcs[pc]!;
      bufs[r + Buf.CAP] = net.bufCap[b]!;
    }
    this.srcSent = new Int32Array(NB);
    this.departed = new Int32Array(NB);
    this.credited = new Int32Array(NB);
    this.active = new Int32Array(NB);
    const NS = NB * MB;
    this.slots = new Int32Array(Slot.SIZE * NS);
    // Slots of rank 0 start with no output and no memo of any cycle. Those of higher ranks, which
    // only multicasts use, are left at 0 so that their pages stay untouched until used: a branch's
    // output is set when it is made (heads.ts), and a memo of 0 reads as "R_NO in cycle 0", what
    // every branch is then (no branch can have an output before allocation in cycle 1).
    for (let i = 0; i < NB; i++) {
      this.slots[Slot.SIZE * i + Slot.OUT] = -1;
      this.slots[Slot.SIZE * i + Slot.READY] = -1;
      this.slots[Slot.SIZE * i + Slot.DONE] = -1;
    }
    this.brTarget = new Int32Array(NS);
    this.brLeg = new Int32Array(NS);
    this.srcList = new Int32Array(NB);
    this.srcPos = new Int32Array(NB).fill(-1);
    this.awakeBits = new Uint32Array((NB >> 5) + 1);
    this.groupFree = new Int32Array(net.numNetChannels + net.numNodes);
    this.injFree = new Int32Array(net.numNodes).fill(net.injPerNode);
    this.chans = new Int32Array(CH * net.numChannels);
    for (let pc = 0; pc < net.numChannels; pc++) this.chans[CH * pc + CH_STAMP] = -1;
    for (let b = 0; b < NB; b++) {
      const kind = net.bufKind[b];
      const node = net.pcSrc[net.bufPc[b]!]!;
      const g = kind === BUF_NET ? net.bufPc[b]! : kind === BUF_SINK ? net.numNetChannels + node : -2 - node;
      this.bufs[Buf.SIZE * b + Buf.GROUP] = g;
      if (g >= 0) this.groupFree[g]!++;
    }
  }

  newWorm(worm: CompiledWorm, msg: MessageState): number {
    const w = this.wormFree.length > 0 ? this.wormFree.pop()! : this.wormC.length;
    this.wormC[w] = worm;
    this.wormMsg[w] = msg;
    this.wormLive[w] = 0;
    this.wormTraffic[w] = 0;
    return w;
  }

  activate(b: number): void {
    const p = this.activeCount++;
    this.bufs[Buf.SIZE * b + Buf.ACTIVE] = p;
    this.active[p] = b;
    if (this.bufs[Buf.SIZE * b + Buf.ASLEEP] === AWAKE) this.awakeBits[p >> 5]! |= 1 << (p & 31);
  }

  private deactivate(b: number): void {
    const pos = this.bufs[Buf.SIZE * b + Buf.ACTIVE]!;
    const lp = --this.activeCount;
    const last = this.active[lp]!;
    this.active[pos] = last;
    this.bufs[Buf.SIZE * last + Buf.ACTIVE] = pos;
    this.bufs[Buf.SIZE * b + Buf.ACTIVE] = -1;
    const bits = this.awakeBits;
    const lastAwake = pos !== lp && ((bits[lp >> 5]! >>> (lp & 31)) & 1) === 1;
    bits[lp >> 5]! &= ~(1 << (lp & 31));
    if (lastAwake) bits[pos >> 5]! |= 1 << (pos & 31);
    else bits[pos >> 5]! &= ~(1 << (pos & 31));
  }

  /** Sets buffer b's sleep state (fast/sleep-states.ts); the awake bit of its place follows. */
  setAsleep(b: number, v: SleepState): void {
    this.bufs[Buf.SIZE * b + Buf.ASLEEP] = v;
    const p = this.bufs[Buf.SIZE * b + Buf.ACTIVE]!;
    if (p < 0) return;
    if (v === AWAKE) this.awakeBits[p >> 5]! |= 1 << (p & 31);
    else this.awakeBits[p >> 5]! &= ~(1 << (p & 31));
  }

  addSource(b: number): void {
    this.srcPos[b] = this.srcCount;
    this.srcList[this.srcCount++] = b;
  }

  unsource(b: number): void {
    const pos = this.srcPos[b]!;
    if (pos === -1) return;
    const last = this.srcList[--this.srcCount]!;
    this.srcList[pos] = last;
    this.srcPos[last] = pos;
    this.srcPos[b] = -1;
  }

  /**
   * Buffer b may be able to move again (a branch was granted an output, a flit arrived, or the
   * buffer it waits on woke): it and every sleeping buffer upstream whose branch fed it wake.
   */
  wake(b: number): void {
    while (b >= 0 && this.bufs[Buf.SIZE * b + Buf.ASLEEP] === ASLEEP) {
      this.setAsleep(b, AWAKE);
      const f = this.bufs[Buf.SIZE * b + Buf.FEEDER]!;
      b = f < 0 ? -1 : this.slotBuf(f);
    }
  }

  /** Branch slot of branch k of buffer b. */
  slot(b: number, k: number): number {
    return k * this.NB + b;
  }

  /** The buffer a branch slot belongs to. */
  slotBuf(slot: number): number {
    return slot < this.NB ? slot : slot % this.NB;
  }

  /** Flits the slowest branch of buffer o has copied out (0 before its branches are set up). */
  minSent(o: number): number {
    const n = this.bufs[Buf.SIZE * o + Buf.BRN]!;
    if (n === 0) return 0;
    const NB = this.NB;
    let m = this.slots[Slot.SIZE * o + Slot.SENT]!;
    for (let k = 1; k < n; k++) {
      const x = this.slots[Slot.SIZE * (k * NB + o) + Slot.SENT]!;
      if (x < m) m = x;
    }
    return m;
  }

  /** Frees buffer b if its worm's tail has left it on every branch (links.ts, its release loop). */
  releaseIfSent(b: number): void {
    const w = this.bufs[Buf.SIZE * b + Buf.OWNER]!;
    if (w >= 0 && this.minSent(b) === this.bufs[Buf.SIZE * b + Buf.LEN]) this.release(b, w);
  }

  /** The worm's tail has left buffer b on every branch (or was consumed): the buffer is free. */
  release(b: number, w: number): void {
    if (this.trace !== undefined) this.trace.release(w, b, this.now);
    if (b < this.freeAt.length)
      this.freeAt[b] = this.now + 1 + this.net.pcCreditDelay[this.bufs[Buf.SIZE * b + Buf.PC]!]!;
    this.unpend(b);
    this.bufs[Buf.SIZE * b + Buf.OWNER] = -1;
    this.setAsleep(b, AWAKE);
    this.bufs[Buf.SIZE * b + Buf.FEEDER] = -1;
    const g = this.bufs[Buf.SIZE * b + Buf.GROUP]!;
    if (g >= 0) {
      if (g < this.net.numNetChannels) this.chans[CH * g + CH_HELD]!--;
      if (this.groupFree[g]!++ === 0) this.groupFreed(g);
    } else this.injFree[-2 - g]!++;
    this.bufs[Buf.SIZE * b + Buf.RECV] = 0;
    this.bufs[Buf.SIZE * b + Buf.BRN] = 0;
    if (this.net.maxCreditDelay > 0) {
      this.departed[b] = 0;
      this.credited[b] = 0;
    }
    if (this.bufs[Buf.SIZE * b + Buf.ACTIVE]! >= 0) this.deactivate(b);
    this.onRelease?.(b);
    if (--this.wormLive[w]! === 0) this.wormDone(w);
  }

  private wormDone(w: number): void {
    const msg = this.wormMsg[w]!;
    msg.traffic += this.wormTraffic[w]!;
    this.wormC[w] = undefined;
    this.wormMsg[w] = undefined;
    this.wormFree.push(w);
    if (--msg.liveWorms === 0) {
      this.liveMessages--;
      this.hooks.onMessageDone?.(msg);
    }
  }

  /**
   * Consistency check for tests: no buffer holds more flits than it can, free buffers are empty,
   * and no branch has sent more flits than arrived. Returns the first violation, or undefined.
   */
  checkInvariants(): string | undefined {
    const net = this.net;
    for (let pc = 0; pc < net.numNetChannels; pc++) {
      let held = 0;
      for (let b = net.pcFirstBuf[pc]!; b < net.pcFirstBuf[pc]! + net.pcVcs[pc]!; b++)
        if (this.bufs[Buf.SIZE * b + Buf.OWNER] !== -1) held++;
      if (held !== this.chans[CH * pc + CH_HELD])
        return `channel ${pc} has ${held} held VCs, counted ${this.chans[CH * pc + CH_HELD]}`;
    }
    for (let b = 0; b < net.numBuffers; b++) {
      const w = this.bufs[Buf.SIZE * b + Buf.OWNER]!;
      if (w < 0) {
        if (this.bufs[Buf.SIZE * b + Buf.RECV] !== 0) return `free buffer ${b} holds flits`;
        continue;
      }
      const occ = this.bufs[Buf.SIZE * b + Buf.RECV]! - this.minSent(b);
      if (occ < 0 || occ > net.bufCap[b]!)
        return `buffer ${b} holds ${occ} flits (capacity ${net.bufCap[b]})`;
      for (let k = 0; k < this.bufs[Buf.SIZE * b + Buf.BRN]!; k++) {
        const slot = this.slot(b, k);
        if (this.slots[Slot.SIZE * slot + Slot.SENT]! > this.bufs[Buf.SIZE * b + Buf.RECV]!)
          return `buffer ${b} branch ${k} sent more than it received`;
        if (this.slots[Slot.SIZE * slot + Slot.SINK] === 1 && this.slots[Slot.SIZE * slot + Slot.ALT] !== 0)
          return `buffer ${b} branch ${k} goes to a processor but has adaptive alternatives`;
      }
      if (this.bufs[Buf.SIZE * b + Buf.RECV]! > this.wormC[w]!.length)
        return `buffer ${b} received more flits than its worm has`;
      // A head waiting for an output is pending, on the wheel, or waits on its group's list while
      // the group has no free buffer (a wake-up cannot have been missed).
      for (let k = 0; k < this.bufs[Buf.SIZE * b + Buf.BRN]!; k++) {
        const slot = this.slot(b, k);
        if (this.slots[Slot.SIZE * slot + Slot.OUT] !== -1 || this.pendPos[b] !== -1 || this.wheel?.has(b))
          continue;
        const g = this.waits?.groupOf(b) ?? -1;
        if (g === -1) return `buffer ${b} waits for an output but is neither pending nor on a group's list`;
        if (this.groupFree[g] !== 0) return `buffer ${b} waits on group ${g}, which has a free buffer`;
      }
    }
    return undefined;
  }
}

import type { WormSpec } from '../plan/worm.js';
import { BR, BR_ALT, BR_SINK } from './branch-record.js';
import type { CompiledWorm } from './compile.js';
import { ASLEEP, AWAKE, type SleepState } from './fast/sleep-states.js';
import { HD } from './head-record.js';
import type { MessageState } from './message.js';
import { BUF_NET, BUF_SINK, type Network } from './network.js';
import { PendingHeads } from './pending-heads.js';
import { PL, PL_GROUP, PL_KIND, PL_PC, PL_ROUTER } from './place-record.js';

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
 * indexed by buffer id or by branch slot `k * NB + b` (branch k of buffer b), allocated once. Slots
 * are grouped by branch rank so that the first branches of all buffers (every unicast's only one)
 * lie together: the hot loops touch one dense array per field, not one cache line per buffer.
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
  /** Worm holding the buffer, -1 when free. A buffer stays with its worm until the tail has left. */
  readonly owner: Int32Array;
  /** Flits of the owning worm that have entered the buffer. */
  readonly recv: Int32Array;
  /**
   * Where the worm in the buffer is going, one record of HD ints per buffer (head-record.ts): its
   * target stop, the source of its current leg, the port it came in by.
   */
  readonly head: Int32Array;
  /** Cycle from which the head may leave (entry + routing delay + 1). */
  readonly readyAt: Float64Array;
  /** Out-branches set up for the buffer's worm. */
  readonly brN: Uint8Array;
  /** Flits an injection buffer has received from its processor. */
  readonly srcSent: Int32Array;
  /** Length of the worm owning the buffer. */
  readonly bufLen: Int32Array;
  /**
   * Flits whose departure (by every branch) links.ts has recorded, for delayed credits: per network
   * buffer where links have credit delays, empty otherwise.
   */
  readonly departed: Int32Array;
  /** Departed flits whose credit has reached the upstream router (as `departed`). */
  readonly credited: Int32Array;
  /**
   * Under a credit delay: the first cycle a released network buffer may be granted again (the
   * upstream router learns it is free only when the tail's credit arrives). Empty without delays.
   */
  readonly freeAt: Int32Array;

  // Per branch slot (k * NB + buffer).
  /** Buffer granted to the branch, -1 while it waits for one. */
  readonly brOut: Int32Array;
  /** Flits the branch has copied out of its buffer. */
  readonly brSent: Int32Array;
  /**
   * The branch's routing facts, one record of BR ints per slot (branch-record.ts): its packed
   * route, allocation group, target stop, leg source, adaptive alternatives and whether it goes to
   * a consumption channel.
   */
  readonly br: Int32Array;
  /**
   * Cycle from which the branch may request its output, when the switch model delays branches
   * (SwitchPolicy.branchDelay); empty otherwise (then only the buffer's readyAt counts).
   */
  brReady: Float64Array = new Float64Array(0);

  // Buffers held by worms (network and injection), visited by link traversal.
  readonly active: Int32Array;
  readonly activePos: Int32Array;
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
  /** Buffer b's sleep state (fast/sleep-states.ts): link arbitration visits it only while AWAKE. */
  readonly asleep: Uint8Array;
  /**
   * Bit i set: the buffer at place i of the active list is awake (AWAKE); link arbitration visits
   * only those. Signed words: a Uint32 word with its top bit set is not a small integer, and the
   * optimised scan then carried its word as a double, converted back at every visit.
   */
  readonly awakeBits: Int32Array;
  /** Branch slot that feeds buffer b (its upstream branch), -1 for a processor or a free buffer. */
  readonly feeder: Int32Array;

  // Allocation groups (a network channel's VCs, or a node's consumption channels; allocate.ts).
  /**
   * Where each buffer is, one record of PL ints per buffer (place-record.ts): its channel, kind,
   * allocation group (its channel, numNetChannels + node for consumption buffers, -2 - node for
   * injection buffers) and router.
   */
  readonly place: Int32Array;
  /** Free buffers per group: a head whose group has none cannot be granted, so it does not ask. */
  readonly groupFree: Int32Array;
  /** Free injection channels per node (terminals.ts skips a node that has none). */
  readonly injFree: Int32Array;
  /** Held VCs per network channel (a channel with one has one possible bidder for its link). */
  readonly chanHeld: Int32Array;
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
    this.owner = new Int32Array(NB).fill(-1);
    this.recv = new Int32Array(NB);
    this.head = new Int32Array(NB * HD);
    this.readyAt = new Float64Array(NB);
    this.brN = new Uint8Array(NB);
    this.srcSent = new Int32Array(NB);
    this.bufLen = new Int32Array(NB);
    // Credit delays only (link-timing.ts), indexed by network buffer, as freeAt.
    this.departed = new Int32Array(this.freeAt.length);
    this.credited = new Int32Array(this.freeAt.length);
    this.activePos = new Int32Array(NB).fill(-1);
    this.active = new Int32Array(NB);
    const NS = NB * MB;
    this.brOut = new Int32Array(NS).fill(-1);
    this.brSent = new Int32Array(NS);
    this.br = new Int32Array(NS * BR);
    this.srcList = new Int32Array(NB);
    this.srcPos = new Int32Array(NB).fill(-1);
    this.asleep = new Uint8Array(NB);
    this.awakeBits = new Int32Array((NB >> 5) + 1);
    this.feeder = new Int32Array(NB).fill(-1);
    this.place = new Int32Array(NB * PL);
    this.groupFree = new Int32Array(net.numNetChannels + net.numNodes);
    this.injFree = new Int32Array(net.numNodes).fill(net.injPerNode);
    this.chanHeld = new Int32Array(net.numNetChannels);
    for (let b = 0; b < NB; b++) {
      const kind = net.bufKind[b]!;
      const pc = net.bufPc[b]!;
      const node = net.pcSrc[pc]!;
      const g = kind === BUF_NET ? pc : kind === BUF_SINK ? net.numNetChannels + node : -2 - node;
      this.place[PL * b + PL_PC] = pc;
      this.place[PL * b + PL_KIND] = kind;
      this.place[PL * b + PL_GROUP] = g;
      this.place[PL * b + PL_ROUTER] = net.bufRouter[b]!;
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
    this.activePos[b] = p;
    this.active[p] = b;
    if (this.asleep[b] === AWAKE) this.awakeBits[p >> 5]! |= 1 << (p & 31);
  }

  private deactivate(b: number): void {
    const pos = this.activePos[b]!;
    const lp = --this.activeCount;
    const last = this.active[lp]!;
    this.active[pos] = last;
    this.activePos[last] = pos;
    this.activePos[b] = -1;
    const bits = this.awakeBits;
    const lastAwake = pos !== lp && ((bits[lp >> 5]! >>> (lp & 31)) & 1) === 1;
    bits[lp >> 5]! &= ~(1 << (lp & 31));
    if (lastAwake) bits[pos >> 5]! |= 1 << (pos & 31);
    else bits[pos >> 5]! &= ~(1 << (pos & 31));
  }

  /** Sets buffer b's sleep state (fast/sleep-states.ts); the awake bit of its place follows. */
  setAsleep(b: number, v: SleepState): void {
    this.asleep[b] = v;
    const p = this.activePos[b]!;
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
    while (b >= 0 && this.asleep[b] === ASLEEP) {
      this.setAsleep(b, AWAKE);
      const f = this.feeder[b]!;
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
    const n = this.brN[o]!;
    if (n === 0) return 0;
    const NB = this.NB;
    let m = this.brSent[o]!;
    for (let k = 1; k < n; k++) {
      const x = this.brSent[k * NB + o]!;
      if (x < m) m = x;
    }
    return m;
  }

  /** Frees buffer b if its worm's tail has left it on every branch (links.ts, its release loop). */
  releaseIfSent(b: number): void {
    const w = this.owner[b]!;
    if (w >= 0 && this.minSent(b) === this.bufLen[b]) this.release(b, w);
  }

  /** The worm's tail has left buffer b on every branch (or was consumed): the buffer is free. */
  release(b: number, w: number): void {
    if (this.trace !== undefined) this.trace.release(w, b, this.now);
    if (b < this.freeAt.length) this.freeAt[b] = this.now + 1 + this.net.pcCreditDelay[this.net.bufPc[b]!]!;
    this.unpend(b);
    this.owner[b] = -1;
    this.setAsleep(b, AWAKE);
    this.feeder[b] = -1;
    const g = this.place[PL * b + PL_GROUP]!;
    if (g >= 0) {
      if (g < this.chanHeld.length) this.chanHeld[g]!--;
      if (this.groupFree[g]!++ === 0) this.groupFreed(g);
    } else this.injFree[-2 - g]!++;
    this.recv[b] = 0;
    this.brN[b] = 0;
    if (b < this.departed.length) {
      this.departed[b] = 0;
      this.credited[b] = 0;
    }
    if (this.activePos[b]! >= 0) this.deactivate(b);
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
    const places = this.checkPlaces();
    if (places !== undefined) return places;
    for (let pc = 0; pc < net.numNetChannels; pc++) {
      let held = 0;
      for (let b = net.pcFirstBuf[pc]!; b < net.pcFirstBuf[pc]! + net.pcVcs[pc]!; b++)
        if (this.owner[b] !== -1) held++;
      if (held !== this.chanHeld[pc])
        return `channel ${pc} has ${held} held VCs, counted ${this.chanHeld[pc]}`;
    }
    for (let b = 0; b < net.numBuffers; b++) {
      const w = this.owner[b]!;
      if (w < 0) {
        if (this.recv[b] !== 0) return `free buffer ${b} holds flits`;
        continue;
      }
      const occ = this.recv[b]! - this.minSent(b);
      if (occ < 0 || occ > net.bufCap[b]!)
        return `buffer ${b} holds ${occ} flits (capacity ${net.bufCap[b]})`;
      for (let k = 0; k < this.brN[b]!; k++) {
        const slot = this.slot(b, k);
        if (this.brSent[slot]! > this.recv[b]!) return `buffer ${b} branch ${k} sent more than it received`;
        if (this.br[BR * slot + BR_SINK] === 1 && this.br[BR * slot + BR_ALT] !== 0)
          return `buffer ${b} branch ${k} goes to a processor but has adaptive alternatives`;
      }
      if (this.bufLen[b] !== this.wormC[w]!.length)
        return `buffer ${b} holds a worm of ${this.wormC[w]!.length} flits but counts ${this.bufLen[b]}`;
      if (this.recv[b]! > this.wormC[w]!.length) return `buffer ${b} received more flits than its worm has`;
      // A head waiting for an output is pending, on the wheel, or waits on its group's list while
      // the group has no free buffer (a wake-up cannot have been missed).
      for (let k = 0; k < this.brN[b]!; k++) {
        const slot = this.slot(b, k);
        if (this.brOut[slot] !== -1 || this.pendPos[b] !== -1 || this.wheel?.has(b)) continue;
        const g = this.waits?.groupOf(b) ?? -1;
        if (g === -1) return `buffer ${b} waits for an output but is neither pending nor on a group's list`;
        if (this.groupFree[g] !== 0) return `buffer ${b} waits on group ${g}, which has a free buffer`;
      }
    }
    return undefined;
  }
}

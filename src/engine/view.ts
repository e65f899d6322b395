import { BR, BR_ALT, BR_GROUP, BR_ROUTE, BR_SINK, BR_TARGET } from './branch-record.js';
import type { ShortcutName, ShortcutWish } from './fast/shortcuts.js';
import { PL, PL_GROUP } from './place-record.js';
import type { EngineState } from './state.js';

/**
 * What a switch model (src/router/) sees of the engine: named reads of the buffers and branches it
 * decides about, and the one write a model makes (committing an adaptive choice). Buffers are ids
 * of the network (`b`), branches are slots (`slot`, branch k of buffer b is `slot(b, k)`); every
 * read is of the state at the start of the cycle while the model answers (policy.ts).
 *
 * One class, never subclassed, whose methods are one array read each: the models ask these for
 * every flit that bids for a shared buffer, so the calls must stay monomorphic for V8 to inline
 * them (no closures, no optional members). The arrays are copied into fields once; the scalars
 * that move (the clock, the waiting heads, the branch delays an engine allocates after the model)
 * are read through the state.
 */
export class SwitchView {
  /** Most out-branches a buffer can have: the stride of per-branch arrays a model keeps (slots < numBuffers * maxBranches). */
  readonly maxBranches: number;
  private readonly s: EngineState;
  private readonly NB: number;
  private readonly owner: Int32Array;
  private readonly recv: Int32Array;
  private readonly bufLen: Int32Array;
  private readonly readyAt: Float64Array;
  private readonly brN: Uint8Array;
  private readonly feeder: Int32Array;
  private readonly brSent: Int32Array;
  private readonly brOut: Int32Array;
  /** Branch records (branch-record.ts). */
  private readonly br: Int32Array;
  private readonly pend: Int32Array;
  private readonly groupFree: Int32Array;
  /** Place records (place-record.ts). */
  private readonly place: Int32Array;

  /** `wish`: the shortcuts the engine's caller turned off (EngineOptions), for those a model runs itself. */
  constructor(
    s: EngineState,
    private readonly wish: ShortcutWish = {},
  ) {
    this.s = s;
    this.maxBranches = s.MB;
    this.NB = s.NB;
    this.owner = s.owner;
    this.recv = s.recv;
    this.bufLen = s.bufLen;
    this.readyAt = s.readyAt;
    this.brN = s.brN;
    this.feeder = s.feeder;
    this.brSent = s.brSent;
    this.brOut = s.brOut;
    this.br = s.br;
    this.pend = s.pend;
    this.groupFree = s.groupFree;
    this.place = s.place;
  }

  /** The current cycle. */
  get now(): number {
    return this.s.now;
  }

  // Per buffer.

  /** Does a worm hold buffer b (until its tail has left on every branch)? */
  held(b: number): boolean {
    return this.owner[b] !== -1;
  }

  /** Flits of b's worm that have entered b. */
  received(b: number): number {
    return this.recv[b]!;
  }

  /** Length in flits of the worm holding b. */
  length(b: number): number {
    return this.bufLen[b]!;
  }

  /** Flits the slowest branch of b has copied out (0 before its branches are set up). */
  slowestSent(b: number): number {
    return this.s.minSent(b);
  }

  /** Flits in b: received, not yet copied out by every branch. */
  occupancy(b: number): number {
    return this.recv[b]! - this.s.minSent(b);
  }

  /** Cycle from which b's head may leave (its routing delay over). */
  headReadyAt(b: number): number {
    return this.readyAt[b]!;
  }

  /** Out-branches set up at b's head (0 before its header is routed; 2 or more: replicated). */
  branches(b: number): number {
    return this.brN[b]!;
  }

  /** The branch slot that feeds b (its upstream), -1 for a processor or a free buffer. */
  upstream(b: number): number {
    return this.feeder[b]!;
  }

  // Per branch slot.

  /** Slot of branch k of buffer b. */
  slot(b: number, k: number): number {
    return k * this.NB + b;
  }

  /** The buffer a branch slot belongs to. */
  bufferOf(slot: number): number {
    return slot < this.NB ? slot : slot % this.NB;
  }

  /** Flits the branch has copied out of its buffer. */
  sent(slot: number): number {
    return this.brSent[slot]!;
  }

  /** Buffer granted to the branch, -1 while it waits for one. */
  output(slot: number): number {
    return this.brOut[slot]!;
  }

  /** Allocation group the branch asks in (its channel, or numNetChannels + node for a consumption channel). */
  group(slot: number): number {
    return this.br[BR * slot + BR_GROUP]!;
  }

  /** Free buffers in allocation group g at the start of the cycle (a channel's VCs, or a node's consumption channels). */
  freeBuffers(g: number): number {
    return this.groupFree[g]!;
  }

  /** The allocation group of buffer b (its channel, or numNetChannels + node for a consumption channel); negative for an injection buffer. */
  groupOfBuffer(b: number): number {
    return this.place[PL * b + PL_GROUP]!;
  }

  /** Does the branch go to a processor (a consumption channel)? */
  toProcessor(slot: number): boolean {
    return this.br[BR * slot + BR_SINK] === 1;
  }

  /** The switch port the branch leaves by: its route's, or for a consumption branch its end node's. */
  targetPort(slot: number): number {
    if (this.br[BR * slot + BR_SINK] !== 1) return this.br[BR * slot + BR_ROUTE]! & 0xff;
    const s = this.s;
    const w = this.owner[this.bufferOf(slot)]!;
    return s.net.nodePort[s.wormC[w]!.node[this.br[BR * slot + BR_TARGET]!]!]!;
  }

  /** Cycle from which the branch may request its output when the model delays branches (branchDelay), else -Infinity. */
  branchReadyAt(slot: number): number {
    const r = this.s.brReady;
    return slot < r.length ? r[slot]! : Number.NEGATIVE_INFINITY;
  }

  /**
   * The model commits the branch's adaptive choice (its requested port, policy.ts `onRequest`): the
   * branch keeps that port from now on; the allocator moves the switch's adaptive pointer past it.
   */
  commitChoice(slot: number): void {
    this.br[BR * slot + BR_ALT] = 0;
  }

  /**
   * Branch `slot` reached the front of its output's queue (it waited behind another packet,
   * policy.ts `waitsInQueue`): the allocator looks at its head again.
   */
  reachedFront(slot: number): void {
    this.s.queueFront(this.bufferOf(slot));
  }

  /**
   * The packet in input buffer `buf` may ask now: it is at the front of its input's FIFO (the one
   * ahead has left it), or what else it waited for has happened: the allocator looks at its head
   * again (the inputWaits and frontWaits shortcuts, policy.ts `waitsInInput`, `waitsAtFront`).
   */
  reachedInputFront(buf: number): void {
    this.s.queueFront(buf);
  }

  // The waiting heads: buffers whose heads wait for an output this cycle (the allocator's list).

  /** How many heads wait. */
  get waitingCount(): number {
    return this.s.pendCount;
  }

  /** The i-th waiting head's buffer (0 <= i < waitingCount; the order carries no meaning). */
  waiting(i: number): number {
    return this.pend[i]!;
  }

  /**
   * The first place at or after i of a waiting head the model has not set aside, or -1: a loop
   * over the waiting heads that passes over those set aside without reading them, in their order.
   */
  nextWaiting(i: number): number {
    return this.s.watched.next(i, this.s.pendCount);
  }

  /** Does the model run shortcut `name` of its own (SHORTCUTS, e.g. chunkWaits)? Unless the caller turned it off. */
  runs(name: ShortcutName): boolean {
    return this.wish[name] !== false;
  }

  /**
   * The model passes over buffer b's waiting head at the start of each cycle (true: nextWaiting
   * skips it; a central buffer's packet on the chunk path) or looks at it again (false).
   */
  setAside(b: number, on: boolean): void {
    this.s.setAside(b, on);
  }
}

import type { GroupWaits } from './fast/group-waits.js';
import { ListBits } from './fast/list-bits.js';
import type { RoutingWheel } from './fast/routing-wheel.js';

/**
 * The list of heads waiting for an output, which VC allocation (allocate.ts) visits: the pending
 * list, buffers with a branch still waiting for an output. Kept apart from the rest of the
 * engine's shared state (state.ts, which extends this) because only allocation, the head stage and
 * buffer releases touch it. Indexed by buffer id, allocated once. Two shortcuts keep heads off it
 * while they cannot be granted (fast/shortcuts.ts): heads in their routing delay wait on a wheel
 * (fast/routing-wheel.ts), heads whose group has no free buffer on the group's list
 * (fast/group-waits.ts); without them every such head is pending and visited every cycle.
 */
export class PendingHeads {
  /** The cycle being simulated (for the trace of releases made deep in a stage, and the wheel). */
  now = 0;
  // Buffers with a branch still waiting for an output (VC allocation visits only these).
  readonly pend: Int32Array;
  readonly pendPos: Int32Array;
  pendCount = 0;
  /** Heads waiting on their group's list (the groupWaits shortcut), or undefined when off. */
  waits: GroupWaits | undefined;
  /** Heads in their routing delay (the routingWheel shortcut), or undefined when off. */
  wheel: RoutingWheel | undefined;
  /**
   * The places of the pending list whose head allocation looks at. A head's bit is clear while it
   * is parked: every branch of it that has no output waits in its output's queue behind another
   * packet (the queueWaits shortcut), until the switch model says one of those branches reached the
   * front (`queueFront`); likewise while it waits behind another packet in its input's FIFO (the
   * inputWaits shortcut) until the model says it is at the front. A parked head keeps its place in
   * the list, and its bit moves with it.
   */
  readonly asking: ListBits;
  /**
   * Per buffer, 1 while the switch model passes over its pending head at the start of a cycle
   * (SwitchView.setAside: a central buffer's admitted packet, on the chunk path), and the places
   * of the pending list whose head it looks at (SwitchView.nextWaiting).
   */
  readonly aside: Uint8Array;
  readonly watched: ListBits;

  constructor(numBuffers: number) {
    this.pend = new Int32Array(numBuffers);
    this.pendPos = new Int32Array(numBuffers).fill(-1);
    this.asking = new ListBits(numBuffers);
    this.aside = new Uint8Array(numBuffers);
    this.watched = new ListBits(numBuffers);
  }

  /**
   * A head's branches in buffer b wait for outputs, which allocation may grant from cycle `ready`
   * on: pending now, or on the wheel until then.
   */
  pendFrom(b: number, ready: number): void {
    if (this.wheel === undefined || !this.wheel.add(b, ready, this.now)) this.addPending(b);
  }

  /** Cycle t's heads whose routing delay is over join the pending list (allocate.ts, before it looks). */
  duePending(t: number): void {
    const wheel = this.wheel;
    if (wheel === undefined) return;
    for (let b = wheel.take(t); b !== -1; b = wheel.leave(b)) this.addPending(b);
  }

  addPending(b: number): void {
    const pos = this.pendPos[b]!;
    if (pos !== -1) {
      this.asking.set(pos);
      return;
    }
    const i = this.pendCount++;
    this.pendPos[b] = i;
    this.pend[i] = b;
    this.asking.set(i);
    if (this.aside[b] === 0) this.watched.set(i);
  }

  unpend(b: number): void {
    const pos = this.pendPos[b]!;
    if (pos === -1) return;
    const n = --this.pendCount;
    const last = this.pend[n]!;
    this.pend[pos] = last;
    this.pendPos[last] = pos;
    this.pendPos[b] = -1;
    this.asking.moveLast(n, pos);
    this.watched.moveLast(n, pos);
  }

  /** Pending head b waits for an event the model tells (queueFront): allocation passes over it. */
  park(b: number): void {
    const pos = this.pendPos[b]!;
    if (pos !== -1) this.asking.clear(pos);
  }

  /** The switch model passes over buffer b's pending head at the start of a cycle (1) or looks at it (0). */
  setAside(b: number, on: boolean): void {
    this.aside[b] = on ? 1 : 0;
    const pos = this.pendPos[b]!;
    if (pos === -1) return;
    if (on) this.watched.clear(pos);
    else this.watched.set(pos);
  }

  /**
   * Pending head buffer b, whose only branch waits for group g with no free buffer, waits on g's
   * list instead of being visited every cycle (groupWaits on); `groupFreed` puts it back when g
   * gains a buffer. A buffer still on a list (it was put back by heads.ts before the list woke) is
   * only unpended.
   */
  waitForGroup(b: number, g: number): void {
    this.unpend(b);
    this.waits!.add(b, g);
  }

  /** A branch of buffer b's head reached the front of its output's queue, or b the front of its input: allocation looks at it again. */
  queueFront(b: number): void {
    const pos = this.pendPos[b]!;
    if (pos !== -1) this.asking.set(pos);
  }

  /** The set-aside bits follow their heads' flags, and no bit is set past the list's end: the first violation. */
  protected checkPlaces(): string | undefined {
    for (let i = 0; i < this.pend.length; i++) {
      const b = i < this.pendCount ? this.pend[i]! : -1;
      if (b === -1 && this.asking.has(i)) return `pending place ${i} past the list's end: asking bit set`;
      const watched = b !== -1 && this.aside[b] === 0;
      if (this.watched.has(i) !== watched) return `pending place ${i} (buffer ${b}): watched bit ${!watched}`;
    }
    return undefined;
  }

  /** Heads parked (allocation passes over them): for statistics. */
  get parkedCount(): number {
    let n = 0;
    for (let i = 0; i < this.pendCount; i++) if (!this.asking.has(i)) n++;
    return n;
  }

  /** Group g has a free buffer again: its waiting heads are pending again (allocate.ts decides). */
  protected groupFreed(g: number): void {
    const waits = this.waits;
    if (waits === undefined) return;
    for (let b = waits.take(g); b !== -1; b = waits.leave(b)) this.addPending(b);
  }
}

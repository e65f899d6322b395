import { BUF_INJ, type Network } from '../engine/network.js';
import type { SwitchView } from '../engine/view.js';
import { McsimError } from '../util/errors.js';

/**
 * Per node: the packet slots of an ordinary input of its switch, the most VCs of a network channel
 * into that switch (002's switches use a channel's VC buffers as its input's packet slots).
 */
export function inputSlots(net: Network): Int32Array {
  const perSwitch = new Int32Array(net.numSwitches);
  for (let pc = 0; pc < net.numNetChannels; pc++) {
    const r = net.pcDst[pc]!;
    perSwitch[r] = Math.max(perSwitch[r]!, net.pcVcs[pc]!);
  }
  const slots = new Int32Array(net.numNodes);
  for (let n = 0; n < net.numNodes; n++) slots[n] = perSwitch[net.nodeSwitch[n]!]! || 1;
  return slots;
}

/**
 * Refuses a network whose processors' ports would have fewer packet slots than its switch links'
 * inputs: the processor's port is an ordinary input of its switch (002 sec. 4.1, 5), and its slots
 * are the node's injection channels.
 */
export function checkProcessorSlots(net: Network, model: string): void {
  const slots = inputSlots(net);
  const need = slots.reduce((a, x) => Math.max(a, x), 1);
  if (net.injPerNode < need)
    throw new McsimError(
      `${model}: a processor's port is an ordinary input of its switch (002 sec. 4.1, 5), with the ${need} packet slots of a switch link's input (network.vcs); its slots are the node's injection channels, so it needs at least ${need} of them or 'all' (got ${net.injPerNode})`,
      'network.injectionChannels',
    );
}

/**
 * The processor's port of a leaf switch (docs/algorithms/central-buffer.md, "The processor's
 * port"): the node's injection channels used as one FIFO into its switch, an ordinary input port of
 * that switch (002 sec. 4.1, 5). The processor's link carries one packet after another, the next
 * header following the previous tail, and the switch serves them in arrival order. Like a switch
 * link's input, the port has as many packet slots as that input has VCs (`inputSlots`; extra
 * injection channels stay unused, fewer are refused by `checkProcessorSlots`) and a FIFO of
 * `fifoFlits` flits: the processor sends a flit only while the packets at the port hold fewer (the
 * flow control of a switch link's input). A packet keeps its slot until its tail has left the
 * switch; it leaves the port when its tail has left it, or, in a central-buffer switch, when it is
 * written into the central buffer (`left`), after which its flits are no longer in the FIFO.
 */
export class InjectionQueue {
  /** Per node: ring of the injection buffers whose packets are at the port, oldest first. */
  private readonly ring: Int32Array;
  private readonly head: Int32Array;
  private readonly count: Int32Array;
  /** Per node: injection buffers held (slots in use: at the port or in the central buffer). */
  private readonly held: Int32Array;
  /** Per node: the injection buffer granted last, or -1 (its tail must be in before the next header). */
  private readonly newest: Int32Array;
  /** Per node: the packet slots of its port. */
  readonly slots: Int32Array;
  /** Per injection buffer: 1 once its packet has left the port (written into a central buffer). */
  private readonly gone: Uint8Array;
  private readonly I: number;
  private violation: string | undefined;

  constructor(
    private readonly net: Network,
    private readonly v: SwitchView,
    /** The port's FIFO capacity in flits, as a switch link's input. */
    readonly fifoFlits: number,
  ) {
    const N = net.numNodes;
    this.I = net.injPerNode;
    this.ring = new Int32Array(N * this.I);
    this.head = new Int32Array(N);
    this.count = new Int32Array(N);
    this.held = new Int32Array(N);
    this.newest = new Int32Array(N).fill(-1);
    this.slots = inputSlots(net);
    for (let n = 0; n < N; n++) this.slots[n] = Math.min(this.slots[n]!, this.I);
    this.gone = new Uint8Array(net.numBuffers);
  }

  /** Node of injection buffer b. */
  private nodeOf(b: number): number {
    return this.net.pcSrc[this.net.bufPc[b]!]!;
  }

  /**
   * A worm may take free injection buffer b once the node's previous packet has its tail in (every
   * earlier one had it before that one started) and while the port has a free packet slot.
   */
  canInject(b: number): boolean {
    const n = this.nodeOf(b);
    if (this.held[n]! >= this.slots[n]!) return false;
    const last = this.newest[n]!;
    const v = this.v;
    return last < 0 || !v.held(last) || v.received(last) === v.length(last);
  }

  granted(b: number): void {
    if (this.net.bufKind[b] !== BUF_INJ) return;
    const n = this.nodeOf(b);
    this.ring[n * this.I + ((this.head[n]! + this.count[n]!) % this.I)] = b;
    this.count[n]!++;
    this.held[n]!++;
    this.newest[n] = b;
    this.gone[b] = 0;
  }

  /** Injection buffer b's packet has left the port (written into the central buffer; it keeps its slot). */
  left(b: number): void {
    this.pop(b);
    this.gone[b] = 1;
  }

  /** Injection buffer b was released (its tail has left the switch): its slot is free. */
  released(b: number): void {
    this.held[this.nodeOf(b)]!--;
    if (this.gone[b] === 0) this.pop(b);
    this.gone[b] = 0;
  }

  /** The port's front packet, in injection buffer b, has left it. */
  private pop(b: number): void {
    const n = this.nodeOf(b);
    if (!this.isFront(b)) {
      this.violation ??= `a packet left node ${n}'s processor port before the packet ahead of it`;
      return;
    }
    this.head[n] = (this.head[n]! + 1) % this.I;
    // The next packet is at the port's front now: it may ask (the inputWaits shortcut).
    if (--this.count[n]! > 0) this.v.reachedInputFront(this.ring[n * this.I + this.head[n]!]!);
  }

  hasLeft(b: number): boolean {
    return this.gone[b] === 1;
  }

  /** Is injection buffer b's packet the oldest its node still has at the port? */
  isFront(b: number): boolean {
    const n = this.nodeOf(b);
    return this.count[n]! > 0 && this.ring[n * this.I + this.head[n]!] === b;
  }

  /** Flits of the packets at node n's port, each counted from its slowest branch. */
  fill(n: number): number {
    let f = 0;
    for (let i = 0; i < this.count[n]!; i++) {
      const b = this.ring[n * this.I + ((this.head[n]! + i) % this.I)]!;
      f += this.v.occupancy(b);
    }
    return f;
  }

  /** Room for one more flit from the processor into injection buffer b (its port's FIFO, start of the cycle). */
  room(b: number): boolean {
    return this.fill(this.nodeOf(b)) < this.fifoFlits;
  }

  /** Position of injection buffer b's packet at its port ('2 of 3'), or undefined when not there. */
  position(b: number): string | undefined {
    const n = this.nodeOf(b);
    for (let i = 0; i < this.count[n]!; i++)
      if (this.ring[n * this.I + ((this.head[n]! + i) % this.I)] === b) return `${i + 1} of ${this.count[n]}`;
    return undefined;
  }

  /**
   * A violated invariant: packets left a port out of order; a port holds more flits than its FIFO
   * or more packets than its slots; the slot count differs from the injection buffers held.
   */
  check(): string | undefined {
    if (this.violation) return `processor port: ${this.violation}`;
    const net = this.net;
    for (let n = 0; n < net.numNodes; n++) {
      const f = this.fill(n);
      if (f > this.fifoFlits)
        return `processor port: node ${n}'s port holds ${f} flits (capacity ${this.fifoFlits})`;
      let owned = 0;
      for (let b = net.injFirst[n]!; b < net.injFirst[n]! + this.I; b++) if (this.v.held(b)) owned++;
      if (owned !== this.held[n])
        return `processor port: node ${n} holds ${owned} injection buffers, its port counts ${this.held[n]}`;
      if (owned > this.slots[n]!)
        return `processor port: node ${n} has ${owned} packets in its switch (slots ${this.slots[n]})`;
    }
    return undefined;
  }
}

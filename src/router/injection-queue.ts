import { BUF_INJ, type Network } from '../engine/network.js';
import type { EngineState } from '../engine/state.js';

/**
 * A node's injection channels used as one FIFO into its leaf switch (002 notes sec. 2.2): the
 * processor's link carries one packet after another, the next header following the previous tail,
 * and the switch serves them in arrival order. With two injection channels per node a packet can
 * follow its predecessor at once instead of waiting until that one has left the switch's input.
 * A packet leaves the input when its tail has left it, or, in a central-buffer switch, when it is
 * written into the central buffer (`left`): the processor's port is an ordinary input port of its
 * leaf (002 sec. 4.1), whose FIFO the packets behind a written one can use at once.
 */
export class InjectionQueue {
  private readonly order: Float64Array;
  /** Per injection buffer: 1 once its packet has left the input (written into a central buffer). */
  private readonly gone: Uint8Array;
  private seq = 0;

  constructor(
    private readonly net: Network,
    private readonly s: EngineState,
  ) {
    this.order = new Float64Array(net.numBuffers);
    this.gone = new Uint8Array(net.numBuffers);
  }

  /** Node of injection buffer b. */
  private nodeOf(b: number): number {
    return this.net.pcSrc[this.net.bufPc[b]!]!;
  }

  /** A worm may take free injection buffer b once every packet already injected has its tail in. */
  canInject(b: number): boolean {
    const first = this.net.injFirst[this.nodeOf(b)]!;
    for (let o = first; o < first + this.net.injPerNode; o++)
      if (this.s.owner[o] !== -1 && this.s.recv[o]! < this.s.bufLen[o]!) return false;
    return true;
  }

  granted(b: number): void {
    if (this.net.bufKind[b] !== BUF_INJ) return;
    this.order[b] = ++this.seq;
    this.gone[b] = 0;
  }

  /** Injection buffer b's packet has left the switch's input (it keeps its buffer until its tail has left the switch). */
  left(b: number): void {
    this.gone[b] = 1;
  }

  hasLeft(b: number): boolean {
    return this.gone[b] === 1;
  }

  /** Is injection buffer b's packet the oldest its node still has at the switch's input? */
  isFront(b: number): boolean {
    const first = this.net.injFirst[this.nodeOf(b)]!;
    for (let o = first; o < first + this.net.injPerNode; o++)
      if (o !== b && this.s.owner[o] !== -1 && this.gone[o] === 0 && this.order[o]! < this.order[b]!)
        return false;
    return true;
  }
}

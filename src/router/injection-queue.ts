import { BUF_INJ, type Network } from '../engine/network.js';
import type { EngineState } from '../engine/state.js';

/**
 * A node's injection channels used as one FIFO into its leaf switch (002 notes sec. 2.2): the
 * processor's link carries one packet after another, the next header following the previous tail,
 * and the switch serves them in arrival order. With two injection channels per node a packet can
 * follow its predecessor at once instead of waiting until that one has left the switch's input.
 */
export class InjectionQueue {
  private readonly order: Float64Array;
  private seq = 0;

  constructor(
    private readonly net: Network,
    private readonly s: EngineState,
  ) {
    this.order = new Float64Array(net.numBuffers);
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
    if (this.net.bufKind[b] === BUF_INJ) this.order[b] = ++this.seq;
  }

  /** Is injection buffer b's packet the oldest its node still has in the switch? */
  isFront(b: number): boolean {
    const first = this.net.injFirst[this.nodeOf(b)]!;
    for (let o = first; o < first + this.net.injPerNode; o++)
      if (o !== b && this.s.owner[o] !== -1 && this.order[o]! < this.order[b]!) return false;
    return true;
  }
}

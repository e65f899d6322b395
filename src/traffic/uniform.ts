import { EventHeap } from '../util/heap.js';
import { Rng } from '../util/rng.js';

/**
 * Uniform random unicast traffic: every node generates messages with exponentially distributed
 * inter-arrival times (a Poisson process) of rate load/length messages per cycle, each to a
 * destination drawn uniformly among the other nodes. Each node draws from its own PRNG stream.
 */
export class UniformTraffic {
  private readonly rngs: Rng[];
  private readonly heap = new EventHeap<number>();
  private readonly rate: number;
  private readonly nextAt: Float64Array;

  constructor(
    readonly numNodes: number,
    /** Offered load in flits per node per cycle. */
    readonly load: number,
    readonly length: number,
    seed: number,
  ) {
    this.rate = load / length;
    this.rngs = Array.from({ length: numNodes }, (_, n) => new Rng(seed, 1 + n));
    this.nextAt = new Float64Array(numNodes);
    for (let n = 0; n < numNodes; n++) {
      this.nextAt[n] = this.rngs[n]!.exp(this.rate);
      this.heap.push(Math.floor(this.nextAt[n]!), n);
    }
  }

  /** Cycle of the next message creation. */
  peekTime(): number {
    return this.heap.peekTime();
  }

  /** Next message as [cycle, source, destination]; `out` is reused to avoid allocation. */
  pop(out: Int32Array | number[]): void {
    const t = this.heap.peekTime();
    const n = this.heap.pop()!;
    const rng = this.rngs[n]!;
    let d = rng.int(this.numNodes - 1);
    if (d >= n) d++;
    out[0] = t;
    out[1] = n;
    out[2] = d;
    this.nextAt[n]! += rng.exp(this.rate);
    this.heap.push(Math.floor(this.nextAt[n]!), n);
  }
}

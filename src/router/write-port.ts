/**
 * The write port of each switch's central buffer (002 sec. 4.1; docs/algorithms/central-buffer.md,
 * "Write port"): one write per switch per cycle, a header write (admitting a packet) or a later
 * chunk of an admitted packet, the least recently served input port first. A header write of a
 * packet replicated to k ports keeps the port for k cycles (one header copy per port, 002
 * sec. 4.2.1).
 *
 * Inputs bid in a fixed order (the waiting heads, then the admitted packets' later chunks) and the
 * first of the lowest priority wins; `settle` then lists each switch's winner, the later chunks
 * first and the admissions in the order of the waiting heads, so that the model applies them in
 * the order a walk of the waiting heads would.
 */
export class WritePort {
  /** Per switch: the cycle from which the port is free, and the input port served after the last write. */
  private readonly freeFrom: Float64Array;
  private readonly lrs: Int32Array;
  /** Per switch: the cycle of its last write (check()). */
  private readonly writeCycle: Float64Array;
  // Per switch: this cycle's best bid (its stamp, priority, buffer and place among the waiting heads).
  private readonly bestStamp: Float64Array;
  private readonly bestPri: Int32Array;
  private readonly bestBuf: Int32Array;
  private readonly bestIdx: Int32Array;
  /** The switches bid for in this cycle, in the order of their first bids. */
  private readonly bidders: Int32Array;
  private nbid = 0;
  /** After settle: the winning later chunks' buffers, then the admitted buffers in waiting order. */
  readonly writes: Int32Array;
  nwrites = 0;
  readonly admits: Int32Array;
  nadmits = 0;
  private violation: string | undefined;

  constructor(
    switches: number,
    /** Input ports per switch, twice: the span of the least-recently-served priority. */
    private readonly span: number,
  ) {
    this.freeFrom = new Float64Array(switches);
    this.lrs = new Int32Array(switches);
    this.writeCycle = new Float64Array(switches).fill(-1);
    this.bestStamp = new Float64Array(switches).fill(-1);
    this.bestPri = new Int32Array(switches);
    this.bestBuf = new Int32Array(switches);
    this.bestIdx = new Int32Array(switches);
    this.bidders = new Int32Array(switches);
    this.writes = new Int32Array(switches);
    this.admits = new Int32Array(switches);
  }

  /** A cycle's bids begin. */
  open(): void {
    this.nbid = 0;
  }

  /** Is switch r's write port free in cycle t? */
  isFree(r: number, t: number): boolean {
    return t >= this.freeFrom[r]!;
  }

  /**
   * Buffer b, at input port `port` of switch r, bids in cycle t: `i` is its place among the waiting
   * heads (a header write), -1 for a later chunk. The least recently served port wins, the first
   * bid on a tie.
   */
  bid(r: number, port: number, b: number, t: number, i: number): void {
    const pri = (port - this.lrs[r]! + this.span) % this.span;
    if (this.bestStamp[r] !== t) {
      this.bestStamp[r] = t;
      this.bidders[this.nbid++] = r;
    } else if (pri >= this.bestPri[r]!) return;
    this.bestPri[r] = pri;
    this.bestBuf[r] = b;
    this.bestIdx[r] = i;
  }

  /** Lists the cycle's winners (writes, admits); false when nobody bid. */
  settle(): boolean {
    this.nwrites = 0;
    this.nadmits = 0;
    if (this.nbid === 0) return false;
    for (let j = 0; j < this.nbid; j++) {
      const r = this.bidders[j]!;
      const b = this.bestBuf[r]!;
      const i = this.bestIdx[r]!;
      if (i < 0) {
        this.writes[this.nwrites++] = b;
        continue;
      }
      // Insertion by place among the waiting heads: a handful of switches at most.
      let p = this.nadmits++;
      while (p > 0 && this.bestIdx[this.admits[p - 1]!]! > i) {
        this.admits[p] = this.admits[p - 1]!;
        p--;
      }
      this.admits[p] = r;
    }
    for (let j = 0; j < this.nadmits; j++) this.admits[j] = this.bestBuf[this.admits[j]!]!;
    return true;
  }

  /** Switch r wrote in cycle t for input port `port`; its port is busy for `cycles` cycles. */
  wrote(r: number, port: number, t: number, cycles: number): void {
    if (this.writeCycle[r] === t) {
      this.violation ??= `central-buffer: two chunk writes into switch ${r}'s central buffer in cycle ${t}`;
    } else this.writeCycle[r] = t;
    this.freeFrom[r] = t + cycles;
    this.lrs[r] = port + 1;
  }

  /** A violated invariant (two writes into one buffer in a cycle), or undefined. */
  check(): string | undefined {
    return this.violation;
  }
}

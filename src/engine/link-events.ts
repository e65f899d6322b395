import type { LinkSinks } from './link-sinks.js';
import type { EngineState } from './state.js';

// What a move did, for MoveEvents.tell: a flit into an injection, a network or a consumption buffer.
export const EV_SOURCE = 0;
export const EV_NET = 1;
export const EV_SINK = 2;

/**
 * What a cycle's moves tell the rest of the engine: a header into an injection or network buffer
 * (head processing), a flit into a consumption buffer (its processor), every flit to the trace.
 * The link stage applies a cycle's moves to the counts in one tight loop and lists these events
 * in move order (add); `tell` then makes the calls in that order. Nothing a later move of the
 * cycle reads is written by them, so it is the same as calling them move by move; and the loop,
 * free of calls into head processing and the end nodes, stays small for the JIT to compile.
 */
export class MoveEvents {
  private readonly s: EngineState;
  private readonly sinks: LinkSinks;
  /** Network buffers a header entered are listed (for buffer sleep and the unit worms). */
  private readonly listHeads: boolean;
  /** Consumption buffers a header entered are listed (for the unit worms). */
  private readonly listSinks: boolean;
  /** The cycle's events, three ints each: kind, buffer, flit number. */
  private list = new Int32Array(192);
  /** Network buffers a header entered this cycle (they may fall asleep at once, a unit may form). */
  heads = new Int32Array(64);
  nheads = 0;
  /** Consumption buffers a header entered this cycle (their worms may stream or drain). */
  sinkHeads = new Int32Array(64);
  nsinks = 0;
  /** Some link has a latency above one cycle. */
  private readonly lagged: boolean;

  constructor(s: EngineState, sinks: LinkSinks, listHeads: boolean, listSinks: boolean) {
    this.s = s;
    this.lagged = s.net.maxLatency > 1;
    this.sinks = sinks;
    this.listHeads = listHeads;
    this.listSinks = listSinks;
  }

  /** Lists event `kind` of buffer b, flit number `got`, after the first n; returns the new count. */
  add(n: number, kind: number, b: number, got: number): number {
    if (3 * n + 3 > this.list.length) {
      const x = new Int32Array(2 * this.list.length);
      x.set(this.list);
      this.list = x;
    }
    this.list[3 * n] = kind;
    this.list[3 * n + 1] = b;
    this.list[3 * n + 2] = got;
    return n + 1;
  }

  /** Makes the calls of the cycle's n events, in move order, and lists the buffers a header entered. */
  tell(t: number, n: number): void {
    const st = this.s;
    const trace = st.trace;
    const owner = st.owner;
    const list = this.list;
    const lagged = this.lagged;
    if (this.heads.length < n) {
      this.heads = new Int32Array(2 * n);
      this.sinkHeads = new Int32Array(2 * n);
    }
    let nheads = 0;
    let nsinks = 0;
    for (let i = 0; i < n; i++) {
      const kind = list[3 * i]!;
      const b = list[3 * i + 1]!;
      const got = list[3 * i + 2]!;
      if (kind === EV_SOURCE) {
        if (trace !== undefined) trace.flitIn(owner[b]!, b, got, t);
        if (got === 1) {
          const msg = st.wormMsg[owner[b]!]!;
          if (msg.injected < 0) msg.injected = t;
          this.sinks.headArrived(b, t);
        }
      } else if (kind === EV_NET) {
        // A header is read as it comes off the wire, in cycle t + L - 1 on a link of latency L
        // (looked up only where some link has one: two more cache misses per header on a large network).
        const lat = lagged ? st.net.pcLatency[st.net.bufPc[b]!]! : 1;
        if (trace !== undefined) trace.flitIn(owner[b]!, b, got, t + lat - 1);
        if (got === 1) {
          st.wormMsg[owner[b]!]!.hops++;
          this.sinks.headArrived(b, t + lat - 1);
          if (this.listHeads) this.heads[nheads++] = b;
        }
      } else {
        if (trace !== undefined) trace.flitIn(owner[b]!, b, got, t);
        this.sinks.consume(b, got, t);
        if (this.listSinks && got === 1) this.sinkHeads[nsinks++] = b;
      }
    }
    this.nheads = nheads;
    this.nsinks = nsinks;
  }
}

import type { EngineState } from './state.js';

/**
 * The clock of links with a latency or a credit delay, for the link stage (links.ts). Both are off
 * by default (latency 1, credit delay 0), and then none of this is consulted.
 *
 * Latency L > 1: flits are in flight on the wire, so a flit is usable downstream L cycles after it
 * left; each network buffer keeps a ring of the cycle each of its flits becomes usable.
 * Credit delay C > 0: a slot freed in cycle f is seen upstream from cycle f + C; each network
 * buffer keeps a ring of the cycle each flit left it, and the upstream side counts the credits
 * that have come back (EngineState.departed / credited).
 */
export class LinkTiming {
  private readonly s: EngineState;
  /** Network buffers are 0..netBuffers-1 (injection and consumption buffers have no link timing). */
  private readonly netBuffers: number;
  /** Flits per network buffer (the ring size). */
  private readonly depth: number;
  /** Per network buffer, a ring of the cycle each flit in it becomes usable (latency). */
  private readonly usable: Int32Array;
  /** Per network buffer, a ring of the cycle each flit left it (credit delay). */
  private readonly leftAt: Int32Array;

  constructor(s: EngineState, netBuffers: number, lagged: boolean, delayed: boolean) {
    this.s = s;
    this.netBuffers = netBuffers;
    this.depth = netBuffers > 0 ? s.net.bufCap[0]! : 1;
    this.usable = new Int32Array(lagged ? netBuffers * this.depth : 0);
    this.leftAt = new Int32Array(delayed ? netBuffers * this.depth : 0);
  }

  /** Has body flit `k` of buffer b come off the wire by cycle t? */
  arrived(b: number, k: number, t: number): boolean {
    return b >= this.netBuffers || this.usable[b * this.depth + (k % this.depth)]! <= t;
  }

  /** Flit number `got` (1 = header) of buffer `out` is usable from cycle `at`. */
  arrives(out: number, got: number, at: number): void {
    this.usable[out * this.depth + ((got - 1) % this.depth)] = at;
  }

  /** Is `out` a buffer whose credits return late (no same-cycle reuse of a full buffer)? */
  late(out: number): boolean {
    return out < this.netBuffers && this.s.net.pcCreditDelay[this.s.net.bufPc[out]!]! > 0;
  }

  /**
   * Room in network buffer `out` as the upstream switch sees it at cycle t with a credit delay:
   * flits sent into it minus those whose departure's credit has arrived.
   */
  roomSeen(out: number, t: number): boolean {
    const st = this.s;
    const C = st.net.pcCreditDelay[st.net.bufPc[out]!]!;
    const base = out * this.depth;
    let c = st.credited[out]!;
    const d = st.departed[out]!;
    while (c < d && this.leftAt[base + (c % this.depth)]! + C <= t) c++;
    st.credited[out] = c;
    return st.recv[out]! - c < st.net.bufCap[out]!;
  }

  /** Records the departures of buffer b's slowest branch in cycle t (credit delay book-keeping). */
  recordDepartures(b: number, t: number): void {
    if (b >= this.netBuffers) return;
    const st = this.s;
    const m = st.minSent(b);
    for (let k = st.departed[b]!; k < m; k++) this.leftAt[b * this.depth + (k % this.depth)] = t;
    st.departed[b] = m;
  }
}

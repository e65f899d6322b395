import type { Network } from '../engine/network.js';
import type { SwitchView } from '../engine/view.js';

/**
 * The chunk accounting of a central buffer (002 sec. 4.1-4.2.2), per switch: the free count F, and
 * per admitted packet its reserved chunks, those written and those freed. A packet of L flits
 * replicated to k ports needs ceil(L / c) + k - 1 chunks (one header copy per port, each read once;
 * every other chunk read by all k ports, counter k); it reserves them all at its header write
 * ("decrementing the free space count by the total number of multicast packet chunks to be
 * written", 002 sec. 4.2.2). A chunk is written when its c flits (or the tail) have arrived and
 * freed when its last reader has copied it out: a port has read chunk j when it has sent the chunk's
 * last flit, so chunks are counted from the engine's per-branch read positions. Frees are booked at
 * the start of the next cycle (`update`), when the free count is read. Booked lazily, per switch:
 * a switch's free count is only read when one of its inputs may write a header, so its packets are
 * counted then, from the same state (read positions change only in the link stage, after the
 * writes), instead of every packet of every switch in every cycle; and only those a port of which
 * has been granted its output (`granted`), since the others have sent, so freed, nothing.
 *
 * Invariant (checked by `check`): F + (written, not freed) + (reserved, not written) = capacity,
 * and every chunk's counter of readers still to read stays in 0..k.
 */
export class ChunkPool {
  private readonly admitted: Uint8Array;
  private readonly need: Int32Array;
  private readonly ks: Uint8Array;
  private readonly freed: Int32Array;
  /** Per switch: its admitted packets, a list through `next` / `prev` (-1 ends it). */
  private readonly first: Int32Array;
  private readonly next: Int32Array;
  private readonly prev: Int32Array;
  /**
   * Per switch: its admitted packets some port of which was granted its output, a list through
   * `rnext` / `rprev`. Only they can have freed a chunk (a port frees what it has sent), so booking
   * walks them alone: under heavy load most packets wait in their outputs' queues. A packet leaves
   * the list again while it can free nothing more before another grant (`settled`), and comes back
   * with that grant.
   */
  private readonly rfirst: Int32Array;
  private readonly rnext: Int32Array;
  private readonly rprev: Int32Array;
  private readonly reading: Uint8Array;
  private readonly F: Int32Array;
  /** Cycles begun (`update`), and per switch the cycle its frees were last booked in. */
  private epoch = 0;
  private readonly booked: Float64Array;

  constructor(
    private readonly net: Network,
    private readonly v: SwitchView,
    readonly capacity: number,
    readonly chunk: number,
  ) {
    const NB = net.numBuffers;
    this.admitted = new Uint8Array(NB);
    this.need = new Int32Array(NB);
    this.ks = new Uint8Array(NB);
    this.freed = new Int32Array(NB);
    this.first = new Int32Array(net.numSwitches).fill(-1);
    this.next = new Int32Array(NB).fill(-1);
    this.prev = new Int32Array(NB).fill(-1);
    this.rfirst = new Int32Array(net.numSwitches).fill(-1);
    this.rnext = new Int32Array(NB).fill(-1);
    this.rprev = new Int32Array(NB).fill(-1);
    this.reading = new Uint8Array(NB);
    this.F = new Int32Array(net.numSwitches).fill(capacity);
    this.booked = new Float64Array(net.numSwitches).fill(-1);
  }

  isAdmitted(b: number): boolean {
    return this.admitted[b] === 1;
  }

  /** Free chunks of switch r's central buffer (as booked at the start of the cycle). */
  free(r: number): number {
    if (this.booked[r] !== this.epoch) this.book(r);
    return this.F[r]!;
  }

  /** Packet in buffer b, replicated to k ports, is written into the central buffer: reserve its chunks. */
  admit(b: number, k: number): void {
    const kk = Math.max(1, k);
    const need = Math.ceil(this.v.length(b) / this.chunk) + kk - 1;
    this.admitted[b] = 1;
    // Its head is on the chunk path now (reads.step): the write loop passes over it (central-buffer.ts).
    this.v.setAside(b, true);
    this.need[b] = need;
    this.ks[b] = kk;
    this.freed[b] = 0;
    const r = this.net.bufRouter[b]!;
    this.F[r]! -= need;
    const f = this.first[r]!;
    this.next[b] = f;
    this.prev[b] = -1;
    if (f !== -1) this.prev[f] = b;
    this.first[r] = b;
    this.reading[b] = 0;
    // A port that already has its output (none in 002's switches: an admitted packet's ports are
    // granted from their queues) may free chunks from now on.
    for (let i = 0; i < kk; i++)
      if (this.v.output(this.v.slot(b, i)) >= 0) {
        this.granted(b);
        return;
      }
  }

  /** A port of admitted packet b was granted its output: from now on it may free chunks. */
  granted(b: number): void {
    if (this.admitted[b] !== 1 || this.reading[b] === 1) return;
    this.reading[b] = 1;
    const r = this.net.bufRouter[b]!;
    const f = this.rfirst[r]!;
    this.rnext[b] = f;
    this.rprev[b] = -1;
    if (f !== -1) this.rprev[f] = b;
    this.rfirst[r] = b;
  }

  /** The packet's tail has left on every port: whatever it still holds is free. */
  release(b: number): void {
    // What it still holds, booked or not: the switch's count ends the same either way.
    const r = this.net.bufRouter[b]!;
    this.F[r]! += this.need[b]! - this.freed[b]!;
    this.admitted[b] = 0;
    this.v.setAside(b, false);
    if (this.reading[b] === 1) this.unread(b, r);
    const p = this.prev[b]!;
    const n = this.next[b]!;
    if (p === -1) this.first[r] = n;
    else this.next[p] = n;
    if (n !== -1) this.prev[n] = p;
  }

  /** A cycle begins: the chunks freed since the last one are booked when a count is read (free). */
  update(): void {
    this.epoch++;
  }

  /** Books the chunks of switch r's packets freed since they were last booked (002 sec. 4.2: a chunk is thrown away by its last reader). */
  private book(r: number): void {
    this.booked[r] = this.epoch;
    // A packet no port of which has its output has sent nothing, so freed nothing (freedNow 0).
    for (let b = this.rfirst[r]!; b !== -1; ) {
      const next = this.rnext[b]!;
      const f = this.freedNow(b);
      this.F[r]! += f - this.freed[b]!;
      this.freed[b] = f;
      if (this.settled(b)) this.unread(b, r);
      b = next;
    }
  }

  /** Packet b of switch r leaves the list of packets that may free chunks. */
  private unread(b: number, r: number): void {
    this.reading[b] = 0;
    const rp = this.rprev[b]!;
    const rn = this.rnext[b]!;
    if (rp === -1) this.rfirst[r] = rn;
    else this.rnext[rp] = rn;
    if (rn !== -1) this.rprev[rn] = rp;
  }

  /**
   * Can packet b free nothing more before a port of it is granted its output? Yes when a port has
   * no output (it has sent nothing: no chunk but header copies is free, the slowest reader being
   * at 0) and every port with one has sent its header copy (freedNow counts that copy, and nothing
   * else of the packet, for it).
   */
  private settled(b: number): boolean {
    const v = this.v;
    const h = this.end(0, v.length(b));
    let waiting = false;
    for (let k = 0; k < v.branches(b); k++) {
      const slot = v.slot(b, k);
      if (v.output(slot) < 0) waiting = true;
      else if (v.sent(slot) < h) return false;
    }
    return waiting;
  }

  /** Last flit (exclusive) of chunk j of a packet of L flits. */
  private end(j: number, L: number): number {
    return Math.min((j + 1) * this.chunk, L);
  }

  /** Chunks of packet b whose every reader has read them. */
  private freedNow(b: number): number {
    const v = this.v;
    const L = v.length(b);
    const h = this.end(0, L);
    let f = 0;
    // Header copies: one per port, each freed by its own reader (002 sec. 4.2.1, Fig. 8).
    for (let k = 0; k < v.branches(b); k++) if (v.sent(v.slot(b, k)) >= h) f++;
    // Chunks 1 .. nC - 1, freed once the slowest reader m has sent their last flit: chunk j < nC - 1
    // ends at (j + 1) c, the last one at L. Counted in closed form: this runs for every packet in
    // every central buffer in every cycle.
    const m = v.slowestSent(b);
    return f + (m >= L ? Math.ceil(L / this.chunk) - 1 : Math.max(0, Math.floor(m / this.chunk) - 1));
  }

  /** Chunks of packet b written so far (header copies as soon as the header chunk is in). */
  private written(b: number): number {
    const v = this.v;
    const L = v.length(b);
    const nC = Math.ceil(L / this.chunk);
    let w = v.received(b) >= this.end(0, L) ? this.ks[b]! : 0;
    for (let j = 1; j < nC; j++) if (v.received(b) >= this.end(j, L)) w++;
    return w;
  }

  describe(b: number): string {
    const r = this.net.bufRouter[b]!;
    if (this.booked[r] !== this.epoch) this.book(r);
    return `${this.need[b]} chunk(s) reserved, ${this.written(b)} written, ${this.freed[b]} freed`;
  }

  /** The accounting invariant and the chunk counters, or the first violation. */
  check(): string | undefined {
    const v = this.v;
    const held = new Float64Array(this.net.numSwitches);
    for (let r = 0; r < this.net.numSwitches; r++)
      for (let b = this.first[r]!; b !== -1; b = this.next[b]!) {
        const w = this.written(b);
        const fNow = this.freedNow(b);
        const need = this.need[b]!;
        if (!(this.freed[b]! <= fNow && fNow <= w && w <= need))
          return `central buffer: packet in buffer ${b} has freed ${this.freed[b]}/${fNow}, written ${w}, reserved ${need} chunks`;
        if (v.branches(b) !== this.ks[b])
          return `central buffer: packet in buffer ${b} has ${v.branches(b)} readers, admitted with ${this.ks[b]}`;
        const L = v.length(b);
        for (let j = 1; j < Math.ceil(L / this.chunk); j++) {
          let readers = this.ks[b]!;
          for (let k = 0; k < v.branches(b); k++) if (v.sent(v.slot(b, k)) >= this.end(j, L)) readers--;
          if (readers < 0 || readers > this.ks[b]!)
            return `central buffer: chunk ${j} of buffer ${b} has counter ${readers}`;
        }
        held[this.net.bufRouter[b]!]! += w - this.freed[b]! + (need - w);
      }
    for (let r = 0; r < this.net.numSwitches; r++) {
      if (this.F[r]! < 0) return `central buffer of switch ${r}: free count ${this.F[r]} < 0`;
      if (this.F[r]! + held[r]! !== this.capacity)
        return `central buffer of switch ${r}: free ${this.F[r]} + written + reserved ${held[r]} != ${this.capacity}`;
    }
    return undefined;
  }
}

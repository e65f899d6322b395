import type { SwitchView } from '../engine/view.js';

/**
 * Heads a central buffer cannot write for want of free chunks (002 sec. 4.2.2: a replicated packet
 * is admitted only when all its chunks are free; a unicast may not go below the multicast reserve),
 * set aside by the switch's write loop (central-buffer.ts) instead of being looked at every cycle:
 * under heavy load most heads waiting at their inputs wait so. Such a head has passed every other
 * condition of its write that can only stay passed (its routing delay, its header chunk in, its
 * first request, the head of its input); what it waits for is its switch's free count, which only
 * its switch's frees raise. So at the start of each cycle (`wake`) a switch whose free count has
 * reached the least its waiting heads need puts them all back on the write loop, which looks at
 * them in their places and sets aside again those still short; a head that leaves otherwise (a
 * unicast granted the crossbar, a release) is taken off (`leave`). Looking again too early costs a
 * visit; never too late, so the writes are those of a loop over every waiting head.
 */
export class ChunkWaits {
  /** Per switch: its first waiting head's buffer, or -1; the least chunks one of them needs. */
  private readonly first: Int32Array;
  private readonly least: Int32Array;
  /** Per buffer: the next and the previous waiting head of its switch, and the switch, or -1. */
  private readonly next: Int32Array;
  private readonly prev: Int32Array;
  private readonly switchOf: Int32Array;
  /** The switches with waiting heads (or emptied since the last `wake`), each once (`listed`). */
  private readonly switches: Int32Array;
  private nswitches = 0;
  private readonly listed: Uint8Array;

  constructor(
    numSwitches: number,
    numBuffers: number,
    private readonly v: SwitchView,
  ) {
    this.first = new Int32Array(numSwitches).fill(-1);
    this.least = new Int32Array(numSwitches);
    this.next = new Int32Array(numBuffers).fill(-1);
    this.prev = new Int32Array(numBuffers).fill(-1);
    this.switchOf = new Int32Array(numBuffers).fill(-1);
    this.switches = new Int32Array(numSwitches);
    this.listed = new Uint8Array(numSwitches);
  }

  /** Buffer b's head waits until switch r has `need` free chunks: set aside. */
  add(b: number, r: number, need: number): void {
    const f = this.first[r]!;
    if (f === -1) this.least[r] = need;
    else if (need < this.least[r]!) this.least[r] = need;
    if (this.listed[r] === 0) {
      this.listed[r] = 1;
      this.switches[this.nswitches++] = r;
    }
    this.next[b] = f;
    this.prev[b] = -1;
    if (f !== -1) this.prev[f] = b;
    this.first[r] = b;
    this.switchOf[b] = r;
    this.v.setAside(b, true);
  }

  /** Buffer b's head waits no more (its packet left the input by the crossbar, or its buffer was released). */
  leave(b: number): void {
    const r = this.switchOf[b]!;
    if (r === -1) return;
    const p = this.prev[b]!;
    const n = this.next[b]!;
    if (p === -1) this.first[r] = n;
    else this.next[p] = n;
    if (n !== -1) this.prev[n] = p;
    this.switchOf[b] = -1;
    this.v.setAside(b, false);
    // An emptied switch stays listed until the next `wake`, which drops it.
  }

  /** Cycle start: each switch whose free count (`free`, booked now) reaches its heads' least need puts them back. */
  wake(free: (r: number) => number): void {
    let kept = 0;
    for (let i = 0; i < this.nswitches; i++) {
      const r = this.switches[i]!;
      if (this.first[r] !== -1 && free(r) < this.least[r]!) {
        this.switches[kept++] = r;
        continue;
      }
      for (let b = this.first[r]!; b !== -1; ) {
        const n = this.next[b]!;
        this.switchOf[b] = -1;
        this.v.setAside(b, false);
        b = n;
      }
      this.first[r] = -1;
      this.listed[r] = 0;
    }
    this.nswitches = kept;
  }

  /** The switch buffer b's head waits on, or -1 (for checks and tests). */
  waitsOn(b: number): number {
    return this.switchOf[b]!;
  }
}

import type { SwitchView } from '../engine/view.js';
import { ReleaseWaits } from './release-waits.js';

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
 * visit; never too late, so the writes are those of a loop over every waiting head. The heads wait
 * on per-switch lists (release-waits.ts, keyed by switch).
 */
export class ChunkWaits {
  /** Per switch: its waiting heads, put back by `look`. */
  private readonly heads: ReleaseWaits;
  /** Per switch: the least chunks one of its waiting heads needs (since its list was last empty). */
  private readonly least: Int32Array;
  /** The switches with waiting heads (or emptied since the last `wake`), each once (`listed`). */
  private readonly switches: Int32Array;
  private nswitches = 0;
  private readonly listed: Uint8Array;

  constructor(
    numSwitches: number,
    numBuffers: number,
    private readonly v: SwitchView,
  ) {
    this.heads = new ReleaseWaits(numSwitches, numBuffers, (b) => v.setAside(b, false));
    this.least = new Int32Array(numSwitches);
    this.switches = new Int32Array(numSwitches);
    this.listed = new Uint8Array(numSwitches);
  }

  /** Buffer b's head waits until switch r has `need` free chunks: set aside. */
  add(b: number, r: number, need: number): void {
    if (this.heads.isEmpty(r) || need < this.least[r]!) this.least[r] = need;
    if (this.listed[r] === 0) {
      this.listed[r] = 1;
      this.switches[this.nswitches++] = r;
    }
    this.heads.add(b, r);
    this.v.setAside(b, true);
  }

  /** Buffer b's head waits no more (its packet left the input by the crossbar, or its buffer was released). */
  leave(b: number): void {
    if (this.heads.groupOf(b) === -1) return;
    this.heads.leave(b);
    this.v.setAside(b, false);
    // An emptied switch stays listed until the next `wake`, which drops it.
  }

  /** Cycle start: each switch whose free count (`free`, booked now) reaches its heads' least need puts them back. */
  wake(free: (r: number) => number): void {
    let kept = 0;
    for (let i = 0; i < this.nswitches; i++) {
      const r = this.switches[i]!;
      if (!this.heads.isEmpty(r) && free(r) < this.least[r]!) {
        this.switches[kept++] = r;
        continue;
      }
      this.heads.released(r);
      this.listed[r] = 0;
    }
    this.nswitches = kept;
  }
}

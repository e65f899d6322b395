import { longer } from '../../util/longer.js';
import { CH, CH_KEY, D_PC, R_SOLE_DRAIN } from '../link-codes.js';
import { RowSort } from '../row-sort.js';
import type { EngineState } from '../state.js';

/**
 * The buffers unit worms (unit-worms.ts) free in a cycle: streaming, packed and draining worms each
 * list the buffers their tails leave here during their step (emptied at the start of every step),
 * and the link stage's release loop frees them together with its own (merge), each at the place
 * its move has in the order of the cycle's moves, so results are the same to the byte.
 */
export class UnitReleases {
  private readonly s: EngineState;
  /** The link stage's readiness memo, per-channel table and per-buffer destination table (link-readiness.ts). */
  private readonly memo: Int32Array;
  private readonly chan: Int32Array;
  private readonly dest: Int32Array;
  /** The buffers, in the order the units listed them. */
  list: Int32Array = new Int32Array(16);
  count = 0;
  /** Places of the cycle's releases in the order of its moves: the link stage's, then the units'. */
  private keys = new Int32Array(64);
  private unitKeys = new Int32Array(16);
  private readonly rowSort = new RowSort();

  constructor(s: EngineState, tables: { memo: Int32Array; chan: Int32Array; dest: Int32Array }) {
    this.s = s;
    this.memo = tables.memo;
    this.chan = tables.chan;
    this.dest = tables.dest;
  }

  /** Buffer u is freed in this cycle's release loop, in the place of its move. */
  add(u: number): void {
    if (this.count === this.list.length) this.list = longer(this.list, 2 * this.count);
    this.list[this.count++] = u;
  }

  /**
   * The link stage's release loop (links.ts) with the units' releases in it: the branch slots
   * tails[0..ntails-1] whose moves of cycle `stamp` sent their buffer's tail, and the listed
   * buffers, freed in the order of the cycle's moves. A move's place is the place in the list of
   * held buffers of its channel's first bidder (a unit's buffer bids alone, at its own place),
   * taken before any release of the cycle reorders that list.
   */
  merge(tails: Int32Array, ntails: number, stamp: number): void {
    const st = this.s;
    const NB = st.NB;
    const memo = this.memo;
    const chan = this.chan;
    const dest = this.dest;
    const t8 = 8 * stamp;
    const ns = this.count;
    const rel = this.list;
    if (this.keys.length < ntails) this.keys = new Int32Array(2 * ntails);
    if (this.unitKeys.length < ns) this.unitKeys = new Int32Array(2 * ns);
    const keys = this.keys;
    const ukeys = this.unitKeys;
    for (let i = 0; i < ntails; i++) {
      const m = tails[i]!;
      // An only bidder moved at its own visit; a contended channel's move stands at its first bid.
      keys[i] =
        memo[2 * m]! - t8 >= R_SOLE_DRAIN
          ? st.activePos[m < NB ? m : m % NB]!
          : chan[CH * dest[4 * st.brOut[m]! + D_PC]! + CH_KEY]!;
    }
    // The units' releases by place.
    for (let j = 0; j < ns; j++) ukeys[j] = st.activePos[rel[j]!]!;
    this.rowSort.sort(ns, ukeys, ukeys, rel);
    let i = 0;
    let j = 0;
    while (i < ntails || j < ns) {
      if (j === ns || (i < ntails && keys[i]! <= ukeys[j]!)) {
        const m = tails[i++]!;
        st.releaseIfSent(m < NB ? m : m % NB);
      } else {
        // A unit's tail has surely left its buffer.
        const u = rel[j++]!;
        st.release(u, st.owner[u]!);
      }
    }
  }
}

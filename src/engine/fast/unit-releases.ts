import { resized } from './unit-records.js';

/**
 * The buffers unit worms (unit-worms.ts) free in a cycle: streaming, packed and draining worms each
 * list the buffers their tails leave here during their step, and the link stage frees them in its
 * release loop, at the place their moves have in the order of the cycle's moves. Emptied at the
 * start of every step.
 */
export class UnitReleases {
  /** The buffers, in the order the units listed them. */
  list: Int32Array = new Int32Array(16);
  count = 0;

  /** Buffer u is freed in this cycle's release loop, in the place of its move. */
  add(u: number): void {
    if (this.count === this.list.length) this.list = resized(this.list, 2 * this.count);
    this.list[this.count++] = u;
  }
}

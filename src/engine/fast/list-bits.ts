/**
 * One bit per place of a list that is kept dense by swap-removal (the pending list,
 * pending-heads.ts): set for the places a loop over the list must visit. Under heavy load most
 * pending heads are passed over in every cycle (queueWaits, inputWaits: 174 of 203 on 002's
 * central-buffer fat tree at 0.95, fast/shortcuts.ts); a loop that finds the next set bit visits
 * the others without reading them, and in the list's order, so no decision changes.
 *
 * Places at or past the list's length are clear: `moveLast` clears the place it empties.
 */
export class ListBits {
  /**
   * Bit i & 31 of word i >> 5 for place i. A hot loop walks them inline, without a call per place
   * (allocate.ts): `w = words[i >> 5] >> (i & 31)` holds the places from i on in that word (the
   * sign fill adds bits only above a set top bit); none, and i jumps to the word's end; else to
   * i + 31 - clz32(w & -w).
   */
  readonly words: Int32Array;

  constructor(places: number) {
    this.words = new Int32Array((places + 32) >> 5);
  }

  set(i: number): void {
    this.words[i >> 5]! |= 1 << (i & 31);
  }

  clear(i: number): void {
    this.words[i >> 5]! &= ~(1 << (i & 31));
  }

  has(i: number): boolean {
    return (this.words[i >> 5]! & (1 << (i & 31))) !== 0;
  }

  /** The list's last place `last` moved into place `i` (a swap-removal): its bit goes with it. */
  moveLast(last: number, i: number): void {
    if (this.has(last)) this.set(i);
    else this.clear(i);
    this.clear(last);
  }

  /**
   * The first set place at or after `i` below `count` (the list's length), or -1. The words are
   * read at the call, so places set or cleared since the last call count.
   */
  next(i: number, count: number): number {
    if (i >= count) return -1;
    const words = this.words;
    let j = i >> 5;
    let w = words[j]! & (-1 << (i & 31));
    const end = (count - 1) >> 5;
    while (w === 0) {
      if (++j > end) return -1;
      w = words[j]!;
    }
    const p = (j << 5) + 31 - Math.clz32(w & -w);
    return p < count ? p : -1;
  }
}

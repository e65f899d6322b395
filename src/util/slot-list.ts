/**
 * A set of small integers (0..capacity-1) as an unordered list with each member's place, so that
 * adding, removing and testing a member cost O(1) and a walk visits only the members: a removed
 * member's place is taken by the last one. Walks that remove as they go step back one place
 * (`i--`) after a removal.
 */
export class SlotList {
  private readonly list: Int32Array;
  private readonly place: Int32Array;
  /** Members now; they are `at(0)` .. `at(size - 1)`. */
  size = 0;

  constructor(capacity: number) {
    this.list = new Int32Array(capacity);
    this.place = new Int32Array(capacity).fill(-1);
  }

  has(x: number): boolean {
    return this.place[x] !== -1;
  }

  /** The place of member x in the list, -1 when x is not a member. */
  placeOf(x: number): number {
    return this.place[x]!;
  }

  at(i: number): number {
    return this.list[i]!;
  }

  /** Adds x at the end (nothing if it is a member). */
  add(x: number): void {
    if (this.place[x] !== -1) return;
    this.place[x] = this.size;
    this.list[this.size++] = x;
  }

  /** Removes x (nothing if it is not a member): the last member takes its place. */
  remove(x: number): void {
    const p = this.place[x]!;
    if (p === -1) return;
    const last = this.list[--this.size]!;
    this.list[p] = last;
    this.place[last] = p;
    this.place[x] = -1;
  }

  /** Puts the members in ascending order of `key` (insertion sort: for short, nearly sorted lists). */
  sortBy(key: (x: number) => number): void {
    const a = this.list;
    for (let i = 1; i < this.size; i++) {
      const x = a[i]!;
      const kx = key(x);
      let j = i - 1;
      while (j >= 0 && key(a[j]!) > kx) {
        a[j + 1] = a[j]!;
        this.place[a[j + 1]!] = j + 1;
        j--;
      }
      a[j + 1] = x;
      this.place[x] = j + 1;
    }
  }
}

/**
 * From this many rows on, RowSort merge-sorts; below, insertion is quicker. The lists it sorts grow
 * with the network at the same relative load (hundreds of requests and of unit releases per cycle
 * on a 128x128 mesh), where insertion's n²/4 steps made a flit-hop cost more the larger the network
 * (docs/engine-time.md, Scale).
 */
export const LONG_ROWS = 64;

/**
 * Stable sort of a cycle's rows kept in parallel arrays (`hi`, `lo`, `payload`: row i is their
 * entries i) by (hi, lo), ties in list order: a few rows by insertion, more by a bottom-up merge
 * sort of the rows' order, O(n log n), then the rows put in it. Both give the same order. Scratch
 * grows on demand and is kept, so a cycle allocates nothing.
 */
export class RowSort {
  private order = new Int32Array(64);
  private spare = new Int32Array(64);
  private copy = new Int32Array(192);

  /** Sorts rows 0..n-1 in place; pass `hi` as `lo` to sort by one key. */
  sort(n: number, hi: Int32Array, lo: Int32Array, payload: Int32Array): void {
    if (n <= LONG_ROWS) {
      insertionSort(n, hi, lo, payload);
      return;
    }
    if (this.order.length < n) {
      this.order = new Int32Array(2 * n);
      this.spare = new Int32Array(2 * n);
      this.copy = new Int32Array(6 * n);
    }
    let src = this.order;
    let dst = this.spare;
    for (let i = 0; i < n; i++) src[i] = i;
    for (let w = 1; w < n; w *= 2) {
      for (let start = 0; start < n; start += 2 * w) {
        const mid = Math.min(start + w, n);
        const end = Math.min(start + 2 * w, n);
        let i = start;
        let j = mid;
        let o = start;
        while (i < mid && j < end) {
          const x = src[i]!;
          const y = src[j]!;
          // The right-hand row goes first only if strictly smaller: equal rows keep their order.
          if (hi[y]! < hi[x]! || (hi[y] === hi[x] && lo[y]! < lo[x]!)) {
            dst[o++] = y;
            j++;
          } else {
            dst[o++] = x;
            i++;
          }
        }
        while (i < mid) dst[o++] = src[i++]!;
        while (j < end) dst[o++] = src[j++]!;
      }
      const t = src;
      src = dst;
      dst = t;
    }
    const c = this.copy;
    for (let i = 0; i < n; i++) {
      c[3 * i] = hi[i]!;
      c[3 * i + 1] = lo[i]!;
      c[3 * i + 2] = payload[i]!;
    }
    for (let i = 0; i < n; i++) {
      const r = 3 * src[i]!;
      hi[i] = c[r]!;
      lo[i] = c[r + 1]!;
      payload[i] = c[r + 2]!;
    }
  }
}

function insertionSort(n: number, hi: Int32Array, lo: Int32Array, payload: Int32Array): void {
  for (let i = 1; i < n; i++) {
    const h = hi[i]!;
    const l = lo[i]!;
    const p = payload[i]!;
    let j = i - 1;
    while (j >= 0 && (hi[j]! > h || (hi[j] === h && lo[j]! > l))) {
      hi[j + 1] = hi[j]!;
      lo[j + 1] = lo[j]!;
      payload[j + 1] = payload[j]!;
      j--;
    }
    hi[j + 1] = h;
    lo[j + 1] = l;
    payload[j + 1] = p;
  }
}

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LONG_ROWS, RowSort } from '../../src/engine/row-sort.js';
import { Rng } from '../../src/util/rng.js';

/** The insertion sort the engine uses on short lists: the order RowSort must give on any list. */
function insertionSorted(hi: number[], lo: number[], payload: number[]): number[][] {
  const rows = hi.map((h, i) => [h, lo[i]!, payload[i]!]);
  for (let i = 1; i < rows.length; i++) {
    const r = rows[i]!;
    let j = i - 1;
    while (j >= 0 && (rows[j]![0]! > r[0]! || (rows[j]![0] === r[0] && rows[j]![1]! > r[1]!))) {
      rows[j + 1] = rows[j]!;
      j--;
    }
    rows[j + 1] = r;
  }
  return rows;
}

describe('RowSort', () => {
  it('orders rows by (hi, lo) with ties in list order, as insertion does, on random lists of every size', () => {
    const rng = new Rng(11, 3);
    const sorter = new RowSort();
    for (let trial = 0; trial < 400; trial++) {
      const n = trial < 200 ? trial : rng.int(3000);
      // Few distinct keys on some lists, so that ties and equal rows are common.
      const span = rng.int(4) === 0 ? 3 : 1 + rng.int(10 * (n + 1));
      const hi = Array.from({ length: n }, () => rng.int(span) - 1);
      const lo = Array.from({ length: n }, () => rng.int(span));
      const payload = Array.from({ length: n }, (_, i) => i);
      const want = insertionSorted(hi, lo, payload);
      // Arrays longer than the rows, as the engine's are: entries past n stay as they were.
      const H = Int32Array.from([...hi, 77]);
      const L = Int32Array.from([...lo, 78]);
      const P = Int32Array.from([...payload, 79]);
      sorter.sort(n, H, L, P);
      const got = Array.from({ length: n }, (_, i) => [H[i]!, L[i]!, P[i]!]);
      assert.deepEqual(got, want, `list of ${n}`);
      assert.deepEqual([H[n], L[n], P[n]], [77, 78, 79]);
    }
  });

  it('sorts by one key when that key is passed twice, ties in list order', () => {
    const sorter = new RowSort();
    const n = 3 * LONG_ROWS;
    const keys = Int32Array.from({ length: n }, (_, i) => (i * 7) % 5);
    const payload = Int32Array.from({ length: n }, (_, i) => i);
    sorter.sort(n, keys, keys, payload);
    for (let i = 1; i < n; i++) {
      assert.ok(keys[i - 1]! <= keys[i]!);
      if (keys[i - 1] === keys[i]) assert.ok(payload[i - 1]! < payload[i]!);
    }
    assert.deepEqual(
      [...payload].map((p) => (p * 7) % 5),
      [...keys],
    );
  });
});

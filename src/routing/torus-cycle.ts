/**
 * A Hamiltonian cycle of the 2D torus T(m x n) (m columns, n rows), as the position of each node
 * id (x + m*y) on the cycle. Used by the Uniform and multipath-HCM schemes that 001 compares
 * TASNEM with ([21], [22] of 001; reconstructed in docs/algorithms/uniform.md):
 * - n even: the snake of 001 Eq. (1); it closes through the vertical wraparound (0,n-1) -> (0,0).
 * - n odd, m odd: the snake over rows 0..n-3, then a vertical zig-zag over rows n-2 and n-1 from
 *   column m-1 down to column 0; it closes through (0,n-1) -> (0,0).
 * - n odd, m even: the column-wise snake; it closes through the horizontal wraparound (m-1,0) -> (0,0).
 * Every cycle edge but the closing one is a non-wraparound channel.
 */
export function torusCyclePositions(m: number, n: number): Int32Array {
  const P = new Int32Array(m * n);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < m; x++) {
      let p: number;
      if (n % 2 === 0 || (m % 2 === 1 && y < n - 2)) p = y % 2 === 0 ? y * m + x : y * m + m - 1 - x;
      else if (m % 2 === 1) {
        // Zig-zag over the last two rows: column m-1-j holds positions base+2j and base+2j+1.
        const j = m - 1 - x;
        const first = j % 2 === 0 ? n - 2 : n - 1;
        p = (n - 2) * m + 2 * j + (y === first ? 0 : 1);
      } else p = x * n + (x % 2 === 0 ? y : n - 1 - y);
      P[x + m * y] = p;
    }
  return P;
}

/**
 * The order in which an output of the packet path (packet-sim.ts) serves its waiting requests: round
 * robin over the input buffers, from the one after the buffer it served last, as the engine orders a
 * channel's requests (allocate.ts).
 */

/**
 * Insertion sort of branch slots by (buffer - rr) mod NB, as the engine orders a channel's requests
 * (`entBuf`: the buffer of each entry). A FIFO has one packet requesting at a time, its front.
 */
export function sortByPriority(
  a: Int32Array,
  base: number,
  n: number,
  MB: number,
  rr: number,
  NB: number,
  entBuf: Int32Array,
): void {
  for (let i = 1; i < n; i++) {
    const x = a[base + i]!;
    const px = priority(x, MB, rr, NB, entBuf);
    let j = i - 1;
    while (j >= 0 && priority(a[base + j]!, MB, rr, NB, entBuf) > px) {
      a[base + j + 1] = a[base + j]!;
      j--;
    }
    a[base + j + 1] = x;
  }
}

/** (buffer of `slot` - rr) mod NB: rr is a buffer or one past the last (0 <= rr <= NB), so one addition will do. */
function priority(slot: number, MB: number, rr: number, NB: number, entBuf: Int32Array): number {
  const d = entBuf[(slot / MB) | 0]! - rr;
  return d < 0 ? d + NB : d;
}

import type { TraceHop, TraceWorm } from './format.js';

/**
 * Does the worm hold this hop's buffer after cycle t? From the cycle its header entered (inclusive)
 * until the cycle its tail left on every branch (exclusive); a hop never freed is held to the end.
 */
export function holds(h: TraceHop, t: number): boolean {
  return h[2] <= t && (h[4] === -1 || t < h[4]);
}

/** Channel ids (with VC) each worm holds after cycle t, for the worms holding any. */
export function occupancy(worms: readonly TraceWorm[], t: number): Map<number, Array<[number, number]>> {
  const out = new Map<number, Array<[number, number]>>();
  for (const w of worms) {
    const held: Array<[number, number]> = [];
    for (const h of w.hops) if (holds(h, t)) held.push([h[0], h[1]]);
    if (held.length > 0) out.set(w.worm, held);
  }
  return out;
}

/** First and last cycle a worm holds anything (the last is -1 when it never ended). */
export function lifetime(w: TraceWorm): [number, number] {
  let a = Number.POSITIVE_INFINITY;
  let b = 0;
  for (const h of w.hops) {
    if (h[2] < a) a = h[2];
    if (h[4] === -1) b = -1;
    else if (b !== -1 && h[4] > b) b = h[4];
  }
  return [a === Number.POSITIVE_INFINITY ? 0 : a, b];
}

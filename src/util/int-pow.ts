/**
 * base^exp for small non-negative integers, as a small integer. V8 computes `**` in floating point
 * and keeps its result as a heap number: a network size computed with it (a fat tree's 4^n nodes)
 * made every index derived from it a double, down to the engine's branch slots (k * NB + b), which
 * its optimised code then converted back at each use.
 */
export function intPow(base: number, exp: number): number {
  let p = 1;
  for (let i = 0; i < exp; i++) p *= base;
  return p;
}

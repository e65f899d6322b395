/**
 * `a` copied into a new array of its kind of `length` elements, the rest `fill` (0 unless given):
 * a typed array grown.
 */
export function longer<T extends Int32Array | Uint8Array | Float64Array>(a: T, length: number, fill = 0): T {
  const g = new (a.constructor as new (n: number) => T)(length);
  if (fill !== 0) g.fill(fill);
  g.set(a);
  return g;
}

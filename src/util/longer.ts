/** `a` copied into a new array of its kind of `length` elements (the rest zero): a typed array grown. */
export function longer<T extends Int32Array | Uint8Array | Float64Array>(a: T, length: number): T {
  const g = new (a.constructor as new (n: number) => T)(length);
  g.set(a);
  return g;
}

/**
 * What a routing function or a multicast scheme needs of a network: topology kinds by name, when
 * it relies on their structure (coordinates of a 2-D mesh, the cycles of a CCC), or `any` when it
 * only needs unicast routes between end nodes (separate addressing, table routing), so a new
 * topology is covered without being listed.
 */
export type Fits = readonly string[] | 'any';

export function fitsKind(f: Fits, kind: string): boolean {
  return f === 'any' || f.includes(kind);
}

export function fitsText(f: Fits): string {
  return f === 'any' ? 'any network' : f.join(', ');
}

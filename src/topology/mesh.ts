import { KaryNcube } from './kary-ncube.js';

/** An n-dimensional mesh (no wrap-around channels): 'mesh:16x16', 'mesh:8x4', 'mesh:4x4x4'. */
export function mesh(dims: readonly number[]): KaryNcube {
  return new KaryNcube(
    'mesh',
    `mesh:${dims.join('x')}`,
    dims,
    dims.map(() => false),
  );
}

import { KaryNcube } from './kary-ncube.js';

/** An n-dimensional torus (wrap-around channels in every dimension): 'torus:10x10'. */
export function torus(dims: readonly number[]): KaryNcube {
  return new KaryNcube(
    'torus',
    `torus:${dims.join('x')}`,
    dims,
    dims.map(() => true),
  );
}

/** A k-ary n-cube with the wrap-around chosen per dimension: 'kary:8tx8x4t' (t = torus, m = mesh). */
export function karyNcube(dims: readonly number[], wrap: readonly boolean[]): KaryNcube {
  const spec = `kary:${dims.map((k, d) => `${k}${wrap[d] ? 't' : ''}`).join('x')}`;
  return new KaryNcube('kary', spec, dims, wrap);
}

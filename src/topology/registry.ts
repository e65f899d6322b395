import { McsimError } from '../util/errors.js';
import { Ccc } from './ccc.js';
import { mesh } from './mesh.js';
import type { Topology } from './topology.js';
import { karyNcube, torus } from './torus.js';

export interface TopologyDef {
  readonly name: string;
  readonly description: string;
  readonly example: string;
  parse(params: string): Topology;
}

function radices(params: string, form: string): number[] {
  const parts = params.split('x');
  if (parts.length === 0 || !parts.every((p) => /^\d+$/.test(p)))
    throw new McsimError(`"${params}" is not a list of sizes (write ${form})`);
  return parts.map(Number);
}

/** Every topology, registered in one place. */
export const TOPOLOGIES: readonly TopologyDef[] = [
  {
    name: 'mesh',
    description: 'n-dimensional mesh (any sizes, e.g. 16x16, 8x4, 4x4x4)',
    example: 'mesh:16x16',
    parse: (p) => mesh(radices(p, 'mesh:16x16')),
  },
  {
    name: 'torus',
    description: 'n-dimensional torus, wrap-around in every dimension',
    example: 'torus:10x10',
    parse: (p) => torus(radices(p, 'torus:10x10')),
  },
  {
    name: 'kary',
    description: 'k-ary n-cube, mesh or torus per dimension (suffix t = torus, m or nothing = mesh)',
    example: 'kary:8tx8x4t',
    parse(p) {
      const parts = p.split('x');
      if (!parts.every((x) => /^\d+[tm]?$/.test(x)))
        throw new McsimError(`"${p}" is not a list of sizes with optional t/m suffixes (write kary:8tx8x4t)`);
      return karyNcube(
        parts.map((x) => Number.parseInt(x, 10)),
        parts.map((x) => x.endsWith('t')),
      );
    },
  },
  {
    name: 'ccc',
    description: 'n-dimensional cube-connected cycles (004 Definition 1), n = 2..16',
    example: 'ccc:5',
    parse(p) {
      if (!/^\d+$/.test(p)) throw new McsimError(`"${p}" is not a dimension (write ccc:5)`);
      return new Ccc(Number(p));
    },
  },
];

export function topologyNames(): string[] {
  return TOPOLOGIES.map((t) => t.name);
}

/** Parses a topology spec such as 'mesh:16x16', 'torus:10x10', 'kary:8tx4', 'ccc:5'. */
export function parseTopology(spec: string): Topology {
  const s = String(spec).trim();
  const colon = s.indexOf(':');
  const kind = colon < 0 ? s : s.slice(0, colon);
  const def = TOPOLOGIES.find((t) => t.name === kind);
  if (!def || colon < 0)
    throw new McsimError(
      `unknown topology "${spec}" (allowed: ${TOPOLOGIES.map((t) => `${t.name} as in ${t.example}`).join(', ')})`,
    );
  try {
    return def.parse(s.slice(colon + 1));
  } catch (e) {
    if (e instanceof McsimError && !e.message.startsWith(kind))
      throw new McsimError(`topology "${spec}": ${e.message}`);
    throw e;
  }
}

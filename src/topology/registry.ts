import { McsimError } from '../util/errors.js';
import { Ccc } from './ccc.js';
import { parseFatTree } from './fattree.js';
import { parseIbaMesh } from './ibmesh.js';
import { mesh } from './mesh.js';
import type { Topology } from './topology.js';
import { karyNcube, torus } from './torus.js';

/**
 * A topology kind and everything it implies, in one place: the code elsewhere asks the entry
 * instead of testing the kind's name.
 */
export interface TopologyDef {
  readonly name: string;
  readonly description: string;
  readonly example: string;
  parse(params: string): Topology;
  /**
   * `direct`: a processor at every router, node ids name both. `switched`: end nodes attached to
   * ports of switches that carry no processor (002, 003).
   */
  readonly network: 'direct' | 'switched';
  /** The routing function used when the config says `auto`. */
  defaultRouting(topo: Topology): string;
  /** VCs per channel class when the config does not set them; classes not named get 2. */
  readonly defaultVcs: Readonly<Record<string, number>>;
  /** Node coordinates form a 2-D grid (`mcsim plan` draws small 2-D plans). */
  readonly grid: boolean;
}

function radices(params: string, form: string): number[] {
  const parts = params.split('x');
  if (parts.length === 0 || !parts.every((p) => /^\d+$/.test(p)))
    throw new McsimError(`"${params}" is not a list of sizes (write ${form})`);
  return parts.map(Number);
}

/** Dimension-order routing: xy on 2-D networks, dor on the others. */
function dorDefault(topo: Topology): string {
  return topo.dims.length === 2 ? 'xy' : 'dor';
}

/** Every topology, registered in one place. */
export const TOPOLOGIES: readonly TopologyDef[] = [
  {
    name: 'mesh',
    description: 'n-dimensional mesh (any sizes, e.g. 16x16, 8x4, 4x4x4)',
    example: 'mesh:16x16',
    parse: (p) => mesh(radices(p, 'mesh:16x16')),
    network: 'direct',
    defaultRouting: dorDefault,
    defaultVcs: {},
    grid: true,
  },
  {
    name: 'torus',
    description: 'n-dimensional torus, wrap-around in every dimension',
    example: 'torus:10x10',
    parse: (p) => torus(radices(p, 'torus:10x10')),
    network: 'direct',
    defaultRouting: dorDefault,
    defaultVcs: {},
    grid: true,
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
    network: 'direct',
    defaultRouting: dorDefault,
    defaultVcs: {},
    grid: true,
  },
  {
    name: 'ccc',
    description: 'n-dimensional cube-connected cycles (004 Definition 1), n = 2..16',
    example: 'ccc:5',
    parse(p) {
      if (!/^\d+$/.test(p)) throw new McsimError(`"${p}" is not a dimension (write ccc:5)`);
      return new Ccc(Number(p));
    },
    network: 'direct',
    defaultRouting: () => 'hc',
    // HC routing multiplexes h0/h1 (l0/l1) on cycle links and needs one VC on cube links (004 sec. 3).
    defaultVcs: { cycle: 2, hypercube: 1 },
    grid: false,
  },
  {
    name: 'fattree',
    description: '4-ary n-tree of 8-port switches, 4 down and 4 up ports, 4^n end nodes (002 sec. 7.2)',
    example: 'fattree:64',
    parse: parseFatTree,
    network: 'switched',
    defaultRouting: () => 'lca',
    // 002's switches have no virtual channels: one buffer per input port.
    defaultVcs: { down: 1, up: 1 },
    grid: false,
  },
  {
    name: 'ibmesh',
    description:
      'm x n mesh of InfiniBand switches, one host each on port 5; ports E=1 N=2 W=3 S=4 (003 sec. 3)',
    example: 'ibmesh:16x16',
    parse: parseIbaMesh,
    network: 'switched',
    defaultRouting: () => 'ib-xy',
    defaultVcs: { link: 1 },
    grid: false,
  },
];

/** The registry entry of a topology's kind. */
export function topologyDef(topo: Topology): TopologyDef {
  const def = TOPOLOGIES.find((t) => t.name === topo.kind);
  if (!def) throw new McsimError(`topology kind "${topo.kind}" is not registered`);
  return def;
}

/** VCs per channel class (indexed like `topo.channelClasses`) when the config does not set them. */
export function defaultVcs(topo: Topology): number[] {
  const d = topologyDef(topo).defaultVcs;
  return topo.channelClasses.map((c) => d[c] ?? 2);
}

/** The routing function a topology uses when none is named. */
export function defaultRouting(topo: Topology): string {
  return topologyDef(topo).defaultRouting(topo);
}

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

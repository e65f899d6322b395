export { Ccc } from './ccc.js';
export { KaryNcube } from './kary-ncube.js';
export { mesh } from './mesh.js';
export { parseTopology, TOPOLOGIES, type TopologyDef, topologyNames } from './registry.js';
export type { Topology } from './topology.js';
export { countChannels } from './topology.js';
export { karyNcube, torus } from './torus.js';

export type { Topology } from './topology.js';
export { countChannels } from './topology.js';
export { KaryNcube } from './kary-ncube.js';
export { Ccc } from './ccc.js';
export { mesh } from './mesh.js';
export { torus, karyNcube } from './torus.js';
export { TOPOLOGIES, parseTopology, topologyNames, type TopologyDef } from './registry.js';

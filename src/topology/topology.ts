/**
 * A network of `numSwitches` switches (routers) with up to `numPorts` output ports each, and
 * `numNodes` end nodes (processors, host adapters) attached to switch ports. Every port p of
 * switch r with a neighbour is one unidirectional physical channel to switch `neighbor(r, p)`; a
 * bidirectional link is two channels. A direct network (mesh, torus, CCC) has one end node per
 * switch, with the same id, on the switch's local port (-1); a switched network (fat tree, 002;
 * IbaMesh, 003) attaches end node n to port `nodePort(n)` of switch `nodeSwitch(n)`, a port that
 * has no neighbour. Node ids are dense integers 0..numNodes-1 and name end nodes on the CLI and in
 * results; switch ids are dense 0..numSwitches-1. Strings exist only at the edges.
 */
export interface Topology {
  /** Registry name of the topology kind: 'mesh' | 'torus' | 'kary' | 'ccc'. */
  readonly kind: string;
  /** Canonical spec string, parseable by the registry (e.g. 'mesh:16x16', 'ccc:5', 'kary:8tx4'). */
  readonly spec: string;
  /** End nodes (processors / host adapters). */
  readonly numNodes: number;
  /** Switches (routers); equals numNodes on direct networks. */
  readonly numSwitches: number;
  /** Number of network output ports of every router (some may have no channel, see neighbor). */
  readonly numPorts: number;
  /** Channel classes; the number of virtual channels is configured per class (004 sec. 3: cycle vs hypercube). */
  readonly channelClasses: readonly string[];
  /** Radix per dimension for k-ary n-cubes ([X, Y] for 2D); for CCC, [n]. */
  readonly dims: readonly number[];
  /** The switch end node n is attached to. */
  nodeSwitch(n: number): number;
  /** The port of that switch end node n is attached to; -1 for the local port of a direct network. */
  nodePort(n: number): number;
  /** Name of switch r in reports: the node's name on direct networks, e.g. 's1.3' on switched ones. */
  formatSwitch(r: number): string;
  /** The router reached through output port p of router r, or -1 when that port has no channel. */
  neighbor(r: number, p: number): number;
  /** Index into channelClasses of the channel on port p of router r. */
  portClass(r: number, p: number): number;
  /** Short name of port p, e.g. 'x+', 'y-', 'd2+', 'cyc+', 'cyc-', 'cube'. */
  portName(p: number): string;
  /** Coordinates of node n: [x, y] for 2D, [x0, x1, ...] for n-cubes, [i, w] for CCC. */
  coords(n: number): number[];
  /** Node id from coordinates (inverse of coords); -1 when out of range. */
  nodeAt(c: readonly number[]): number;
  /** 'x,y' for 2D, 'x0,x1,...' for n-cubes, 'i,w' with w in n-bit binary for CCC (e.g. '3,01010'). */
  formatNode(n: number): string;
  /** Inverse of formatNode; throws McsimError naming the value and the allowed range. */
  parseNode(s: string): number;
  /**
   * Level of switch r in a tree of switches (1 = leaves), for worms whose stops name a level rather
   * than an end node (002's bit-string worms); absent on topologies without levels.
   */
  switchLevel?(r: number): number;
  /** With `switchLevel`: does end node n sit in the subtree below switch r? */
  covers?(r: number, n: number): boolean;
}

/** Undirected edge count (for checks like 004 Definition 1: 3n*2^(n-1)). Parallel channels count separately. */
export function countChannels(t: Topology): number {
  let c = 0;
  for (let r = 0; r < t.numSwitches; r++) for (let p = 0; p < t.numPorts; p++) if (t.neighbor(r, p) >= 0) c++;
  return c;
}

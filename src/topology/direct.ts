import type { Topology } from './topology.js';

/**
 * The common part of direct networks: one processor at every router, so end node n sits at
 * router n on its local port, and switches are named like their nodes.
 */
export abstract class DirectTopology implements Topology {
  abstract readonly kind: string;
  abstract readonly spec: string;
  abstract readonly numNodes: number;
  abstract readonly numPorts: number;
  abstract readonly channelClasses: readonly string[];
  abstract readonly dims: readonly number[];
  abstract neighbor(r: number, p: number): number;
  abstract portClass(r: number, p: number): number;
  abstract portName(p: number): string;
  abstract coords(n: number): number[];
  abstract nodeAt(c: readonly number[]): number;
  abstract formatNode(n: number): string;
  abstract parseNode(s: string): number;

  get numSwitches(): number {
    return this.numNodes;
  }

  nodeSwitch(n: number): number {
    return n;
  }

  nodePort(_n: number): number {
    return -1;
  }

  formatSwitch(r: number): string {
    return this.formatNode(r);
  }
}

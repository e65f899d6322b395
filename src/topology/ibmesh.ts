import { McsimError } from '../util/errors.js';
import type { Topology } from './topology.js';

/** Switch ports of an IbaMesh as InfiniBand numbers them (003 sec. 3.2; port 0 is the management port). */
export const IB_EAST = 1;
export const IB_NORTH = 2;
export const IB_WEST = 3;
export const IB_SOUTH = 4;
/** The port of the host channel adapter (ours: 003 never numbers it; docs/algorithms/ib-mcast.md). */
export const IB_HOST = 5;
const NAMES = ['mgmt', 'E', 'N', 'W', 'S', 'host'];

/**
 * IbaMesh(m, n) of 003 sec. 3.1: an m x n mesh of InfiniBand switches, each with one host
 * adapter on its own port 5. Switch and host at (x, y) share the id x + m*y. East is +x, north +y.
 */
export class IbaMesh implements Topology {
  readonly kind = 'ibmesh';
  readonly spec: string;
  readonly numNodes: number;
  readonly numSwitches: number;
  /** Ports 0..5: management (no link), E, N, W, S, host. */
  readonly numPorts = 6;
  readonly channelClasses = ['link'] as const;
  readonly dims: readonly number[];

  constructor(
    readonly m: number,
    readonly n: number,
  ) {
    this.spec = `ibmesh:${m}x${n}`;
    this.numNodes = m * n;
    this.numSwitches = m * n;
    this.dims = [m, n];
  }

  neighbor(s: number, p: number): number {
    const x = s % this.m;
    const y = Math.floor(s / this.m);
    switch (p) {
      case IB_EAST:
        return x + 1 < this.m ? s + 1 : -1;
      case IB_NORTH:
        return y + 1 < this.n ? s + this.m : -1;
      case IB_WEST:
        return x > 0 ? s - 1 : -1;
      case IB_SOUTH:
        return y > 0 ? s - this.m : -1;
      default:
        return -1;
    }
  }

  portClass(_s: number, _p: number): number {
    return 0;
  }

  portName(p: number): string {
    return NAMES[p] ?? `p${p}`;
  }

  nodeSwitch(n: number): number {
    return n;
  }

  nodePort(_n: number): number {
    return IB_HOST;
  }

  formatSwitch(s: number): string {
    return `s${this.formatNode(s)}`;
  }

  coords(n: number): number[] {
    return [n % this.m, Math.floor(n / this.m)];
  }

  nodeAt(c: readonly number[]): number {
    const [x, y] = c;
    if (c.length !== 2 || !Number.isInteger(x) || !Number.isInteger(y)) return -1;
    if (x! < 0 || x! >= this.m || y! < 0 || y! >= this.n) return -1;
    return x! + this.m * y!;
  }

  formatNode(n: number): string {
    return this.coords(n).join(',');
  }

  parseNode(s: string): number {
    const parts = String(s)
      .split(',')
      .map((p) => p.trim());
    const n = parts.length === 2 && parts.every((p) => /^\d+$/.test(p)) ? this.nodeAt(parts.map(Number)) : -1;
    if (n < 0)
      throw new McsimError(
        `node "${s}" is outside ${this.spec} (write x,y with x in 0..${this.m - 1}, y in 0..${this.n - 1})`,
      );
    return n;
  }
}

/** `ibmesh:16x16`. */
export function parseIbaMesh(params: string): IbaMesh {
  const m = /^(\d+)x(\d+)$/.exec(params.trim());
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1 || Number(m[1]) * Number(m[2]) < 2)
    throw new McsimError(`ibmesh:${params}: write ibmesh:MxN with M, N >= 1 and at least 2 switches`);
  return new IbaMesh(Number(m[1]), Number(m[2]));
}

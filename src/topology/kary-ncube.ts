import { McsimError } from '../util/errors.js';
import { DirectTopology } from './direct.js';

/**
 * The k-ary n-cube in general: `dims[d]` nodes along dimension d, each dimension a mesh (no
 * wrap-around) or a torus (`wrap[d]`). Node id = x0 + k0 * (x1 + k1 * (x2 + ...)), dimension 0
 * fastest. Port 2d goes to the + neighbour in dimension d, port 2d+1 to the - neighbour; ports are
 * named x+/x-/y+/y- on 2D networks and d0+/d0-/d1+... otherwise. One channel class, 'link'.
 */
export class KaryNcube extends DirectTopology {
  readonly numNodes: number;
  readonly numPorts: number;
  readonly channelClasses = ['link'] as const;
  private readonly strides: number[];

  constructor(
    readonly kind: string,
    readonly spec: string,
    readonly dims: readonly number[],
    readonly wrap: readonly boolean[],
  ) {
    super();
    if (dims.length === 0) throw new McsimError(`${spec}: needs at least one dimension`);
    for (const k of dims)
      if (!Number.isInteger(k) || k < 1)
        throw new McsimError(`${spec}: every dimension needs a whole number of nodes >= 1`);
    this.strides = [];
    let n = 1;
    for (const k of dims) {
      this.strides.push(n);
      n *= k;
    }
    if (n < 2) throw new McsimError(`${spec}: a network needs at least 2 nodes`);
    if (n > 1 << 22) throw new McsimError(`${spec}: ${n} nodes is more than mcsim supports (${1 << 22})`);
    this.numNodes = n;
    this.numPorts = 2 * dims.length;
  }

  private coord(n: number, d: number): number {
    return Math.floor(n / this.strides[d]!) % this.dims[d]!;
  }

  neighbor(r: number, p: number): number {
    const d = p >> 1;
    const k = this.dims[d]!;
    if (d >= this.dims.length || k === 1) return -1;
    const x = this.coord(r, d);
    const plus = (p & 1) === 0;
    let nx = plus ? x + 1 : x - 1;
    if (nx < 0 || nx >= k) {
      if (!this.wrap[d]) return -1;
      nx = (nx + k) % k;
    }
    return r + (nx - x) * this.strides[d]!;
  }

  portClass(): number {
    return 0;
  }

  portName(p: number): string {
    const d = p >> 1;
    const sign = (p & 1) === 0 ? '+' : '-';
    return this.dims.length === 2 ? `${'xy'[d]}${sign}` : `d${d}${sign}`;
  }

  coords(n: number): number[] {
    return this.dims.map((_, d) => this.coord(n, d));
  }

  nodeAt(c: readonly number[]): number {
    if (c.length !== this.dims.length) return -1;
    let n = 0;
    for (let d = 0; d < this.dims.length; d++) {
      const x = c[d]!;
      if (!Number.isInteger(x) || x < 0 || x >= this.dims[d]!) return -1;
      n += x * this.strides[d]!;
    }
    return n;
  }

  formatNode(n: number): string {
    return this.coords(n).join(',');
  }

  parseNode(s: string): number {
    const parts = String(s)
      .split(',')
      .map((p) => p.trim());
    const ok = parts.length === this.dims.length && parts.every((p) => /^\d+$/.test(p));
    const n = ok ? this.nodeAt(parts.map(Number)) : -1;
    if (n < 0) {
      const names = this.dims.length === 2 ? ['x', 'y'] : this.dims.map((_, d) => `x${d}`);
      const ranges = this.dims.map((k, d) => `${names[d]} in 0..${k - 1}`).join(', ');
      throw new McsimError(`node "${s}" is outside ${this.spec} (write ${names.join(',')} with ${ranges})`);
    }
    return n;
  }
}

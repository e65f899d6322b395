import { McsimError } from '../util/errors.js';
import { intPow } from '../util/int-pow.js';
import { DirectTopology } from './direct.js';

/**
 * The n-dimensional cube-connected cycle (004 Definition 1): n * 2^n nodes (i, w), 0 <= i < n,
 * w an n-bit cycle address; (i, w) ~ (i', w) when i - i' = +-1 mod n (cycle edges) and
 * (i, w) ~ (i, w xor 2^i) (hypercube edges). Node id = w * n + i.
 * Ports: 0 'cyc+' to (i+1 mod n, w), 1 'cyc-' to (i-1 mod n, w), 2 'cube' to (i, w xor 2^i).
 * For n = 2 the two cycle ports of a node reach the same neighbour over two parallel channels,
 * which keeps the edge count 3n * 2^(n-1) of Definition 1.
 */
export class Ccc extends DirectTopology {
  readonly kind = 'ccc';
  readonly spec: string;
  readonly numNodes: number;
  readonly numPorts = 3;
  readonly channelClasses = ['cycle', 'hypercube'] as const;
  readonly dims: readonly number[];

  constructor(readonly n: number) {
    super();
    if (!Number.isInteger(n) || n < 2 || n > 16)
      throw new McsimError(`ccc:${n}: the dimension must be 2..16`);
    this.spec = `ccc:${n}`;
    this.numNodes = n * intPow(2, n);
    this.dims = [n];
  }

  neighbor(r: number, p: number): number {
    const n = this.n;
    const i = r % n;
    const w = (r - i) / n;
    if (p === 0) return w * n + ((i + 1) % n);
    if (p === 1) return w * n + ((i + n - 1) % n);
    if (p === 2) return (w ^ (1 << i)) * n + i;
    return -1;
  }

  portClass(_r: number, p: number): number {
    return p === 2 ? 1 : 0;
  }

  portName(p: number): string {
    return ['cyc+', 'cyc-', 'cube'][p] ?? `p${p}`;
  }

  coords(node: number): number[] {
    const i = node % this.n;
    return [i, (node - i) / this.n];
  }

  nodeAt(c: readonly number[]): number {
    const [i, w] = c as [number, number];
    if (!Number.isInteger(i) || !Number.isInteger(w) || i < 0 || i >= this.n || w < 0 || w >= 2 ** this.n)
      return -1;
    return w * this.n + i;
  }

  formatNode(node: number): string {
    const [i, w] = this.coords(node) as [number, number];
    return `${i},${w.toString(2).padStart(this.n, '0')}`;
  }

  parseNode(s: string): number {
    const m = /^\s*(\d+)\s*,\s*([01]+)\s*$/.exec(String(s));
    if (m && m[2]!.length === this.n) {
      const node = this.nodeAt([Number(m[1]), Number.parseInt(m[2]!, 2)]);
      if (node >= 0) return node;
    }
    throw new McsimError(
      `node "${s}" is outside ${this.spec} (write i,w with i in 0..${this.n - 1} and w ${this.n} binary digits, e.g. ${this.formatNode(this.numNodes - 1)})`,
    );
  }
}

import { McsimError } from '../util/errors.js';
import { intPow } from '../util/int-pow.js';
import type { Topology } from './topology.js';

/** Children (down ports) and parents (up ports) of every switch: 8-port switches (002 sec. 7.1). */
export const K = 4;
/** Ports 0..K-1 lead down (toward processors), K..2K-1 up (our numbering, docs/switched-networks.md). */
export const UP = K;

/**
 * A 4-ary n-tree of 8-port switches (002 sec. 7.1-7.2; Petrini & Vanneschi's k-ary n-tree), with
 * our reading of its wiring (docs/switched-networks.md, "Topologies"). N = 4^n processors; n levels
 * of N/4 switches, level 1 (leaves) .. n (top). Switch S(l, j) has global id (l-1)*N/4 + j and is
 * written `s<l>.<j>`; j = b*4^(l-1) + r with block b (its subtree covers processors [b*4^l,
 * (b+1)*4^l)) and replica r. Processor p sits on down port p mod 4 of leaf switch S(1, floor(p/4)).
 * Up port 4+u of S(l, b*4^(l-1) + r) (l < n) links to S(l+1, floor(b/4)*4^l + r + u*4^(l-1)) at its
 * down port b mod 4; the top level's up ports are unconnected.
 */
export class FatTree implements Topology {
  readonly kind = 'fattree';
  readonly spec: string;
  readonly numNodes: number;
  readonly numSwitches: number;
  readonly numPorts = 2 * K;
  readonly channelClasses = ['down', 'up'] as const;
  readonly dims: readonly number[];
  /** Levels of switches (n). */
  readonly levels: number;
  /** Switches per level (N/4). */
  readonly perLevel: number;
  /** pow[i] = 4^i. */
  private readonly pow: number[];

  constructor(readonly n: number) {
    this.levels = n;
    this.numNodes = intPow(K, n);
    this.perLevel = intPow(K, n - 1);
    this.numSwitches = n * this.perLevel;
    this.spec = `fattree:${this.numNodes}`;
    this.dims = [this.numNodes];
    this.pow = Array.from({ length: n + 1 }, (_, i) => intPow(K, i));
  }

  /** Level (1..n) of switch g. */
  level(g: number): number {
    return Math.floor(g / this.perLevel) + 1;
  }

  switchLevel(g: number): number {
    return this.level(g);
  }

  covers(g: number, n: number): boolean {
    const base = this.subtreeBase(g);
    return n >= base && n < base + this.pow[this.level(g)]!;
  }

  /** Switch g's index j within its level. */
  index(g: number): number {
    return g % this.perLevel;
  }

  /** First processor of the subtree under switch g (its block times 4^level). */
  subtreeBase(g: number): number {
    const l = this.level(g);
    return Math.floor(this.index(g) / this.pow[l - 1]!) * this.pow[l]!;
  }

  neighbor(g: number, p: number): number {
    const l = this.level(g);
    const j = this.index(g);
    const q = this.pow[l - 1]!;
    if (p < UP) {
      if (l === 1) return -1; // a processor's port, not a switch link
      const B = Math.floor(j / q);
      const r2 = j % q;
      const qq = this.pow[l - 2]!;
      return (l - 2) * this.perLevel + (K * B + p) * qq + (r2 % qq);
    }
    if (l === this.levels || p >= 2 * K) return -1;
    const b = Math.floor(j / q);
    const r = j % q;
    const u = p - UP;
    return l * this.perLevel + Math.floor(b / K) * this.pow[l]! + r + u * q;
  }

  portClass(_g: number, p: number): number {
    return p < UP ? 0 : 1;
  }

  portName(p: number): string {
    return p < UP ? `down${p}` : `up${p - UP}`;
  }

  nodeSwitch(n: number): number {
    return Math.floor(n / K);
  }

  nodePort(n: number): number {
    return n % K;
  }

  formatSwitch(g: number): string {
    return `s${this.level(g)}.${this.index(g)}`;
  }

  coords(n: number): number[] {
    return [n];
  }

  nodeAt(c: readonly number[]): number {
    const n = c[0]!;
    return c.length === 1 && Number.isInteger(n) && n >= 0 && n < this.numNodes ? n : -1;
  }

  formatNode(n: number): string {
    return String(n);
  }

  parseNode(s: string): number {
    const t = String(s).trim();
    const n = /^\d+$/.test(t) ? this.nodeAt([Number(t)]) : -1;
    if (n < 0) throw new McsimError(`node "${s}" is outside ${this.spec} (write 0..${this.numNodes - 1})`);
    return n;
  }

  /** LCA level of processors a and b: the smallest l >= 1 with floor(a/4^l) = floor(b/4^l) (002 sec. 3.3). */
  lcaLevel(a: number, b: number): number {
    let l = 1;
    while (Math.floor(a / this.pow[l]!) !== Math.floor(b / this.pow[l]!)) l++;
    return l;
  }
}

/** `fattree:16`, `fattree:64` or `fattree:4^3`: N = 4^n processors, 2 <= n <= 6. */
export function parseFatTree(params: string): FatTree {
  const p = params.trim();
  const m = /^4\^(\d+)$/.exec(p);
  const N = m ? K ** Number(m[1]) : /^\d+$/.test(p) ? Number(p) : Number.NaN;
  let n = 0;
  while (K ** n < N) n++;
  if (!Number.isInteger(N) || K ** n !== N || n < 2 || n > 6)
    throw new McsimError(
      `fattree:${params}: a 4-ary n-tree of 8-port switches has 4^n nodes, n = 2..6 (16, 64, 256, 1024, 4096; 002 simulates 16 and 64)`,
    );
  return new FatTree(n);
}

import { FatTree, K, UP } from '../topology/fattree.js';
import type { Topology } from '../topology/topology.js';
import { McsimError } from '../util/errors.js';
import { intPow } from '../util/int-pow.js';

/**
 * Bit-string headers and reachability strings (002 sec. 3.2). A header is N bits, bit i set when
 * processor i is a destination; every output port of a switch holds an N-bit reachability string
 * of the processors reachable through it, set up when the network is built. A switch forwards a
 * worm to every port whose reachability string has a 1 in common with the header (a bit-wise AND).
 * Bit sets are Uint32Array words, bit i in word i >> 5; text form: character i is processor i.
 */

/** Flit size of 002 sec. 7.1 (2-byte flits), in bits. */
export const FLIT_BITS = 16;

/** Header flits of an N-bit bit string in `flitBits`-bit flits (N = 16: 1 flit, N = 64: 4). */
export function headerFlits(numNodes: number, flitBits = FLIT_BITS): number {
  return Math.ceil(numNodes / flitBits);
}

/** A bit set of N bits with the given members. */
export function bitSet(numNodes: number, members: readonly number[]): Uint32Array {
  const w = new Uint32Array(Math.ceil(numNodes / 32));
  for (const m of members) w[m >>> 5]! |= 1 << (m & 31);
  return w;
}

/** Text form of a bit set: character i is '1' when i is a member. */
export function bitText(bits: Uint32Array, numNodes: number): string {
  let s = '';
  for (let i = 0; i < numNodes; i++) s += (bits[i >>> 5]! >>> (i & 31)) & 1 ? '1' : '0';
  return s;
}

/** Do two bit sets share a member (the switch's AND test, 002 sec. 3.2)? */
export function meets(a: Uint32Array, b: Uint32Array): boolean {
  for (let i = 0; i < a.length; i++) if ((a[i]! & b[i]!) !== 0) return true;
  return false;
}

/** The N-bit header of destination set D (002 sec. 3.2); the source's bit stays 0. */
export function bitString(numNodes: number, dests: readonly number[]): string {
  return bitText(bitSet(numNodes, dests), numNodes);
}

/**
 * Reachability strings of every output port of every switch of a fat tree, computed once per
 * network: down port c of S(l, b*4^(l-1) + r) reaches [(4b+c)*4^(l-1), (4b+c+1)*4^(l-1)); an up port
 * reaches the complement of the switch's subtree (our reading, docs/algorithms/bitstring.md; LCA
 * routing decodes only down ports). Indexed [switch * 8 + port].
 */
export class Reachability {
  private readonly strings: Uint32Array[];

  constructor(readonly topo: FatTree) {
    const N = topo.numNodes;
    this.strings = [];
    for (let g = 0; g < topo.numSwitches; g++) {
      const l = topo.level(g);
      const base = topo.subtreeBase(g);
      const span = intPow(K, l - 1);
      for (let p = 0; p < topo.numPorts; p++) {
        const members: number[] = [];
        if (p < UP) for (let i = 0; i < span; i++) members.push(base + p * span + i);
        else if (topo.neighbor(g, p) >= 0)
          for (let i = 0; i < N; i++) if (i < base || i >= base + K * span) members.push(i);
        this.strings.push(bitSet(N, members));
      }
    }
  }

  /** The reachability bit set of port p of switch g. */
  of(g: number, p: number): Uint32Array {
    return this.strings[g * this.topo.numPorts + p]!;
  }

  /** Its text form. */
  text(g: number, p: number): string {
    return bitText(this.of(g, p), this.topo.numNodes);
  }

  /** Down ports of switch g a worm with header H is replicated to, ascending. */
  downPorts(g: number, header: Uint32Array): number[] {
    const out: number[] = [];
    for (let c = 0; c < UP; c++) if (meets(this.of(g, c), header)) out.push(c);
    return out;
  }
}

const cache = new WeakMap<FatTree, Reachability>();

/** The reachability strings of a fat tree (built once per topology object). */
export function reachability(topo: Topology): Reachability {
  if (!(topo instanceof FatTree))
    throw new McsimError(`bit-string headers need a fat tree (002 sec. 3.2), got ${topo.spec}`);
  let r = cache.get(topo);
  if (!r) cache.set(topo, (r = new Reachability(topo)));
  return r;
}

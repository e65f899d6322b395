import type { IbaMesh } from '../topology/ibmesh.js';
import { McsimError } from '../util/errors.js';
import { Rng } from '../util/rng.js';
import { hostLid } from './subnet.js';

/**
 * The workloads of 003 sec. 4 (docs/experiments/infiniband.md, "Setup and readings"): one-source,
 * multi-source (40% of the nodes) and all-source multicast to one group of 40% or 100% of the
 * nodes. Every source sends one message at t = 0. Sources and group depend only on the seed (and
 * the mesh), so the unicast and multicast runs of a seed see the same ones.
 */
export interface IbCollectiveSpec {
  /** 'one', or the fraction of the nodes that are sources (0.4: multi-source, 1: all-source). */
  sources: 'one' | number;
  /** Fraction of the nodes in the group (0.4 or 1). */
  groupFraction: number;
  /** Order of a source's unicasts through its host link (ours: docs/algorithms/ib-mcast.md). */
  order: UnicastOrder;
}

export type UnicastOrder = 'ascending' | 'rotated' | 'random';
export const UNICAST_ORDERS: readonly UnicastOrder[] = ['ascending', 'rotated', 'random'];

export interface IbCollective {
  /** Sources, ascending. */
  sources: number[];
  /** The group, ascending (it may hold sources). */
  group: number[];
  /** Destinations of each source (the group without it), in the order its unicasts leave. */
  dests: number[][];
}

/**
 * Whether drawCollective draws anything at random for this spec: not when every node is a source,
 * the group is every node and the unicasts leave in a fixed order (003's Figs. 25-27). Then every
 * seed gives the same collective, so one seed gives the exact result.
 */
export function drawsAtRandom(spec: IbCollectiveSpec): boolean {
  return !(spec.sources !== 'one' && spec.sources >= 1 && spec.groupFraction >= 1 && spec.order !== 'random');
}

/** round(x) = floor(x + 0.5): 40% of 256 nodes is 102 (our reading of "40%"). */
export function roundHalfUp(x: number): number {
  return Math.floor(x + 0.5);
}

/**
 * Draws a workload: one source uniformly at random with a group of round(f * N) of the other nodes
 * (all others at 100%); or round(s * N) distinct sources (all nodes at 100%) with one group of
 * round(f * N) nodes drawn from all of them. Stream 0 of the seed draws sources and group, stream 1
 * the random unicast orders.
 */
export function drawCollective(t: IbaMesh, spec: IbCollectiveSpec, seed: number): IbCollective {
  const N = t.numNodes;
  const f = spec.groupFraction;
  if (!(f > 0 && f <= 1)) throw new McsimError(`must be in (0, 1], got ${f}`, 'workload.groupFraction');
  const rng = new Rng(seed, 0);
  let sources: number[];
  let group: number[];
  if (spec.sources === 'one') {
    const s = rng.int(N);
    sources = [s];
    const k = Math.min(N - 1, roundHalfUp(f * N));
    group = f >= 1 ? all(N).filter((v) => v !== s) : rng.sample(N, k, s);
  } else {
    const fs = spec.sources;
    if (!(fs > 0 && fs <= 1))
      throw new McsimError(`must be 'one' or in (0, 1], got ${fs}`, 'workload.sources');
    sources = fs >= 1 ? all(N) : rng.sample(N, Math.max(1, roundHalfUp(fs * N)));
    group = f >= 1 ? all(N) : rng.sample(N, Math.max(1, roundHalfUp(f * N)));
  }
  sources.sort((a, b) => a - b);
  group.sort((a, b) => a - b);
  const orderRng = new Rng(seed, 1);
  // The group in LID order once: each source's sort of it then finds it sorted (one pass).
  const byLid = [...group].sort((a, b) => hostLid(t, a) - hostLid(t, b));
  const dests = sources.map((s) => unicastOrder(t, s, byLid, spec.order, orderRng));
  return { sources, group, dests };
}

function all(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

/**
 * The order in which source s sends its unicasts to the group (without s): ascending destination
 * LID (the default), `rotated` (ascending, starting after s's own LID and wrapping), or `random`.
 */
export function unicastOrder(
  t: IbaMesh,
  s: number,
  group: readonly number[],
  order: UnicastOrder,
  rng: Rng,
): number[] {
  const d = group.filter((v) => v !== s).sort((a, b) => hostLid(t, a) - hostLid(t, b));
  if (order === 'ascending') return d;
  if (order === 'rotated') {
    const own = hostLid(t, s);
    const i = d.findIndex((v) => hostLid(t, v) > own);
    return i <= 0 ? d : [...d.slice(i), ...d.slice(0, i)];
  }
  for (let i = d.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const x = d[i]!;
    d[i] = d[j]!;
    d[j] = x;
  }
  return d;
}

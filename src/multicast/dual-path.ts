import type { WormSpec } from '../plan/worm.js';
import type { Topology } from '../topology/topology.js';
import { check2dMesh, snakeLabel } from './mesh2d.js';
import { type MulticastPlan, type PlanContext, type PlannerDef, pathWorm } from './plan.js';

/**
 * Dual-path and multi-path multicast (Lin, McKinley & Ni, [7] of 000). Destinations with a higher
 * snake label than the source go in one path worm in increasing label order (high-channel
 * subnetwork), those with a lower label in another in decreasing order (low-channel subnetwork);
 * worms follow the label-monotone 'hamiltonian' routing, not the base XY routing. At most 2 worms.
 */
export const dualPath: PlannerDef = {
  name: 'dual-path',
  description: 'dual-path: two path worms along the snake Hamiltonian path (high and low channels)',
  topologies: ['mesh'],
  check: check2dMesh,
  routingFor: () => 'hamiltonian',
  plan: (ctx, source, dests) => labelPlan('dual-path', ctx, source, dests, false),
};

/**
 * Multi-path: the high and low sets are each split once more by the source's column (destinations
 * with x below the source's and the others), so that up to four worms leave the source through
 * different neighbours. At most 4 worms.
 */
export const multiPath: PlannerDef = {
  name: 'multi-path',
  description: 'multi-path: up to four path worms, the dual-path sets split by the source column',
  topologies: ['mesh'],
  check: check2dMesh,
  routingFor: () => 'hamiltonian',
  plan: (ctx, source, dests) => labelPlan('multi-path', ctx, source, dests, true),
};

function labelPlan(
  algorithm: string,
  ctx: PlanContext,
  source: number,
  dests: readonly number[],
  split: boolean,
): MulticastPlan {
  const topo = ctx.topology;
  const ls = snakeLabel(topo, source);
  const high = dests
    .filter((d) => snakeLabel(topo, d) > ls)
    .sort((a, b) => snakeLabel(topo, a) - snakeLabel(topo, b));
  const low = dests
    .filter((d) => snakeLabel(topo, d) < ls)
    .sort((a, b) => snakeLabel(topo, b) - snakeLabel(topo, a));
  const groups = split
    ? [...splitByColumn(topo, source, high), ...splitByColumn(topo, source, low)]
    : [high, low];
  const worms: WormSpec[] = groups
    .filter((g) => g.length > 0)
    .map((g) => pathWorm(source, g, ctx.length, 'hamiltonian'));
  return {
    algorithm,
    source,
    destinations: [...dests],
    worms,
    phase: new Map(worms.map((w) => [w, 1])),
    routing: 'hamiltonian',
  };
}

function splitByColumn(topo: Topology, source: number, list: number[]): [number[], number[]] {
  const sx = topo.coords(source)[0]!;
  return [list.filter((d) => topo.coords(d)[0]! < sx), list.filter((d) => topo.coords(d)[0]! >= sx)];
}

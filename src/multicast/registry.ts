import { fitsKind, fitsText } from '../topology/fits.js';
import type { Topology } from '../topology/topology.js';
import { McsimError } from '../util/errors.js';
import { bitstring } from './bitstring.js';
import { columnPath } from './column-path.js';
import { dualPath, multiPath } from './dual-path.js';
import { multipathHcm } from './multipath-hcm.js';
import type { PlannerDef } from './plan.js';
import { separate } from './separate.js';
import { t2w } from './t2w.js';
import { t2wShortest } from './t2w-shortest.js';
import { tasnem } from './tasnem.js';
import { uniform } from './torus-uniform.js';
import { tpm } from './tpm.js';
import { uccc } from './uccc.js';
import { umesh } from './umesh.js';
import { umin } from './umin.js';

/** Every multicast scheme, registered in one place. */
export const PLANNERS: PlannerDef[] = [
  separate,
  umesh,
  dualPath,
  multiPath,
  columnPath,
  tpm,
  uccc,
  tasnem,
  t2w,
  t2wShortest,
  uniform,
  multipathHcm,
  bitstring,
  umin,
];

/** Adds a scheme (used by modules of other papers, e.g. U-CCC). */
export function registerPlanner(def: PlannerDef): void {
  if (PLANNERS.some((p) => p.name === def.name)) return;
  PLANNERS.push(def);
}

/**
 * The scheme named `name`, checked against the topology; McsimError naming the valid ones otherwise
 * (callers name the field it came from: `--algorithm`, `workload.algorithm`, ...).
 */
export function plannerFor(name: string, topo: Topology): PlannerDef {
  const def = PLANNERS.find((p) => p.name === name);
  if (!def)
    throw new McsimError(
      `unknown multicast algorithm "${name}" (allowed: ${PLANNERS.map((p) => p.name).join(', ')})`,
    );
  const fits = fitsKind(def.topologies, topo.kind) ? def.check?.(topo) : `fits ${fitsText(def.topologies)}`;
  if (fits) throw new McsimError(`algorithm "${name}" does not fit topology ${topo.spec} (${fits})`);
  return def;
}

/** Checks a destination set: nodes exist, no duplicates, the source not among them, at least one. */
export function validateDestinations(topo: Topology, source: number, dests: readonly number[]): void {
  if (dests.length === 0) throw new McsimError('needs at least one destination', 'dests');
  const seen = new Set<number>();
  for (const d of dests) {
    if (!Number.isInteger(d) || d < 0 || d >= topo.numNodes)
      throw new McsimError(`node ${d} is outside ${topo.spec}`, 'dests');
    if (d === source)
      throw new McsimError(`the source ${topo.formatNode(source)} is among the destinations`, 'dests');
    if (seen.has(d)) throw new McsimError(`destination ${topo.formatNode(d)} is listed twice`, 'dests');
    seen.add(d);
  }
}

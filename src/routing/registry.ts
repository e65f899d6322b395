import { fitsKind, fitsText } from '../topology/fits.js';
import { defaultRouting } from '../topology/registry.js';
import type { Topology } from '../topology/topology.js';
import { McsimError } from '../util/errors.js';
import { dorRouting, ecubeRouting, xyRouting, yxRouting } from './dor.js';
import { hamiltonianRouting } from './hamiltonian.js';
import { hcRouting } from './hc.js';
import { ibXyRouting } from './ib-xy.js';
import { lcaDigitRouting, lcaRouting } from './lca.js';
import type { RoutingDef, RoutingFunction } from './routing.js';
import { tableRouting } from './table.js';
import { tasnemDownRouting, tasnemUpRouting } from './tasnem.js';
import { torusHcHighRouting, torusHcLowRouting } from './torus-hc.js';
import { xyMinusRouting, xyPlusRouting } from './xy-plus.js';

/** Every routing function, registered in one place. */
export const ROUTINGS: readonly RoutingDef[] = [
  xyRouting,
  yxRouting,
  dorRouting,
  ecubeRouting,
  hcRouting,
  hamiltonianRouting,
  tableRouting,
  tasnemUpRouting,
  tasnemDownRouting,
  xyPlusRouting,
  xyMinusRouting,
  torusHcHighRouting,
  torusHcLowRouting,
  lcaRouting,
  lcaDigitRouting,
  ibXyRouting,
];

export function routingsFor(topo: Topology): RoutingDef[] {
  return ROUTINGS.filter(
    (r) =>
      fitsKind(r.topologies, topo.kind) &&
      !r.check?.(
        topo,
        topo.channelClasses.map(() => 2),
      ),
  );
}

/** The topology's default routing, as its registry entry states it (xy on 2-D, dor on n-D, hc on CCCs). */
export function defaultRoutingName(topo: Topology): string {
  return defaultRouting(topo);
}

/**
 * Builds a routing function; McsimError for an unknown name, a topology it does not fit, or too few
 * VCs. `label` names the routing in those messages as the user chose it (e.g. `routing "auto" (xy)`).
 */
export function buildRouting(
  topo: Topology,
  name: string,
  vcsPerClass: readonly number[],
  options: Record<string, unknown> = {},
  label = `routing "${name}"`,
): RoutingFunction {
  const def = ROUTINGS.find((r) => r.name === name);
  if (!def)
    throw new McsimError(`unknown routing "${name}" (allowed: ${ROUTINGS.map((r) => r.name).join(', ')})`);
  if (!fitsKind(def.topologies, topo.kind))
    throw new McsimError(
      `${label} does not fit topology ${topo.spec} (${name} fits: ${fitsText(def.topologies)})`,
    );
  const why = def.check?.(topo, vcsPerClass);
  if (why) throw new McsimError(`${label} does not fit ${topo.spec}: ${why}`);
  const resolve = (other: string) => buildRouting(topo, other, vcsPerClass);
  return def.build(topo, vcsPerClass, { ...options, resolve });
}

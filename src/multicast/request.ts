import type { Topology } from '../topology/topology.js';
import { McsimError, withField } from '../util/errors.js';
import type { PlannerDef } from './plan.js';
import { plannerFor, validateDestinations } from './registry.js';

/** One multicast asked for: its scheme, source and destinations (node ids or numbers). */
export interface MulticastRequest {
  algorithm: string;
  source: string | number;
  /** Destination ids or numbers (a string: ids separated by spaces). */
  dests: string | ReadonlyArray<string | number>;
}

/**
 * The scheme, source and destinations of a multicast on `topo`, checked (the scheme fits the
 * topology; the destinations are distinct nodes other than the source). Errors name the request
 * field, or the name `fields` gives it (the CLI's options).
 */
export function readMulticast(
  topo: Topology,
  req: MulticastRequest,
  fields: Partial<Record<keyof MulticastRequest, string>> = {},
): { def: PlannerDef; source: number; dests: number[] } {
  const f = (k: keyof MulticastRequest) => fields[k] ?? k;
  const def = withField(f('algorithm'), () => plannerFor(req.algorithm, topo));
  const node = (v: string | number) => (typeof v === 'number' ? v : topo.parseNode(v));
  const source = withField(f('source'), () => node(req.source));
  const given =
    typeof req.dests === 'string' ? req.dests.trim().split(/\s+/).filter(Boolean) : [...req.dests];
  if (given.length === 0) throw new McsimError('needs at least one destination', f('dests'));
  const dests = given.map((d) => withField(f('dests'), () => node(d)));
  try {
    validateDestinations(topo, source, dests);
  } catch (e) {
    if (e instanceof McsimError) throw new McsimError(e.message.replace(/^dests: /, ''), f('dests'));
    throw e;
  }
  return { def, source, dests };
}

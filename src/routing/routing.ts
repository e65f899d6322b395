import type { Fits } from '../topology/fits.js';
import type { Topology } from '../topology/topology.js';

/** Output port value meaning "deliver to the local processor" (a consumption channel). */
export const EJECT = 255;

/**
 * A routing decision is packed into one integer so the engine's hot path allocates nothing:
 * low 8 bits = output port (EJECT when the current node is the destination),
 * bits 8..31 = bitmask of the virtual channels allowed on that port (bit v = VC v).
 * Like BookSim, routing returns candidates (port + VC range); the VC allocator chooses among them.
 */
export function packRoute(port: number, vcMask: number): number {
  return ((vcMask << 8) | (port & 0xff)) >>> 0;
}
export function routePort(packed: number): number {
  return packed & 0xff;
}
export function routeVcMask(packed: number): number {
  return packed >>> 8;
}

/** A routing function bound to one topology and VC configuration. Pure: same inputs, same output. */
export interface RoutingFunction {
  readonly name: string;
  /**
   * Next hop of a worm at router `cur` heading to `dest`.
   * `legSrc` is where the current leg began (the worm's source, or the last header stop it passed),
   * `prevPort` is the output port the worm used to reach `cur` (-1 at its first router).
   * `wormSrc` is the node that started the worm (for routings whose rule or dateline class depends on
   * the whole worm, not the current leg, e.g. TASNEM's worm frame, 001 sec. 3.3); callers that
   * trace a single leg may omit it, and routing functions that do not need it ignore it.
   */
  route(cur: number, dest: number, legSrc: number, prevPort: number, wormSrc?: number): number;
  /**
   * Adaptive routing: the output ports (a bit mask) the worm may take instead of `route`'s port,
   * all with the same VC set; 0 when there is no choice. The engine picks one when the header asks
   * for an output (engine/adaptive.ts), from the state at the start of that cycle; `route`'s port
   * is what static tracing (`mcsim route`, `mcsim plan`) shows.
   */
  alternatives?(cur: number, dest: number): number;
  /** Name of VC `vc` on port `port` of router `cur` for reports, e.g. 'h0', 'l1', 'dateline-1', 'vc0'. */
  vcName(cur: number, port: number, vc: number): string;
}

/** Registry entry for a routing function (one module each, registered in routing/registry.ts). */
export interface RoutingDef {
  readonly name: string;
  readonly description: string;
  /** Topology kinds it fits (e.g. ['mesh'] for xy), or `any` network. */
  readonly topologies: Fits;
  /**
   * Further checks once topology and VC counts are known (e.g. a torus needs >= 2 VCs for dateline
   * classes; HC routing needs 2 VCs on cycle channels). Returns a reason when it does not fit.
   */
  check?(topo: Topology, vcsPerClass: readonly number[]): string | undefined;
  /**
   * The scheme whose worms this routing follows, when it routes only those (it cannot take an
   * arbitrary pair, e.g. TASNEM's tree routing needs a target ahead in the worm's frame): it is
   * then refused as a network's routing, and tested through that scheme's plans.
   */
  readonly wormsOf?: string;
  /** `options` carries routing-specific settings (e.g. the table file for 'table'). */
  build(topo: Topology, vcsPerClass: readonly number[], options?: Record<string, unknown>): RoutingFunction;
}

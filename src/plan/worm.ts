/**
 * Multidestination worms as plans describe them (000 sec. 3.2, Fig. 3, Fig. 6).
 * A worm carries an ordered header of stops; each stop names a node and the services performed there.
 * Planners produce these; the engine executes them flit by flit. Node ids are dense integers.
 */

/**
 * Header services (000 sec. 2 and 3.2):
 * - ABS  absorb: the last destination of a branch; the worm ends here.
 * - PAF  permanent absorb and forward: a destination that also forwards to the next stop.
 * - PAR  permanent absorb and retransmit: a destination that starts new messages (`retransmit`) afterwards.
 * - PAFR permanent absorb, forward and retransmit.
 * - TAR  temporary absorb and retransmit: not a destination; stores the message and retransmits it.
 * - TAFR temporary absorb, forward and retransmit.
 * - FWD  forward only: a non-destination stop where the header is consumed, used as a replication
 *        point of tree worms (its `branches`).
 */
export type Service = 'ABS' | 'PAF' | 'PAR' | 'PAFR' | 'TAR' | 'TAFR' | 'FWD';
export const SERVICES: readonly Service[] = ['ABS', 'PAF', 'PAR', 'PAFR', 'TAR', 'TAFR', 'FWD'];

/** Service flag bits. ABSORB counts as a delivery; TEMP absorbs without delivering (000 sec. 3.2). */
export const F_ABSORB = 1;
export const F_TEMP = 2;
export const F_FORWARD = 4;
export const F_RETRANSMIT = 8;

export const SERVICE_FLAGS: Readonly<Record<Service, number>> = {
  ABS: F_ABSORB,
  PAF: F_ABSORB | F_FORWARD,
  PAR: F_ABSORB | F_RETRANSMIT,
  PAFR: F_ABSORB | F_FORWARD | F_RETRANSMIT,
  TAR: F_TEMP | F_RETRANSMIT,
  TAFR: F_TEMP | F_FORWARD | F_RETRANSMIT,
  FWD: F_FORWARD,
};

export interface StopSpec {
  node: number;
  service: Service;
  /** Worms the node's processor starts, as one start-up phase, once the tail has arrived (R services). */
  retransmit?: WormSpec[];
  /**
   * Tree worms: at this stop the worm is replicated into one branch per entry, each with its own
   * ordered stops. Only allowed on the last stop of a list, whose service then includes forward.
   */
  branches?: StopSpec[][];
  /**
   * A replication point at a switch rather than at an end node (002 sec. 3.2-3.3: bit-string worms
   * replicate at switches that have no processor): the stop is consumed at the first switch of this
   * level (the topology's `switchLevel`) that the worm reaches on its way toward `node`. Service FWD
   * with `branches`; 0 or absent: the stop is at `node`'s own switch, as usual.
   */
  level?: number;
}

export interface WormSpec {
  source: number;
  /** Ordered header; a plain unicast is one stop with service ABS. */
  stops: StopSpec[];
  /** Length in flits, header included. */
  length: number;
  /**
   * Routing function the worm follows between stops, when not the network's own: a name from the
   * routing registry (e.g. dual-path worms follow 'hamiltonian', not XY).
   */
  routing?: string;
  /**
   * InfiniBand service level (`shared-sl`, docs/algorithms/ib-mcast.md, "VL policies"): the packet
   * enters the network by its host link's VL sl (SL2VL = sl mod k, so `routing` names the route on
   * that VL). Only the `ib` switch model reads it; absent: any free injection channel.
   */
  sl?: number;
}

export function unicastWorm(source: number, dest: number, length: number): WormSpec {
  return { source, stops: [{ node: dest, service: 'ABS' }], length };
}

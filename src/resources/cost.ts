import type { McsimConfig } from '../config/schema.js';
import { windowEndFor } from '../sim/drivers/driver.js';
import { classRates } from '../sim/drivers/rates.js';
import { parseTopology } from '../topology/registry.js';
import type { Topology } from '../topology/topology.js';

type Workload = McsimConfig['workload'];

/**
 * A point's expected simulation cost, in arbitrary units, from its config alone: what a pool of
 * workers needs to start the costliest points first, so that a sweep (or the whole reproduction
 * as one pool) does not end waiting on one long point started last. Only the order matters.
 *
 * An open-loop run (uniform, mixed) moves about load x nodes x (hops + 1) flits per cycle for
 * warm-up plus its measurement window at its cap (a window may end earlier by convergence; the
 * cap is what the config knows), each flit-hop costing more under a switch model than in the
 * direct engine; a run past saturation moves at most what the network accepts, so loads count up
 * to 1 flit per node per cycle. A closed workload (a message list, one multicast, plans, an
 * InfiniBand collective) costs about its network's size.
 */
export function estimatedCost(config: McsimConfig): number {
  const topo = parseTopology(config.network.topology);
  const N = topo.numNodes;
  const w = config.workload;
  const hops = averageHops(topo);
  if (w.type !== 'uniform' && w.type !== 'mixed') return closedCost(w, N, hops);
  const cycles = windowEndFor(w, classRates(w, N));
  const perFlitHop = config.network.switching === 'wormhole' ? 1 : SWITCH_MODEL_COST;
  // A multicast's deliveries share the channels of its worms' common stretches.
  const multicast = w.type === 'mixed' ? w.multicastFraction : 0;
  const perDelivery = (hops + 1) * (1 - multicast + multicast * SHARED_HOPS);
  return cycles * N * (Math.min(w.load, 1) * perDelivery * perFlitHop + PER_NODE_CYCLE);
}

/**
 * A closed workload's cost: the flit-hops of its messages (a message list, contention-free
 * multicasts), or the destinations its plans reach (plans, steps, an InfiniBand collective), each
 * weighed against a flit-hop by what it took in the reproduction's records.
 */
function closedCost(w: Exclude<Workload, { type: 'uniform' | 'mixed' }>, N: number, hops: number): number {
  switch (w.type) {
    case 'messages':
      return w.messages.reduce((a, m) => a + (m.length ?? 1) * (hops + 1), 0);
    case 'multicast':
      return (w.samples * w.destinations * w.packetLength * (hops + 1)) / 2;
    case 'plan-metrics':
      return (
        (w.samples * (w.destinations ?? Math.round((w.destinationsFraction ?? 0.2) * N)) * PLAN_COST) / 4
      );
    case 'steps':
      return w.samples * w.setSize * PLAN_COST;
    case 'ib-collective': {
      const sources = w.sources === 'one' ? 1 : Math.max(1, Math.round(w.sources * N));
      return sources * Math.max(1, Math.round(w.groupFraction * N)) * PLAN_COST;
    }
  }
}
/** A switch model's flit-hop against the direct engine's (docs/bench.md, current figures). */
const SWITCH_MODEL_COST = 3;
/** Flit-hops of a multicast delivery against a unicast's (fitted to the reproduction's records). */
const SHARED_HOPS = 0.25;
/** Per node and simulated cycle: what a cycle costs when little moves. */
const PER_NODE_CYCLE = 0.002;
/** A destination reached by a plan, in flit-hops. */
const PLAN_COST = 25;

/** Mean distance between two nodes: a third of each dimension (mesh), two levels per tree level. */
function averageHops(topo: Topology): number {
  if (topo.switchLevel) return 2 * Math.max(1, Math.ceil(Math.log(topo.numNodes) / Math.log(4)));
  return topo.dims.reduce((a, k) => a + k / 3, 0);
}

import type { McsimConfig } from '../../config/schema.js';
import type { Network } from '../../engine/network.js';
import type { MulticastPlan, PlannerDef } from '../../multicast/plan.js';
import { plannerFor } from '../../multicast/registry.js';
import { randomMulticast } from '../../traffic/destinations.js';
import { countDeliveries } from '../../traffic/messages.js';
import { McsimError, withField } from '../../util/errors.js';
import { Rng } from '../../util/rng.js';
import { keepWarm } from '../keep-warm.js';
import type { Driver, DriverContext } from './driver.js';
import { runToQuiet } from './driver.js';

type Multicast = Extract<McsimConfig['workload'], { type: 'multicast' }>;

/** The scheme for a workload, checked against the network; its routing must be available. */
export function plannerForNetwork(net: Network, algorithm: string): PlannerDef {
  return withField('workload.algorithm', () => plannerFor(algorithm, net.topology));
}

export function planMulticast(
  net: Network,
  planner: PlannerDef,
  source: number,
  dests: number[],
  length: number,
): MulticastPlan {
  return planner.plan({ topology: net.topology, routing: net.routing, length }, source, dests);
}

/**
 * Contention-free multicast (000 sec. 5.2): `samples` multicasts, each from a random source to a
 * uniformly random set of destinations, each run alone in an otherwise empty network; latency is
 * the last destination's tail arrival minus the start, traffic the flits moved over channels.
 */
export function multicastDriver({ config, net }: DriverContext, w: Multicast): Driver {
  const planner = plannerForNetwork(net, w.algorithm);
  if (w.destinations > net.numNodes - 1)
    throw new McsimError(
      `${w.destinations} destinations do not fit ${net.topology.spec} (at most ${net.numNodes - 1})`,
      'workload.destinations',
    );
  return {
    windowStart: 0,
    windowEnd: Number.MAX_SAFE_INTEGER,
    maxLength: w.packetLength,
    batching: { by: 'sample', maxBatches: 4096 },
    run(engine, collector, progress) {
      const rng = new Rng(config.seed, 0);
      keepWarm(rng);
      for (let i = 0; i < w.samples; i++) {
        const { source, dests } = randomMulticast(rng, net.numNodes, w.destinations);
        const plan = planMulticast(net, planner, source, dests, w.packetLength);
        const t = engine.now;
        const flits = plan.worms.reduce((a, x) => a + x.length * countDeliveries(x), 0);
        collector.onCreated(t, flits);
        engine.startPhase(
          source,
          plan.worms,
          t,
          engine.newMessage(source, t, 'multicast', true, w.packetLength),
        );
        runToQuiet(engine, Number.MAX_SAFE_INTEGER);
        if ((i & 63) === 0) progress(i, w.samples);
      }
    },
  };
}

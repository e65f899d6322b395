import type { McsimConfig } from '../../config/schema.js';
import { unicastWorm } from '../../plan/worm.js';
import { normalCount } from '../../traffic/destinations.js';
import { countDeliveries } from '../../traffic/messages.js';
import { EventHeap } from '../../util/heap.js';
import { Rng } from '../../util/rng.js';
import { keepWarm } from '../keep-warm.js';
import { MeasurementWindow } from '../window.js';
import { checkLoad, type Driver, type DriverContext, openLoopBatching, windowEndFor } from './driver.js';
import { planMulticast, plannerForNetwork } from './multicast.js';
import { classRates, mixedRates } from './rates.js';

type Mixed = Extract<McsimConfig['workload'], { type: 'mixed' }>;

/**
 * Mixed unicast and multicast traffic (000 sec. 5.3). With X the offered throughput in messages
 * delivered per cycle over the N nodes, every node starts unicasts with mean inter-arrival
 * N / (0.9 X) and multicasts with mean inter-arrival N D / (0.1 X), D the mean number of
 * destinations; here X = load * N / packetLength, so `load` is in delivered flits per node per cycle.
 * Inter-arrival times are exponential; each node has its own random streams.
 *
 * Unicasts follow the scheme's own routing (`routingFor`): under dual-path and multi-path that is
 * the label routing of the Hamiltonian path, as in the system those schemes come from (minimal for
 * unicasts on a mesh). Mixing XY unicasts with label-routed worms on the same VCs is not
 * deadlock-free: XY turns and label-monotone paths together close cycles of channel dependencies.
 */
export function mixedDriver({ config, net }: DriverContext, w: Mixed): Driver {
  const planner = plannerForNetwork(net, w.algorithm);
  const unicastRouting = planner.routingFor?.(net.topology);
  const N = net.numNodes;
  const L = w.packetLength;
  const windowStart = w.warmup;
  // Unicasts inject every flit they deliver; multicasts inject at least one worm per message.
  checkLoad(net, (1 - w.multicastFraction) * w.load, w.load);
  const { uniRate, mcRate, fixed } = mixedRates(w, N);
  const maxDests = Math.min(w.destinations.max, N - 1);
  const windowEnd = windowEndFor(w, classRates(w, N));
  return {
    windowStart,
    windowEnd,
    maxLength: L,
    batching: openLoopBatching(w),
    run(engine, collector, progress) {
      // Event key: node * 2 + (0 unicast, 1 multicast); continuous times rounded down to cycles.
      const heap = new EventHeap<number>();
      const at = new Float64Array(2 * N);
      const rngs: Rng[] = [];
      keepWarm([heap, rngs]);
      for (let n = 0; n < N; n++) {
        for (const kind of [0, 1]) {
          const rng = new Rng(config.seed, 1 + 2 * n + kind);
          rngs.push(rng);
          const rate = kind === 0 ? uniRate : mcRate;
          if (rate <= 0) continue;
          at[2 * n + kind] = rng.exp(rate);
          heap.push(Math.floor(at[2 * n + kind]!), 2 * n + kind);
        }
      }
      const classes = [...(uniRate > 0 ? ['unicast'] : []), ...(mcRate > 0 ? ['multicast'] : [])];
      const window = new MeasurementWindow(collector, w.convergence, classes);
      let progressAt = 0;
      while (engine.now < window.end + w.drain) {
        const now = engine.now;
        window.update(now);
        while (heap.peekTime() <= now) {
          const t = heap.peekTime();
          const key = heap.pop()!;
          const n = key >> 1;
          const rng = rngs[key]!;
          if ((key & 1) === 0) {
            let d = rng.int(N - 1);
            if (d >= n) d++;
            const spec = unicastWorm(n, d, L);
            if (unicastRouting !== undefined) spec.routing = unicastRouting;
            const measured = collector.onCreated(t, L);
            engine.startPhase(n, [spec], t, engine.newMessage(n, t, 'unicast', measured, L));
          } else {
            const k =
              fixed > 0
                ? fixed
                : normalCount(rng, w.destinations.mean, w.destinations.sd, w.destinations.min, maxDests);
            const dests = rng.sample(N, k, n);
            const plan = planMulticast(net, planner, n, dests, L);
            const flits = plan.worms.reduce((a, x) => a + x.length * countDeliveries(x), 0);
            const measured = collector.onCreated(t, flits);
            engine.startPhase(n, plan.worms, t, engine.newMessage(n, t, 'multicast', measured, L));
          }
          at[key]! += rng.exp((key & 1) === 0 ? uniRate : mcRate);
          heap.push(Math.floor(at[key]!), key);
        }
        if (now >= window.end && collector.unfinished === 0) break;
        if (engine.idle && engine.nextEventTime() > now) {
          engine.skipIdle(Math.min(heap.peekTime(), window.end + w.drain));
          continue;
        }
        engine.step();
        if (engine.now >= progressAt) {
          progress(engine.now, window.end + w.drain);
          progressAt = engine.now + 4096;
        }
      }
    },
  };
}

import type { McsimConfig } from '../../config/schema.js';
import { unicastWorm } from '../../plan/worm.js';
import { UniformTraffic } from '../../traffic/uniform.js';
import { keepWarm } from '../keep-warm.js';
import { checkLoad, type Driver, type DriverContext } from './driver.js';

type Uniform = Extract<McsimConfig['workload'], { type: 'uniform' }>;

/** Uniform random unicast traffic with warm-up, measurement window and drain. */
export function uniformDriver({ config, net }: DriverContext, w: Uniform): Driver {
  checkLoad(net, w.load, w.load);
  const windowStart = w.warmup;
  const windowEnd = w.warmup + w.measure;
  const endCycle = windowEnd + w.drain;
  return {
    windowStart,
    windowEnd,
    maxLength: w.packetLength,
    position: (m) => (m.created - windowStart) / (windowEnd - windowStart),
    run(engine, collector, progress) {
      const traffic = new UniformTraffic(net.numNodes, w.load, w.packetLength, config.seed);
      keepWarm(traffic);
      const next = [0, 0, 0];
      let progressAt = 0;
      while (engine.now < endCycle) {
        const now = engine.now;
        while (traffic.peekTime() <= now) {
          traffic.pop(next);
          const [t, s, d] = next as [number, number, number];
          // A fresh spec per message: caching one per node pair would grow memory with run length.
          const spec = unicastWorm(s, d, w.packetLength);
          const measured = collector.onCreated(t, w.packetLength);
          engine.startPhase(s, [spec], t, engine.newMessage(s, t, 'unicast', measured, w.packetLength));
        }
        if (now >= windowEnd && collector.unfinished === 0) break;
        if (engine.idle && engine.nextEventTime() > now) {
          engine.skipIdle(Math.min(traffic.peekTime(), endCycle));
          continue;
        }
        engine.step();
        if (engine.now >= progressAt) {
          progress(engine.now, endCycle);
          progressAt = engine.now + 4096;
        }
      }
    },
  };
}

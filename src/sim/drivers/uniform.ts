import type { McsimConfig } from '../../config/schema.js';
import { unicastWorm } from '../../plan/worm.js';
import { UniformTraffic } from '../../traffic/uniform.js';
import { keepWarm } from '../keep-warm.js';
import { MeasurementWindow } from '../window.js';
import { checkLoad, type Driver, type DriverContext, openLoopBatching, windowEndFor } from './driver.js';
import { classRates } from './rates.js';

type Uniform = Extract<McsimConfig['workload'], { type: 'uniform' }>;

/** Uniform random unicast traffic with warm-up, measurement window and drain. */
export function uniformDriver({ config, net }: DriverContext, w: Uniform): Driver {
  checkLoad(net, w.load, w.load);
  const windowStart = w.warmup;
  const windowEnd = windowEndFor(w, classRates(w, net.numNodes));
  return {
    windowStart,
    windowEnd,
    maxLength: w.packetLength,
    batching: openLoopBatching(w),
    run(engine, collector, progress) {
      const traffic = new UniformTraffic(net.numNodes, w.load, w.packetLength, config.seed);
      keepWarm(traffic);
      const next = [0, 0, 0];
      const window = new MeasurementWindow(collector, w.convergence);
      let progressAt = 0;
      while (engine.now < window.end + w.drain) {
        const now = engine.now;
        window.update(now);
        while (traffic.peekTime() <= now) {
          traffic.pop(next);
          const [t, s, d] = next as [number, number, number];
          // A fresh spec per message: caching one per node pair would grow memory with run length.
          const spec = unicastWorm(s, d, w.packetLength);
          const measured = collector.onCreated(t, w.packetLength);
          engine.startPhase(s, [spec], t, engine.newMessage(s, t, 'unicast', measured, w.packetLength));
        }
        if (now >= window.end && collector.unfinished === 0) break;
        if (engine.idle && engine.nextEventTime() > now) {
          engine.skipIdle(Math.min(traffic.peekTime(), window.end + w.drain));
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

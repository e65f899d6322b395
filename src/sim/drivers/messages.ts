import type { McsimConfig } from '../../config/schema.js';
import { messagesFromConfig } from '../../traffic/messages.js';
import type { Driver, DriverContext } from './driver.js';

type Messages = Extract<McsimConfig['workload'], { type: 'messages' }>;

/**
 * A given set of messages at given times; runs until all finish (or maxCycles). Each message is
 * handed to its source when the clock reaches its creation cycle, so its start-up begins then (or
 * when the processor is next free), never earlier: a retransmission at a node that also sends a
 * later message does not wait behind that later message's start-up.
 */
export function messagesDriver({ net }: DriverContext, w: Messages): Driver {
  const msgs = messagesFromConfig(net.topology, w, net.routing)
    .map((m, i) => ({ m, i }))
    .sort((a, b) => a.m.at - b.m.at || a.i - b.i);
  const maxLength = Math.max(w.packetLength, ...msgs.flatMap(({ m }) => allLengths(m.worms)));
  return {
    windowStart: 0,
    windowEnd: Number.MAX_SAFE_INTEGER,
    maxLength,
    batching: { by: 'sample', maxBatches: 4096 },
    run(engine, collector, progress) {
      let next = 0;
      const release = (now: number) => {
        for (; next < msgs.length && msgs[next]!.m.at <= now; next++) {
          const { m } = msgs[next]!;
          collector.onCreated(m.at, m.flits);
          const single =
            m.worms.length === 1 && m.worms[0]!.stops.length === 1 && !m.worms[0]!.stops[0]!.retransmit;
          const msg = engine.newMessage(
            m.source,
            m.at,
            single ? 'unicast' : 'multicast',
            true,
            m.worms[0]!.length,
          );
          engine.startPhase(m.source, m.worms, m.at, msg);
        }
      };
      const pendingAt = () => (next < msgs.length ? msgs[next]!.m.at : Number.POSITIVE_INFINITY);
      let progressAt = 0;
      release(engine.now);
      while ((engine.liveMessages > 0 || next < msgs.length) && engine.now < w.maxCycles) {
        if (engine.idle) {
          engine.skipIdle(Math.min(pendingAt(), w.maxCycles));
          release(engine.now);
          if (engine.now >= w.maxCycles) break;
        }
        engine.step();
        release(engine.now);
        if (engine.now >= progressAt) {
          progress(engine.now, w.maxCycles);
          progressAt = engine.now + 4096;
        }
      }
    },
  };
}

function allLengths(
  worms: ReadonlyArray<{
    length: number;
    stops: ReadonlyArray<{ retransmit?: unknown[]; branches?: unknown[][] }>;
  }>,
): number[] {
  const out: number[] = [];
  const walk = (ws: typeof worms) => {
    for (const w of ws) {
      out.push(w.length);
      const stops = (list: typeof w.stops) => {
        for (const s of list) {
          if (s.retransmit) walk(s.retransmit as typeof worms);
          for (const b of s.branches ?? []) stops(b as typeof w.stops);
        }
      };
      stops(w.stops);
    }
  };
  walk(worms);
  return out;
}

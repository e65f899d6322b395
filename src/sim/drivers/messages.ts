import type { McsimConfig } from '../../config/schema.js';
import { messagesFromConfig } from '../../traffic/messages.js';
import type { Driver, DriverContext } from './driver.js';

type Messages = Extract<McsimConfig['workload'], { type: 'messages' }>;

/** A given set of messages at given times; runs until all finish (or maxCycles). */
export function messagesDriver({ net }: DriverContext, w: Messages): Driver {
  const msgs = messagesFromConfig(net.topology, w)
    .map((m, i) => ({ m, i }))
    .sort((a, b) => a.m.at - b.m.at || a.i - b.i);
  const maxLength = Math.max(w.packetLength, ...msgs.flatMap(({ m }) => allLengths(m.worms)));
  return {
    windowStart: 0,
    windowEnd: Number.MAX_SAFE_INTEGER,
    maxLength,
    position: (m) => (msgs.length > 1 ? m.id / msgs.length : 0),
    run(engine, collector, progress) {
      for (const { m } of msgs) {
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
      let progressAt = 0;
      while (engine.liveMessages > 0 && engine.now < w.maxCycles) {
        if (engine.idle) engine.skipIdle(w.maxCycles);
        engine.step();
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

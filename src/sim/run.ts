import type { McsimConfig } from '../config/schema.js';
import { DeadlockError, Engine } from '../engine/engine.js';
import type { MessageState } from '../engine/message.js';
import { MetricsCollector } from '../metrics/collector.js';
import type { RunMetrics } from '../metrics/types.js';
import { unicastWorm, type WormSpec } from '../plan/worm.js';
import { messagesFromConfig } from '../traffic/messages.js';
import { UniformTraffic } from '../traffic/uniform.js';
import { VERSION } from '../version.js';
import { buildFromConfig } from './build.js';
import { type MessageRecord, messageRecord } from './record.js';

export interface RunOptions {
  /** Receives every finished message (streamed; nothing is kept in memory). */
  onRecord?: (rec: MessageRecord) => void;
  /** Called every few thousand cycles. */
  onProgress?: (cycle: number, endCycle: number) => void;
}

export interface RunResult {
  version: string;
  seed: number;
  config: McsimConfig;
  metrics: RunMetrics;
}

const PROGRESS_EVERY = 4096;

/** Runs one simulation of a resolved config: network, workload, engine, metrics. Deterministic in the seed. */
export function runSimulation(config: McsimConfig, options: RunOptions = {}): RunResult {
  const { net, model, timing } = buildFromConfig(config);
  const w = config.workload;
  const maxLen = w.type === 'uniform' ? w.packetLength : maxMessageLength(config);
  model.validate(net, maxLen);
  const topo = net.topology;

  const windowStart = w.type === 'uniform' ? w.warmup : 0;
  const windowEnd = w.type === 'uniform' ? w.warmup + w.measure : Number.MAX_SAFE_INTEGER;
  const collector = new MetricsCollector(net.numNodes, windowStart, windowEnd);
  let position = (m: MessageState) => (m.created - windowStart) / (windowEnd - windowStart);
  const engine = new Engine(net, model, timing, {
    onMessageDone(m) {
      collector.onMessageDone(m, position(m));
      options.onRecord?.(messageRecord(topo, m));
    },
    onDeliverFlits(_m, flits, cycle) {
      collector.onDeliverFlits(flits, cycle);
    },
  });

  let deadlock: RunMetrics['deadlock'];
  let endCycle: number;
  try {
    if (w.type === 'uniform') {
      endCycle = w.warmup + w.measure + w.drain;
      const traffic = new UniformTraffic(net.numNodes, w.load, w.packetLength, config.seed);
      const cache = new Map<number, WormSpec>();
      const next = [0, 0, 0];
      let progressAt = PROGRESS_EVERY;
      while (engine.now < endCycle) {
        const now = engine.now;
        while (traffic.peekTime() <= now && traffic.peekTime() < windowEnd + w.drain) {
          traffic.pop(next);
          const [t, s, d] = next as [number, number, number];
          const key = s * net.numNodes + d;
          let spec = cache.get(key);
          if (!spec) cache.set(key, (spec = unicastWorm(s, d, w.packetLength)));
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
          options.onProgress?.(engine.now, endCycle);
          progressAt += PROGRESS_EVERY;
        }
      }
    } else {
      endCycle = w.maxCycles;
      const msgs = messagesFromConfig(topo, w).map((m, i) => ({ m, i }));
      msgs.sort((a, b) => a.m.at - b.m.at || a.i - b.i);
      position = (m) => (msgs.length > 1 ? m.id / msgs.length : 0);
      for (const { m } of msgs) {
        collector.onCreated(m.at, m.flits);
        const msg = engine.newMessage(m.source, m.at, m.worms.length === 1 && m.worms[0]!.stops.length === 1 ? 'unicast' : 'multicast', true, m.worms[0]?.length ?? w.packetLength);
        engine.startPhase(m.source, m.worms, m.at, msg);
      }
      let progressAt = PROGRESS_EVERY;
      while (engine.now < endCycle && engine.liveMessages > 0) {
        if (engine.idle) {
          engine.skipIdle(endCycle);
          if (engine.idle && engine.nextEventTime() === Number.POSITIVE_INFINITY) break;
        }
        engine.step();
        if (engine.now >= progressAt) {
          options.onProgress?.(engine.now, endCycle);
          progressAt += PROGRESS_EVERY;
        }
      }
    }
  } catch (e) {
    if (!(e instanceof DeadlockError)) throw e;
    deadlock = e.report;
  }
  const metrics = collector.metrics(engine.now, engine.flitHops, engine.now);
  if (deadlock) metrics.deadlock = deadlock;
  return { version: VERSION, seed: config.seed, config, metrics };
}

function maxMessageLength(config: McsimConfig): number {
  const w = config.workload;
  if (w.type !== 'messages') return 0;
  let max = w.packetLength;
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === 'object') {
      const o = x as Record<string, unknown>;
      if (typeof o.length === 'number' && o.length > max) max = o.length;
      for (const v of Object.values(o)) if (typeof v === 'object') walk(v);
    }
  };
  walk(w.messages);
  return max;
}

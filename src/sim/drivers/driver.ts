import type { McsimConfig } from '../../config/schema.js';
import type { Engine } from '../../engine/engine.js';
import type { Network } from '../../engine/network.js';
import { type MetricsCollector, windowBatching } from '../../metrics/collector.js';
import type { Batching } from '../../metrics/measures.js';
import { McsimError } from '../../util/errors.js';
import { MAX_BATCHES } from '../window.js';

/**
 * A workload driver feeds messages into the engine and decides when the run ends. One module per
 * flit-level workload type, registered as that type's runner in sim/runners.ts.
 */
export interface Driver {
  /**
   * Measurement window [start, end): messages created inside it are measured. A window that may end
   * by convergence ends at the latest at `windowEnd` (sim/window.ts).
   */
  readonly windowStart: number;
  readonly windowEnd: number;
  /** Longest packet the workload sends (virtual cut-through checks its buffers against it). */
  readonly maxLength: number;
  /** How the run's samples are batched for confidence intervals (metrics/measures.ts). */
  readonly batching: Batching;
  /** Runs the workload to its end; throws DeadlockError on a deadlock. */
  run(engine: Engine, collector: MetricsCollector, progress: (cycle: number, end: number) => void): void;
}

export interface DriverContext {
  config: McsimConfig;
  net: Network;
}

/** Runs the engine until no message is alive (skipping idle time), or until `limit`. */
export function runToQuiet(engine: Engine, limit: number): void {
  while (engine.liveMessages > 0 && engine.now < limit) {
    if (engine.idle) engine.skipIdle(limit);
    engine.step();
  }
}

/**
 * Rejects a load no network of this shape can carry: a node injects at most one flit per cycle per
 * injection channel and consumes at most one per consumption channel. Above that the run could
 * only saturate at any size, and the backlog of queued messages grows without bound.
 */
export function checkLoad(net: Network, injectedPerNode: number, deliveredPerNode: number): void {
  if (injectedPerNode > net.injPerNode)
    throw new McsimError(
      `${round(injectedPerNode)} flits/node/cycle injected exceed the ${net.injPerNode} injection channel(s) per node (at most 1 flit per cycle each); lower the load or add injection channels`,
      'workload.load',
    );
  if (deliveredPerNode > net.sinkPerNode)
    throw new McsimError(
      `${round(deliveredPerNode)} flits/node/cycle delivered exceed the ${net.sinkPerNode} consumption channel(s) per node (at most 1 flit per cycle each); lower the load or add consumption channels`,
      'workload.load',
    );
}

const round = (x: number) => (Number.isFinite(x * 1e6) ? Math.round(x * 1e6) / 1e6 : x);

/**
 * Batches of an open-loop window: a fixed window in 20 batches; one that may end by convergence
 * starts with batches of `batchCycles` and doubles them as it grows (sim/window.ts).
 */
export function openLoopBatching(w: {
  measure: number;
  convergence?: { batchCycles: number } | undefined;
}): Batching {
  return w.convergence
    ? { by: 'cycle', length: w.convergence.batchCycles, maxBatches: MAX_BATCHES }
    : windowBatching(w.measure);
}

/**
 * The end of an open-loop run's measurement window (its cap with convergence). With
 * `convergence.maxMeasure`, the window may grow past `measure` so that every message class can
 * expect 1.25 x minMessages measured messages at its creation rate (`classRates`: messages per cycle
 * over the whole network, one per class): at 1,250 expected the count falls short of 1,000 with
 * negligible probability (seven standard deviations of a Poisson count), so the minimum, not the
 * cap, decides. Load sweeps need it: at their lightest loads a fixed cap leaves a few hundred
 * messages (002's figures at 0.05) or a few dozen multicasts (000 Fig. 12 at 0.01).
 */
export function windowEndFor(
  w: {
    warmup: number;
    measure: number;
    convergence?: { minMessages: number; maxMeasure?: number | undefined } | undefined;
  },
  classRates: readonly number[],
): number {
  const c = w.convergence;
  if (!c?.maxMeasure) return w.warmup + w.measure;
  let need = w.measure;
  for (const r of classRates) if (r > 0) need = Math.max(need, Math.ceil((1.25 * c.minMessages) / r));
  return w.warmup + Math.min(Math.max(w.measure, c.maxMeasure), need);
}

import type { McsimConfig } from '../../config/schema.js';
import type { Engine } from '../../engine/engine.js';
import type { MessageState } from '../../engine/message.js';
import type { Network } from '../../engine/network.js';
import type { MetricsCollector } from '../../metrics/collector.js';

/**
 * A workload driver feeds messages into the engine and decides when the run ends. One module per
 * workload type, registered in sim/drivers/index.ts.
 */
export interface Driver {
  /** Measurement window [start, end): messages created inside it are measured. */
  readonly windowStart: number;
  readonly windowEnd: number;
  /** Longest packet the workload sends (virtual cut-through checks its buffers against it). */
  readonly maxLength: number;
  /** Where a finished message falls in the window, in [0, 1), for batch means. */
  position(msg: MessageState): number;
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

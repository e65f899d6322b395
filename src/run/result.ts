import type { McsimConfig } from '../config/schema.js';
import type { RunMetrics } from '../metrics/types.js';
import type { TraceLine } from '../trace/format.js';
import type { RunOutcome } from './outcome.js';
import type { MessageRecord } from './record.js';

/** What a caller passes to a run, and what every kind of run (flits, steps, plan metrics) returns. */
export interface RunOptions {
  /** Receives every finished message (streamed; nothing is kept in memory). */
  onRecord?: (rec: MessageRecord) => void;
  /** Called every few thousand cycles (or samples). */
  onProgress?: (done: number, total: number) => void;
  /** Records a trace (docs/trace.md) of a flit-level run: each line goes to `write` when ready. */
  trace?: TraceOptions;
}

export interface TraceOptions {
  write(line: TraceLine): void;
  /** Keep only the worms that hold a channel at some cycle in [a, b]. */
  window?: [number, number];
}

export interface RunResult {
  version: string;
  seed: number;
  /**
   * How the run ended. Only `complete` is data; after a deadlock or with measured messages
   * unfinished, `metrics` describe only what finished (its latency is a lower bound).
   */
  outcome: RunOutcome;
  config: McsimConfig;
  metrics: RunMetrics;
}

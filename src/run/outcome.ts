import type { RunMetrics } from '../metrics/types.js';

/**
 * How a run ended. Only a `complete` run is data: a deadlocked run, or one that stopped with
 * measured messages still in flight (the network saturated, or the run was cut off), measured only
 * the messages that happened to finish, so its latency understates the truth.
 */
export type RunOutcome =
  | { status: 'complete' }
  | { status: 'deadlock'; reason: string }
  | {
      status: 'unfinished';
      reason: string;
      /** Measured messages not finished, of `measured`. */
      unfinished: number;
      measured: number;
      /** Flits per node per cycle over the measurement window. */
      offered: number;
      accepted: number;
    };

/** The outcome a run's metrics imply: a deadlock first, then unfinished measured messages. */
export function outcomeOf(m: RunMetrics): RunOutcome {
  if (m.deadlock) return { status: 'deadlock', reason: firstLine(m.deadlock.text) };
  const { unfinished, measured } = m.messages;
  if (unfinished > 0) {
    const { offered, accepted } = m.throughput;
    return {
      status: 'unfinished',
      reason:
        `${unfinished} of ${measured} measured messages unfinished when the run stopped at cycle ${m.cycles} ` +
        `(accepted ${accepted} of ${offered} offered flits/node/cycle): saturated or cut off, latency is a lower bound`,
      unfinished,
      measured,
      offered,
      accepted,
    };
  }
  return { status: 'complete' };
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0]!.trim();
}

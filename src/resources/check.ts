import { totalmem } from 'node:os';
import type { McsimConfig } from '../config/schema.js';
import { McsimError } from '../util/errors.js';
import { estimateResources, type ResourceEstimate } from './estimate.js';

export interface ResourceLimit {
  /** Memory allowed in MB; default: half of this machine's memory (`--max-memory` raises it). */
  maxMemoryMb?: number | undefined;
  /** Runs at once, e.g. the workers of a sweep: each needs its own memory. Default 1. */
  parallel?: number | undefined;
  /** This machine's memory in MB (tests pass one; default `os.totalmem()`). */
  machineMb?: number | undefined;
}

/** Half of the machine's memory: the rest is for the system and the other users of a shared machine. */
export function defaultLimitMb(machineMb = totalmem() / 1e6): number {
  return Math.floor(machineMb / 2);
}

/**
 * Refuses, before anything is allocated, a run whose estimated memory (times the runs at once)
 * exceeds the limit: one line with the estimate, what it counts, the limit and how to raise it.
 * Returns the estimate when it fits.
 */
export function checkResources(config: McsimConfig, limit: ResourceLimit = {}): ResourceEstimate {
  const est = estimateResources(config);
  const parallel = Math.max(1, limit.parallel ?? 1);
  const machineMb = limit.machineMb ?? totalmem() / 1e6;
  const max = limit.maxMemoryMb ?? defaultLimitMb(machineMb);
  const need = est.mb * parallel;
  if (need > max) {
    const allowed =
      limit.maxMemoryMb !== undefined
        ? `--max-memory ${max}`
        : `half of this machine's ${Math.round(machineMb)} MB`;
    throw new McsimError(
      `${est.topology} needs about ${fmt(need)} MB (${parallel > 1 ? `${parallel} runs at once of ${fmt(est.mb)} MB, each: ` : ''}` +
        `${fmt(est.nodes)} nodes, ${fmt(est.channels)} channels, ${fmt(est.buffers)} buffers, ~${fmt(est.liveMessages)} live messages), ` +
        `more than the ${fmt(max)} MB allowed (${allowed}); use a smaller network${parallel > 1 ? ' or fewer --workers' : ''}, or raise the limit with --max-memory MB`,
      'network.topology',
    );
  }
  return est;
}

function fmt(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

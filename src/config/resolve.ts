import { defaultVcs } from '../topology/registry.js';
import type { Topology } from '../topology/topology.js';
import { McsimError } from '../util/errors.js';
import type { McsimConfig } from './schema.js';

/**
 * VCs per channel class of the topology. A number applies to every class; a map names classes
 * (missing ones take the topology's default). Unset: the defaults of the topology's registry entry
 * (2 per class; on a CCC { cycle: 2, hypercube: 1 }, 004 sec. 3).
 */
export function resolveVcs(config: McsimConfig, topo: Topology): number[] {
  const v = config.network.vcs;
  const dflt = defaultVcs(topo);
  if (v === undefined) return dflt;
  if (typeof v === 'number') return topo.channelClasses.map(() => v);
  for (const k of Object.keys(v))
    if (!topo.channelClasses.includes(k))
      throw new McsimError(
        `unknown channel class "${k}" for ${topo.spec} (classes: ${topo.channelClasses.join(', ')})`,
        'network.vcs',
      );
  return topo.channelClasses.map((c, i) => v[c] ?? dflt[i]!);
}

/** Injection or consumption channels per node; 'all' = total output VCs of a router (000 sec. 5.2). */
export function resolveChannels(
  config: McsimConfig,
  kind: 'injection' | 'consumption',
  totalVcsPerRouter: number,
): number {
  const v = kind === 'injection' ? config.network.injectionChannels : config.network.consumptionChannels;
  return v === 'all' ? totalVcsPerRouter : v;
}

/** Link latency and credit delay per channel class of the topology (`network.links`; default 1 and 0). */
export function resolveLinks(
  config: McsimConfig,
  topo: Topology,
): { latency: number[]; creditDelay: number[] } {
  const v = config.network.links;
  const one = (c: string) => {
    if (v === undefined) return { latency: 1, creditDelay: 0 };
    if ('latency' in v || 'creditDelay' in v) return v as { latency: number; creditDelay: number };
    const per = (v as Record<string, { latency: number; creditDelay: number }>)[c];
    return per ?? { latency: 1, creditDelay: 0 };
  };
  if (v !== undefined && !('latency' in v || 'creditDelay' in v))
    for (const k of Object.keys(v))
      if (!topo.channelClasses.includes(k))
        throw new McsimError(
          `unknown channel class "${k}" for ${topo.spec} (classes: ${topo.channelClasses.join(', ')})`,
          'network.links',
        );
  return {
    latency: topo.channelClasses.map((c) => one(c).latency),
    creditDelay: topo.channelClasses.map((c) => one(c).creditDelay),
  };
}

import { resolveChannels, resolveVcs } from '../config/resolve.js';
import type { McsimConfig } from '../config/schema.js';
import { type Network, buildNetwork } from '../engine/network.js';
import { type Timing } from '../engine/engine.js';
import { type RouterModel, routerModel } from '../router/model.js';
import { buildRouting, defaultRoutingName } from '../routing/registry.js';
import { parseTopology } from '../topology/registry.js';
import { McsimError } from '../util/errors.js';

/** config -> topology -> routing -> network: the first steps of every run. */
export function buildFromConfig(config: McsimConfig): { net: Network; model: RouterModel; timing: Timing } {
  const topo = withField('network.topology', () => parseTopology(config.network.topology));
  const vcs = resolveVcs(config, topo);
  const name = config.network.routing === 'auto' ? defaultRoutingName(topo) : config.network.routing;
  const routing = withField('network.routing', () => buildRouting(topo, name, vcs, config.network.routingOptions));
  let totalVcs = 0;
  for (let p = 0; p < topo.numPorts; p++) if (topo.neighbor(0, p) >= 0) totalVcs += vcs[topo.portClass(0, p)]!;
  const net = buildNetwork(topo, routing, {
    vcsPerClass: vcs,
    bufferDepth: config.network.bufferDepth,
    injectionChannels: resolveChannels(config, topo, 'injection', totalVcs),
    consumptionChannels: resolveChannels(config, topo, 'consumption', totalVcs),
  });
  const model = routerModel(config.network.switching);
  return { net, model, timing: { ...config.timing } };
}

/** Prefixes a McsimError raised by `fn` with the config field it came from, unless it names one. */
export function withField<T>(field: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof McsimError && e.field === undefined) throw new McsimError(e.message, field);
    throw e;
  }
}

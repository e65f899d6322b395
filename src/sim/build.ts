import { resolveChannels, resolveLinks, resolveVcs } from '../config/resolve.js';
import type { McsimConfig } from '../config/schema.js';
import type { Timing } from '../engine/engine.js';
import { buildNetwork, type Network } from '../engine/network.js';
import type { RouterModel } from '../engine/policy.js';
import { routerModel } from '../router/registry.js';
import { buildRouting, defaultRoutingName, ROUTINGS } from '../routing/registry.js';
import { parseTopology } from '../topology/registry.js';
import { McsimError, withField } from '../util/errors.js';

/** config -> topology -> routing -> network: the first steps of every run. */
export function buildFromConfig(config: McsimConfig): {
  net: Network;
  model: RouterModel;
  timing: Timing;
  /** The config with 'auto' and defaulted network fields resolved, as results report it. */
  resolved: McsimConfig;
} {
  const topo = withField('network.topology', () => parseTopology(config.network.topology));
  const vcs = resolveVcs(config, topo);
  const name = config.network.routing === 'auto' ? defaultRoutingName(topo) : config.network.routing;
  const wormsOf = ROUTINGS.find((r) => r.name === name)?.wormsOf;
  if (wormsOf !== undefined)
    throw new McsimError(
      `"${name}" only follows the worms of ${wormsOf}, which choose it themselves; give the network a unicast routing (e.g. ${defaultRoutingName(topo)})`,
      'network.routing',
    );
  const routing = withField('network.routing', () =>
    buildRouting(topo, name, vcs, config.network.routingOptions, autoLabel(config, name)),
  );
  const routingByName = (other: string) => withField('network.routing', () => buildRouting(topo, other, vcs));
  // 'all' channels = the output VCs of the router with the most (000 sec. 5.2).
  let totalVcs = 0;
  for (let r = 0; r < topo.numSwitches; r++) {
    let t = 0;
    for (let p = 0; p < topo.numPorts; p++) if (topo.neighbor(r, p) >= 0) t += vcs[topo.portClass(r, p)]!;
    totalVcs = Math.max(totalVcs, t);
  }
  const links = withField('network.links', () => resolveLinks(config, topo));
  const net = buildNetwork(topo, routing, {
    vcsPerClass: vcs,
    linkLatency: links.latency,
    linkCreditDelay: links.creditDelay,
    bufferDepth: config.network.bufferDepth,
    injectionChannels: resolveChannels(config, 'injection', totalVcs),
    consumptionChannels: resolveChannels(config, 'consumption', totalVcs),
    routingByName,
    switchOptions: config.network.switchOptions,
  });
  const model = routerModel(config.network.switching);
  const vcsOut =
    topo.channelClasses.length === 1
      ? vcs[0]!
      : Object.fromEntries(topo.channelClasses.map((c, i) => [c, vcs[i]!]));
  const resolved: McsimConfig = {
    ...config,
    network: {
      ...config.network,
      topology: topo.spec,
      routing: routing.name,
      vcs: vcsOut,
      injectionChannels: net.injPerNode,
      consumptionChannels: net.sinkPerNode,
    },
  };
  return { net, model, timing: { ...config.timing }, resolved };
}

/** How errors name a routing the user left to 'auto': the name given and the one it chose. */
function autoLabel(config: McsimConfig, name: string): string | undefined {
  return config.network.routing === 'auto' ? `routing "auto" (which chose ${name})` : undefined;
}

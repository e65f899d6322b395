import { parseConfig } from '../config/load.js';
import { PLANNERS, plannerFor } from '../multicast/registry.js';
import { buildFromConfig } from '../sim/build.js';
import { parseTopology } from '../topology/registry.js';
import { traceHeader } from '../trace/header.js';
import { McsimError, withField } from '../util/errors.js';
import type { PlaygroundNetwork } from './protocol.js';

/**
 * The most end nodes the playground draws: two drawings of a 32x32 mesh still play fluidly
 * (docs/playground.md); `mcsim view` draws larger networks one at a time.
 */
export const MAX_PLAYGROUND_NODES = 1024;

/** The network of a config (as `mcsim run` reads it) and the schemes that fit; the CLI's errors. */
export function describeNetwork(config: unknown): PlaygroundNetwork {
  const cfg = parseConfig(config);
  const topo = withField('network.topology', () => parseTopology(cfg.network.topology));
  if (topo.numNodes > MAX_PLAYGROUND_NODES)
    throw new McsimError(
      `${topo.spec} has ${topo.numNodes} nodes; the playground draws up to ${MAX_PLAYGROUND_NODES} (use mcsim view for larger networks)`,
      'network.topology',
    );
  const { net } = buildFromConfig(cfg);
  const header = traceHeader(net, cfg.network.bufferDepth, { kind: 'plan', description: '' });
  const schemes = PLANNERS.filter((p) => {
    try {
      plannerFor(p.name, net.topology);
      return true;
    } catch {
      return false;
    }
  }).map((p) => ({ name: p.name, description: p.description }));
  return { header, schemes };
}

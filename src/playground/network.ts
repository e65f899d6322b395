import { parseConfig } from '../config/load.js';
import { PLANNERS, plannerFor } from '../multicast/registry.js';
import { buildFromConfig } from '../sim/build.js';
import { traceHeader } from '../trace/header.js';
import type { PlaygroundNetwork } from './protocol.js';

/** The network of a config (as `mcsim run` reads it) and the schemes that fit; the CLI's errors. */
export function describeNetwork(config: unknown): PlaygroundNetwork {
  const cfg = parseConfig(config);
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

import { tracePath } from '../src/routing/path.js';
import { buildRouting, defaultRoutingName } from '../src/routing/registry.js';
import { defaultVcs, parseTopology } from '../src/topology/registry.js';
import { withField } from '../src/util/errors.js';

export interface RouteOpts {
  topology: string;
  routing?: string;
  from: string;
  to: string;
  vcs?: number;
  json?: boolean;
}

/** `mcsim route`: the path of one unicast, hop by hop, with the channel and VC class of each hop. */
export function routeCommand(o: RouteOpts): void {
  const topo = withField('--topology', () => parseTopology(o.topology));
  const name = o.routing ?? defaultRoutingName(topo);
  const vcs = o.vcs === undefined ? defaultVcs(topo) : topo.channelClasses.map(() => o.vcs!);
  const rf = withField('--routing', () => buildRouting(topo, name, vcs));
  const from = withField('--from', () => topo.parseNode(o.from));
  const to = withField('--to', () => topo.parseNode(o.to));
  const hops = tracePath(topo, rf, from, to);
  const f = (n: number) => topo.formatNode(n);
  // Hops run between switches (the nodes themselves on a direct network).
  const fs = (r: number) => topo.formatSwitch(r);
  if (o.json) {
    const out = {
      topology: topo.spec,
      routing: rf.name,
      from: f(from),
      to: f(to),
      hops: hops.length,
      path: [fs(topo.nodeSwitch(from)), ...hops.map((h) => fs(h.to))],
      channels: hops.map((h) => ({ from: fs(h.from), to: fs(h.to), port: h.portName, vcs: h.vcs })),
    };
    process.stdout.write(`${JSON.stringify(out)}\n`);
    return;
  }
  console.log(`${topo.spec}, ${rf.name} routing: ${f(from)} -> ${f(to)} in ${hops.length} hop(s)`);
  for (const h of hops)
    console.log(
      `  ${fs(h.from).padEnd(12)} --${h.portName}--> ${fs(h.to).padEnd(12)} VCs ${h.vcs.join(' ')}`,
    );
}

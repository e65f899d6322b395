import { planMulticast } from '../src/api/plan.js';
import { parseConfig } from '../src/config/load.js';
import { checkResources } from '../src/resources/check.js';
import { parseTopology } from '../src/topology/registry.js';
import { withField } from '../src/util/errors.js';
import { renderPlanAscii } from './plan-ascii.js';

export interface PlanOpts {
  topology: string;
  algorithm: string;
  source: string;
  dests: string;
  length: number;
  json?: boolean;
  check?: boolean;
  maxMemory?: number;
}

/** `mcsim plan`: the worms, headers, phases and paths of one multicast, printed or as JSON. */
export function planCommand(o: PlanOpts): void {
  withField('--topology', () => parseTopology(o.topology));
  // A plan allocates no engine, so the check counts the network alone (the 'steps' estimate).
  checkResources(parseConfig({ network: { topology: o.topology }, workload: { type: 'steps' } }), {
    maxMemoryMb: o.maxMemory,
  });
  const {
    topology: topo,
    plan,
    view,
    contention: check,
    scheme: more,
  } = planMulticast(
    {
      topology: o.topology,
      algorithm: o.algorithm,
      source: o.source,
      dests: o.dests,
      length: o.length,
      check: o.check,
    },
    { topology: '--topology', algorithm: '--algorithm', source: '--source', dests: '--dests' },
  );
  if (o.json) {
    const out = { ...view, ...(check ? { contention: check } : {}), ...(more ? { scheme: more.json } : {}) };
    process.stdout.write(`${JSON.stringify(out)}\n`);
    return;
  }
  console.log(
    `${view.algorithm} on ${view.topology}: ${view.destinations.length} destination(s) from ${view.source}, ` +
      `${view.phases} phase(s), ${view.worms.length} worm(s), ${view.channels} channel traversals, longest path ${view.longestPath} hops, ` +
      // 001's timing (sec. 3.4, 25 ns per hop) belongs to its tori; elsewhere the hop count alone.
      `hop latency ${view.hopLatency}${topo.kind === 'torus' ? ` (001 sec. 3.4: ${view.hopLatency * 25} ns at 25 ns per hop)` : ''}`,
  );
  for (const w of view.worms)
    console.log(
      `  phase ${w.phase}  ${w.source} -> ${w.destinations.map((d) => `${d.node}(${d.service})`).join(' ')}   [${w.hops} hops, ${w.routing}]`,
    );
  if (more) for (const line of more.lines) console.log(line);
  const pic = renderPlanAscii(topo, plan, view);
  if (pic) console.log(`\n${pic}`);
  if (check) {
    console.log(
      `\ncontention (004 Theorem 1): ${check.contentionFree ? 'depth contention-free' : 'NOT contention-free'}`,
    );
    for (const c of check.conflicts)
      console.log(
        `  step ${c.first.step} ${c.first.unicast} and step ${c.second.step} ${c.second.unicast} share ${c.channel}`,
      );
    console.log(`physical-link sharing within a step (004 sec. 6): ${check.linkSharing.length} pair(s)`);
    for (const c of check.linkSharing)
      console.log(`  step ${c.first.step}: ${c.first.unicast} and ${c.second.unicast} on ${c.channel}`);
  }
}

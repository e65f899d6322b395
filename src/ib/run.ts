import type { McsimConfig } from '../config/schema.js';
import { MetricsCollector } from '../metrics/collector.js';
import type { RunResult } from '../run/result.js';
import type { Runner } from '../run/runner.js';
import { parseTopology } from '../topology/registry.js';
import { McsimError, withField } from '../util/errors.js';
import { VERSION } from '../version.js';
import { runCollective, zeroLoadMulticast } from './collective.js';
import { creditSlots } from './credit.js';
import { asIbMesh } from './subnet.js';
import type { VlPolicy } from './vl.js';
import { drawCollective, drawsAtRandom } from './workload.js';

type IbWorkload = Extract<McsimConfig['workload'], { type: 'ib-collective' }>;

/** 003's collectives build their own InfiniBand fabric from the workload's VL variant. */
export const ibCollectiveRunner: Runner<'ib-collective'> = {
  type: 'ib-collective',
  description:
    "003's collectives on an InfiniBand mesh built from the VL variant, packet by packet or flit by flit",
  noTrace: 'an ib-collective run is not traced (its packet-level path moves no flits)',
  run: runIbCollective,
};

/**
 * The 'ib-collective' workload (003 sec. 4): draws the sources and the group of the seed, runs the
 * variant's scheme on the ib switch model (by the packet-level path or the flit engine) and reports
 * the makespan in cycles, ns and us (1 cycle = flitBytes * byteTimeNs, 1X SDR: 4 ns per byte).
 * The network's VLs, buffers and channels follow from the variant, and the resolved config says
 * which; hosts have no start-up cost and a header stop costs a routing decision
 * (docs/experiments/infiniband.md, "Setup and readings").
 */
export function runIbCollective(config: McsimConfig): RunResult {
  const w = config.workload as IbWorkload;
  const t = withTopology(config.network.topology);
  const tm = config.timing;
  if (tm.startup !== 0 || tm.startupSubsequent !== 0)
    throw new McsimError(
      `an ib-collective has no host start-up cost (docs/experiments/infiniband.md): set timing.startup and timing.startupSubsequent to 0, got ${tm.startup} and ${tm.startupSubsequent}`,
      'timing',
    );
  if (tm.routingDelayModified !== tm.routingDelay)
    throw new McsimError(
      `an ib-collective replicates at every tree switch at the cost of a routing decision: set timing.routingDelayModified = routingDelay (${tm.routingDelay}), got ${tm.routingDelayModified}`,
      'timing.routingDelayModified',
    );
  // The scheme, then the policy (which may hold a dash itself: shared-sl).
  const dash = w.variant.indexOf('-');
  const scheme = w.variant.slice(0, dash) as 'uc' | 'mc';
  const policy = w.variant.slice(dash + 1) as VlPolicy;
  const vls = policy === '1vl' ? 1 : w.vls;
  const length = Math.ceil(w.messageBytes / w.flitBytes);
  const spec = { sources: w.sources, groupFraction: w.groupFraction, order: w.unicastOrder };
  const c = drawCollective(t, spec, config.seed);
  const out = runCollective(t, c, {
    scheme,
    policy,
    vls,
    length,
    routingDelay: tm.routingDelay,
    engine: w.engine,
    ...(w.vlBuffer === 'credit'
      ? {
          creditSlots: withField('workload.vlBufferBytes', () =>
            creditSlots(w.messageBytes, w.vlBufferBytes ?? 8192),
          ),
        }
      : {}),
  });
  if (!out.deadlock && !out.exactlyOnce)
    throw new Error(
      `ib-collective: a member did not get exactly one copy (${w.variant}, seed ${config.seed})`,
    );
  const cycleNs = w.flitBytes * w.byteTimeNs;
  const r = (x: number) => Math.round(x * 1000) / 1000;
  let zero = 0;
  c.sources.forEach((s, i) => {
    if (c.dests[i]!.length > 0)
      zero = Math.max(zero, zeroLoadMulticast(t, s, c.dests[i]!, length, tm.routingDelay));
  });
  const metrics = new MetricsCollector(t.numNodes, 0, 1).metrics(out.makespan, out.flitHops, 0);
  // One message per source, all measured, all finished (a deadlock is reported as such below).
  const n = c.sources.length;
  metrics.messages = {
    created: n,
    delivered: out.deadlock ? 0 : n,
    measured: n,
    unfinished: out.deadlock ? n : 0,
  };
  metrics.traffic = { total: out.flitHops, perMessage: r(out.flitHops / Math.max(1, n)) };
  // One collective per run: its makespan is one value, whose interval comes from the seeds; when
  // the workload draws nothing at random every seed runs this same collective, and the value is
  // exact (docs/results.md, "Confidence intervals").
  const exact = { n: 1, halfWidth: 0, method: 'exact', df: 0 } as const;
  metrics.intervals = drawsAtRandom(spec)
    ? {}
    : { 'ib.makespan.cycles': exact, 'ib.makespan.ns': exact, 'ib.makespan.us': exact };
  metrics.ib = {
    makespan: { cycles: out.makespan, ns: out.makespan * cycleNs, us: r((out.makespan * cycleNs) / 1000) },
    zeroLoad: { cycles: zero, us: r((zero * cycleNs) / 1000) },
    sources: c.sources.length,
    groupSize: c.group.length,
    packets: out.packets,
    packetFlits: length,
    deliveries: out.deliveries,
    flitHops: out.flitHops,
    vls,
  };
  if (out.deadlock) metrics.deadlock = out.deadlock;
  const resolved: McsimConfig = {
    ...config,
    network: {
      ...config.network,
      topology: t.spec,
      routing: 'ib-xy',
      routingOptions: { vls: policy === 'dedicated' ? 'dedicated' : 'shared' },
      vcs: vls,
      bufferDepth: length,
      switching: 'ib',
      injectionChannels: policy === 'shared' || policy === 'shared-sl' ? vls : 1,
      consumptionChannels: 1,
    },
  };
  return {
    version: VERSION,
    seed: config.seed,
    outcome: out.deadlock
      ? { status: 'deadlock', reason: out.deadlock.text.split('\n', 1)[0]! }
      : { status: 'complete' },
    config: resolved,
    metrics,
  };
}

function withTopology(spec: string) {
  return asIbMesh(
    withField('network.topology', () => parseTopology(spec)),
    'network.topology',
  );
}

import type { McsimConfig } from '../config/schema.js';
import type { Network } from '../engine/network.js';
import { MetricsCollector } from '../metrics/collector.js';
import { planMetrics } from '../multicast/metrics.js';
import type { RunOptions, RunResult } from '../run/result.js';
import type { Runner } from '../run/runner.js';
import { type Interval, Moments } from '../stats/interval.js';
import { randomMulticast } from '../traffic/destinations.js';
import { McsimError } from '../util/errors.js';
import { Rng } from '../util/rng.js';
import { VERSION } from '../version.js';
import { buildFromConfig } from './build.js';
import { planMulticast, plannerForNetwork } from './drivers/multicast.js';

type PlanWorkload = Extract<McsimConfig['workload'], { type: 'plan-metrics' }>;

/** An analysis, not a flit simulation: the plans of random multicasts measured hop by hop. */
export const planMetricsRunner: Runner<'plan-metrics'> = {
  type: 'plan-metrics',
  description: 'hop latency, traffic and phases of the plans of random multicasts, 001 sec. 3.4 (no flits)',
  noTrace: 'a plan-metrics workload moves no flits, so it has no trace',
  run(config, options) {
    const { net, resolved } = buildFromConfig(config);
    return runPlanMetrics(config, net, resolved, options);
  },
};

/** Destinations per multicast: `destinations`, or round(destinationsFraction * N); at most N - 1. */
export function planDestinations(w: PlanWorkload, numNodes: number, spec: string): number {
  if (w.destinations !== undefined && w.destinationsFraction !== undefined)
    throw new McsimError('give destinations or destinationsFraction, not both', 'workload');
  const k =
    w.destinationsFraction !== undefined
      ? Math.max(1, Math.round(w.destinationsFraction * numNodes))
      : (w.destinations ?? 20);
  if (k > numNodes - 1)
    throw new McsimError(
      `${k} destinations do not fit ${spec}: a multicast reaches at most the ${numNodes - 1} nodes other than its source`,
      'workload.destinations',
    );
  return k;
}

/**
 * The 'plan-metrics' workload: `samples` multicasts, each from a uniformly random source to a
 * uniformly random set of destinations, planned and measured hop by hop without flit simulation
 * (001 sec. 3.4: latency = the longest transmission path, traffic = the channels used; sec. 4: 25 ns
 * per hop). The random sets depend only on the seed and the network, so every scheme of a sweep is
 * measured on the same sets.
 */
export function runPlanMetrics(
  config: McsimConfig,
  net: Network,
  resolved: McsimConfig,
  options: RunOptions,
): RunResult {
  const w = config.workload as PlanWorkload;
  const topo = net.topology;
  const planner = plannerForNetwork(net, w.algorithm);
  const k = planDestinations(w, net.numNodes, topo.spec);
  const rfFor = (name?: string) => (name === undefined ? net.routing : net.routingByName(name));
  const rng = new Rng(config.seed, 0);
  // Each sample is an independent random set: i.i.d. intervals (stats/interval.ts).
  const lat = new Moments();
  const traffic = new Moments();
  const phases = new Moments();
  const worms = new Moments();
  let latMax = 0;
  for (let i = 0; i < w.samples; i++) {
    const { source, dests } = randomMulticast(rng, net.numNodes, k);
    const m = planMetrics(planMulticast(net, planner, source, dests, 1), topo, rfFor);
    lat.add(m.hopLatency);
    latMax = Math.max(latMax, m.hopLatency);
    traffic.add(m.traffic);
    phases.add(m.phases);
    worms.add(m.worms);
    if ((i & 63) === 0) options.onProgress?.(i, w.samples);
  }
  const r = (x: number) => Math.round(x * 10000) / 10000;
  const metrics = new MetricsCollector(net.numNodes, 0, 1).metrics(0, 0);
  metrics.plan = {
    samples: w.samples,
    nodes: net.numNodes,
    destinations: k,
    hopLatency: r(lat.mean),
    hopLatencyMax: latMax,
    latencyNs: r(lat.mean * w.nsPerHop),
    traffic: r(traffic.mean),
    phases: r(phases.mean),
    worms: r(worms.mean),
  };
  const iv = (m: Moments, scale = 1): Interval => {
    const i = m.interval();
    return { ...i, halfWidth: i.halfWidth === null ? null : r(i.halfWidth * scale) };
  };
  metrics.intervals = {
    'plan.hopLatency': iv(lat),
    'plan.latencyNs': iv(lat, w.nsPerHop),
    'plan.traffic': iv(traffic),
    'plan.phases': iv(phases),
    'plan.worms': iv(worms),
  };
  return { version: VERSION, seed: config.seed, outcome: { status: 'complete' }, config: resolved, metrics };
}

import { checkContention } from '../analysis/contention.js';
import { stepModel } from '../analysis/steps.js';
import { unicastsOf } from '../analysis/unicasts.js';
import type { McsimConfig } from '../config/schema.js';
import type { Network } from '../engine/network.js';
import { MetricsCollector } from '../metrics/collector.js';
import type { StepMetrics } from '../metrics/types.js';
import type { Runner } from '../run/runner.js';
import { type Interval, Moments } from '../stats/interval.js';
import { randomMulticast } from '../traffic/destinations.js';
import { McsimError } from '../util/errors.js';
import { Rng } from '../util/rng.js';
import { VERSION } from '../version.js';
import { buildFromConfig } from './build.js';
import { planMulticast, plannerForNetwork } from './drivers/multicast.js';

type Steps = Extract<McsimConfig['workload'], { type: 'steps' }>;

/** An analysis, not a flit simulation: the step model of 004 sec. 6 on the config's network. */
export const stepsRunner: Runner<'steps'> = {
  type: 'steps',
  description: 'message-passing steps of random multicast sets by the step model of 004 sec. 6 (no flits)',
  noTrace: 'a steps workload moves no flits, so it has no trace',
  run(config, options) {
    const { net, resolved } = buildFromConfig(config);
    const steps = runSteps(config, net, config.workload, options.onProgress ?? (() => {}));
    const metrics = new MetricsCollector(net.numNodes, 0, 1).metrics(0, 0);
    metrics.steps = steps.metrics;
    metrics.intervals = steps.intervals;
    return {
      version: VERSION,
      seed: config.seed,
      outcome: { status: 'complete' },
      config: resolved,
      metrics,
    };
  },
};

/**
 * The 'steps' workload: `samples` random multicast sets of `setSize` nodes (a uniformly random
 * source and setSize - 1 destinations), each planned and run through the step model of 004 sec. 6.
 * Every plan is also checked for depth contention (Theorem 1, 004 sec. 4), so a figure's data says
 * whether the plans it measured were contention-free, not only a unit test.
 */
export function runSteps(
  config: McsimConfig,
  net: Network,
  w: Steps,
  progress: (d: number, t: number) => void,
): { metrics: StepMetrics; intervals: Record<string, Interval> } {
  const planner = plannerForNetwork(net, w.algorithm);
  if (w.setSize > net.numNodes)
    throw new McsimError(
      `a set of ${w.setSize} nodes does not fit ${net.topology.spec} (${net.numNodes} nodes)`,
      'workload.setSize',
    );
  const rng = new Rng(config.seed, 0);
  const rfFor = (name?: string) => (name === undefined ? net.routing : net.routingByName(name));
  // Each sample is an independent random set: i.i.d. intervals (stats/interval.ts).
  const steps = new Moments();
  const noSharing = new Moments();
  const cont = new Moments();
  let max = 0;
  let maxNo = 0;
  let contended = 0;
  for (let i = 0; i < w.samples; i++) {
    const { source, dests } = randomMulticast(rng, net.numNodes, w.setSize - 1);
    const plan = planMulticast(net, planner, source, dests, 1);
    const unicasts = unicastsOf(plan, net.topology, rfFor);
    const out = stepModel(source, unicasts);
    if (!checkContention(net.topology, net.routing, source, unicasts, 0).contentionFree) contended++;
    steps.add(out.steps);
    max = Math.max(max, out.steps);
    noSharing.add(out.stepsNoSharing);
    maxNo = Math.max(maxNo, out.stepsNoSharing);
    cont.add(out.linkContention);
    if ((i & 63) === 0) progress(i, w.samples);
  }
  const r = (x: number) => Math.round(x * 10000) / 10000;
  const iv = (m: Moments): Interval => {
    const i = m.interval();
    return { ...i, halfWidth: i.halfWidth === null ? null : r(i.halfWidth) };
  };
  return {
    metrics: {
      samples: w.samples,
      lowerBound: Math.ceil(Math.log2(w.setSize)),
      mean: r(steps.mean),
      max,
      meanNoSharing: r(noSharing.mean),
      maxNoSharing: maxNo,
      meanLinkContention: r(cont.mean),
      contendedPlans: contended,
    },
    intervals: {
      'steps.mean': iv(steps),
      'steps.meanNoSharing': iv(noSharing),
      'steps.meanLinkContention': iv(cont),
    },
  };
}

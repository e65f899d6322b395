import { costText, inputBufferCost } from '../src/router/switch-cost.js';
import type { RunResult } from '../src/run/result.js';
import { fmtHalf } from '../src/stats/compare.js';
import { LAG1_CORRECTABLE } from '../src/stats/interval.js';

const ENDED = {
  fixed: 'fixed length',
  converged: 'converged (every watched mean within its target)',
  cap: 'cap (not converged)',
  unstable: 'unstable (past saturation)',
  deadlock: 'stopped by a deadlock',
} as const;

/** A readable summary of one run. */
export function summaryText(r: RunResult): string {
  const m = r.metrics;
  const c = r.config;
  const w = c.workload;
  // "mean ± half-width (n)" for any mean with an interval (metrics.intervals, docs/results.md).
  const pm = (path: string, v: number) => {
    const iv = m.intervals?.[path];
    return iv?.halfWidth ? `${v} ± ${fmtHalf(iv.halfWidth)}` : String(v);
  };
  const lat = (s: typeof m.latency, path: string) => {
    if (s.count === 0) return 'n/a';
    const lag1 = m.intervals?.[path]?.lag1 ?? 0;
    const note = lag1 > 0.3 ? `; batches correlated, lag1 ${lag1}: interval widened` : '';
    return `mean ${pm(path, s.mean)} (95% CI, ${s.count} messages${note}), p50 ${s.p50}, p99 ${s.p99}, max ${s.max}`;
  };
  const o = r.outcome;
  const bound = m.latencyLowerBound ? '>= ' : '';
  const rows: Array<[string, string]> = [
    [
      'outcome',
      o.status === 'complete'
        ? 'complete: every measured message finished'
        : o.status === 'deadlock'
          ? `DEADLOCK (${o.reason}); not data`
          : `UNFINISHED: ${o.reason}; not data`,
    ],
    [
      'network',
      `${c.network.topology}, routing ${c.network.routing}, ${c.network.switching}, buffers ${c.network.bufferDepth} flit(s)`,
    ],
    ...(c.network.switching === 'input-fifo' && c.network.switchOptions
      ? ([
          [
            'switch cost',
            costText(
              inputBufferCost(c.network.switchOptions.chunkFlits, c.network.switchOptions.organisation),
            ),
          ],
        ] as Array<[string, string]>)
      : []),
    ['workload', describeWorkload(w)],
    ['seed', String(r.seed)],
    ['cycles', String(m.cycles)],
    [
      'messages',
      `${m.messages.created} created, ${m.messages.delivered} finished, ${m.messages.measured} measured, ${m.messages.unfinished} unfinished`,
    ],
    ['latency (cycles)', bound + lat(m.latency, 'latency.mean')],
    ['avg over dests', bound + lat(m.latencyAvgDest, 'latencyAvgDest.mean')],
    [
      'traffic',
      `${m.traffic.total} flit-hops, ${pm('traffic.perMessage', m.traffic.perMessage)} per message`,
    ],
    [
      'throughput',
      `offered ${pm('throughput.offered', m.throughput.offered)}, accepted ${pm('throughput.accepted', m.throughput.accepted)} flits/node/cycle`,
    ],
  ];
  if (m.window)
    rows.push([
      'window',
      `cycles ${m.window.start}..${m.window.end}, ${m.window.batches} batches of ${m.window.batchCycles}, ended: ${ENDED[m.window.endedBy]}${belowText(m.window.belowMinimum, w)}`,
    ]);
  if (m.stability)
    rows.push([
      'stability',
      !m.stability.stable
        ? `UNSTABLE, past saturation: ${m.stability.reason}`
        : m.stability.latencyGrowth.lag1 > LAG1_CORRECTABLE
          ? `undetermined, near saturation: no instability shown, but the latency batches are correlated beyond ${LAG1_CORRECTABLE} (lag1 ${m.stability.latencyGrowth.lag1}), too slow for this window to tell a drift from a rise (docs/results.md, "Stability and saturation")`
          : 'stable: accepted keeps up with offered, latency does not grow beyond its interval',
    ]);
  if (m.steps)
    rows.push([
      'steps',
      `mean ${m.steps.mean} (max ${m.steps.max}), without link sharing ${m.steps.meanNoSharing} (max ${m.steps.maxNoSharing}), lower bound ${m.steps.lowerBound}, link contention ${m.steps.meanLinkContention} per multicast`,
    ]);
  if (m.plan)
    rows.push([
      'plan',
      `hop latency ${m.plan.hopLatency} (max ${m.plan.hopLatencyMax}, ${m.plan.latencyNs} ns), traffic ${m.plan.traffic} channels, ${m.plan.phases} phases, ${m.plan.worms} worms per multicast`,
    ]);
  if (m.ib)
    rows.push([
      'makespan',
      `${m.ib.makespan.us} us (${m.ib.makespan.cycles} cycles; zero-load multicast ${m.ib.zeroLoad.us} us), ${m.ib.packets} packets of ${m.ib.packetFlits} flits, ${m.ib.deliveries} deliveries, ${m.ib.flitHops} flit-hops`,
    ]);
  for (const [tag, cm] of Object.entries(m.classes ?? {}))
    if (Object.keys(m.classes).length > 1)
      rows.push([`${tag} latency`, bound + lat(cm.latency, `classes.${tag}.latency.mean`)]);
  const width = Math.max(...rows.map((x) => x[0].length));
  let text = rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n');
  if (m.deadlock) text += `\n\n${m.deadlock.text}`;
  return text;
}

/** "; below the minimum of 1000 messages: multicast 122" (metrics.window.belowMinimum). */
function belowText(below: Record<string, number> | undefined, w: RunResult['config']['workload']): string {
  if (!below) return '';
  const min = 'convergence' in w && w.convergence ? ` of ${w.convergence.minMessages}` : '';
  const sets = Object.entries(below).map(([set, n]) => `${set} ${n}`);
  return `; below the minimum${min} messages: ${sets.join(', ')}`;
}

function describeWorkload(w: RunResult['config']['workload']): string {
  switch (w.type) {
    case 'uniform':
      return `uniform unicast, load ${w.load} flits/node/cycle, ${w.packetLength} flits`;
    case 'messages':
      return `${w.messages.length} given message(s)`;
    case 'multicast':
      return `${w.samples} contention-free multicasts, ${w.algorithm}, ${w.destinations} destinations`;
    case 'mixed':
      return `mixed unicast/multicast, ${w.algorithm}, load ${w.load}`;
    case 'steps':
      return `step model (004 sec. 6), ${w.algorithm}, sets of ${w.setSize} nodes, ${w.samples} samples`;
    case 'plan-metrics':
      return `plan-level metrics (001 sec. 3.4), ${w.algorithm}, ${w.destinations ?? `${(w.destinationsFraction ?? 0) * 100}% of the nodes as`} destinations, ${w.samples} samples`;
    case 'ib-collective':
      return `InfiniBand collective (003 sec. 4), ${w.sources === 'one' ? 'one source' : `${w.sources * 100}% of the nodes as sources`}, group ${w.groupFraction * 100}%, ${w.variant}${w.variant.endsWith('1vl') ? '' : ` ${w.vls} VLs`}, ${w.messageBytes} B`;
  }
}

/** Right-aligned table. */
export function table(head: string[], rows: Array<Array<string | number>>): string {
  const cells = rows.map((r) => r.map(String));
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]!.length)));
  return [head, ...cells].map((r) => r.map((c, i) => c.padStart(widths[i]!)).join('  ')).join('\n');
}

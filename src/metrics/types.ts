import type { DeadlockReport } from '../engine/report.js';
import type { Interval } from '../stats/interval.js';
import type { Stability } from './stability.js';

/** Summary statistics of one latency measure, in cycles. */
export interface LatencyStats {
  count: number;
  mean: number;
  p50: number;
  p99: number;
  max: number;
  /**
   * 95% confidence interval of the mean (mean -+ the half-width in `intervals`); null when none
   * can be estimated (too few batches or samples): never a zero-width interval that claims exactness.
   */
  ci95: [number, number] | null;
}

/** The measurement window of an open-loop run, as it ended. */
export interface WindowEnd {
  start: number;
  /** The window is [start, end): messages created in it are measured. */
  end: number;
  /** Batches the window's samples were grouped into for the intervals, and their length. */
  batches: number;
  batchCycles: number;
  /**
   * What ended it: `fixed` (a window of set length), `converged` (every watched mean's interval
   * reached its target), `cap` (the cap came first), `unstable` (the run was past saturation).
   */
  endedBy: 'fixed' | 'converged' | 'cap' | 'unstable' | 'deadlock';
  /**
   * A window that may end by convergence: the watched sets of messages (`all`, and each class when
   * the workload creates several) with fewer finished measured messages than the minimum
   * (workload.convergence.minMessages), with their counts. Absent when every set reached it, as in
   * every converged window; present, with `cap`, when a class was too rare to reach it before the
   * cap: that class's mean did not converge by the rule, and its interval is the run's own.
   */
  belowMinimum?: Record<string, number>;
}

/** Metrics of one run; the shape of `metrics` in `mcsim run --json`. */
export interface RunMetrics {
  /** Simulated cycles. */
  cycles: number;
  messages: {
    created: number;
    delivered: number;
    /** Messages created inside the measurement window (the ones latency statistics cover). */
    measured: number;
    /** Measured messages not finished when the run stopped (non-zero means saturation or a cut-off run). */
    unfinished: number;
  };
  /**
   * True when measured messages were left unfinished (saturation, a cut-off run or a deadlock): the
   * latency statistics then cover only the messages that finished and understate the truth.
   */
  latencyLowerBound: boolean;
  /** Latency = tail arrival at the last destination minus creation (000 sec. 5.2), the default measure. */
  latency: LatencyStats;
  /** Latency averaged over destinations: mean over destinations of tail arrival minus creation (002 sec. 7.2). */
  latencyAvgDest: LatencyStats;
  /** Header arrival at the last destination minus creation. */
  headerLatency: LatencyStats;
  /** Traffic: flits moved over network physical channels (one channel busy for one cycle = 1 unit, 000 sec. 5.2). */
  traffic: { total: number; perMessage: number };
  /** Flits per node per cycle over the measurement window. */
  throughput: { offered: number; accepted: number };
  /** Flit moves over network channels in the whole run (flit-hops). */
  flitHops: number;
  /** The same measures per message class ('unicast', 'multicast'), for workloads that mix them. */
  classes: Record<
    string,
    { latency: LatencyStats; latencyAvgDest: LatencyStats; traffic: { total: number; perMessage: number } }
  >;
  /**
   * The sample count and 95% confidence interval of every reported mean, keyed by its path under
   * `metrics` (e.g. "latency.mean", "throughput.accepted", "classes.multicast.latency.mean",
   * "plan.hopLatency"); docs/results.md says how each is estimated.
   */
  intervals: Record<string, Interval>;
  /** The measurement window of an open-loop run (workloads uniform and mixed). */
  window?: WindowEnd;
  /** Whether an open-loop run was stable over its window (metrics/stability.ts). */
  stability?: Stability;
  /** Step-model results (workload type 'steps', 004 sec. 6). */
  steps?: StepMetrics;
  /** Plan-level results (workload type 'plan-metrics', 001 sec. 3.4). */
  plan?: PlanLevelMetrics;
  /** InfiniBand collective results (workload type 'ib-collective', 003 sec. 4). */
  ib?: IbMetrics;
  /** Set when the run stopped on a deadlock. */
  deadlock?: DeadlockReport;
  /** 002's switch diagnostics, only when `metrics.switchDiagnostics` is on (metrics/switch-diagnostics.ts). */
  switchDiagnostics?: SwitchDiagnosticsMetrics;
}

/** A mean over `count` samples (0 when there are none). */
export interface MeanStat {
  count: number;
  mean: number;
}

/**
 * Where packets wait inside 002's switches and how the links are loaded, over the measurement
 * window (docs/experiments/switch.md defines each measure). Sides: `down` = input ports fed from
 * below (processors or lower-level switches, down ports 0..3 of a fat-tree switch), `up` = input
 * ports fed from the level above (ports 4..7).
 */
export interface SwitchDiagnosticsMetrics {
  /** Cycles a packet waits at the head of its input FIFO, routed, until it is served (002 sec. 6, C35). */
  headWait: { down: MeanStat; up: MeanStat };
  /** Cycles a packet blocks the head of its input FIFO, by whether it is replicated there (002 sec. 6, X10). */
  headResidence: { replicating: MeanStat; nonReplicating: MeanStat };
  /** central-buffer: packets written into the central buffer, and flits it holds per switch on average, by input side (X9). */
  centralBuffer: { admitted: { down: number; up: number }; meanFlits: { down: number; up: number } };
  /** Flits per channel per cycle by channel class: `up1to2`, `down2to1`, ..., `toProcessor` (X5). */
  channelLoad: Record<string, number>;
  /** Flits per node per cycle the processors inject (X4: software forwarding lags the offered load). */
  injected: number;
  /** Per measured message with two or more deliveries: last minus first tail arrival, cycles (X8). */
  spread: MeanStat;
}

/** One collective on an InfiniBand mesh (003 sec. 4): its makespan and what it moved. */
export interface IbMetrics {
  /** From t = 0 until the last member holds the last byte: cycles, and at flitBytes * byteTimeNs per cycle. */
  makespan: { cycles: number; ns: number; us: number };
  /**
   * The largest zero-load multicast time over the sources, (H + 1)(R + 1) + L - 1: H the longest
   * member distance, R the routing delay, L the packet's flits.
   */
  zeroLoad: { cycles: number; us: number };
  sources: number;
  groupSize: number;
  packets: number;
  packetFlits: number;
  deliveries: number;
  flitHops: number;
  vls: number;
}

/** Message-passing steps of unicast-based multicasts (004 sec. 6), over `samples` random sets. */
export interface StepMetrics {
  samples: number;
  /** ceil(log2 m) for m nodes in the multicast. */
  lowerBound: number;
  /** Steps with physical links shared by virtual channels. */
  mean: number;
  max: number;
  /** Steps if every virtual channel had its own link (the plan's own step count). */
  meanNoSharing: number;
  maxNoSharing: number;
  /** Physical-link contentions per multicast. */
  meanLinkContention: number;
  /** Sampled plans in which Theorem 1 finds a pair of unicasts in depth contention (0 for U-CCC by Theorem 2). */
  contendedPlans: number;
}

/** Hop-level measures of random multicasts, from their plans alone (001 sec. 3.4; multicast/metrics.ts). */
export interface PlanLevelMetrics {
  samples: number;
  /** Nodes of the network and destinations per multicast. */
  nodes: number;
  destinations: number;
  /** Mean and largest hop latency (chained hops to the farthest destination). */
  hopLatency: number;
  hopLatencyMax: number;
  /** Mean hop latency times the time per hop (001 sec. 4: 25 ns). */
  latencyNs: number;
  /** Mean channels used per multicast, summed over worms. */
  traffic: number;
  /** Mean start-up phases and worms per multicast. */
  phases: number;
  worms: number;
}

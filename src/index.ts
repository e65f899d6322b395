/**
 * mcsim's public API: one entry point for the library. The simulator (configs, networks, the
 * engine, runs) and its sweeps (an experiment file's points run in parallel, their records and
 * summaries); the papers' reproduction (reproduction/), the bench (bench/) and the command line
 * (cli/) are users of this API and export nothing here.
 */

export { defineConfig, simulate } from './api/config.js';
export {
  type ContentionView,
  type PlannedMulticast,
  type PlanRequest,
  planMulticast,
  type StepUnicast,
} from './api/plan.js';
export { type TraceWindow, traceMulticast, traceRun, viewerHtml } from './api/trace.js';
export { loadConfigFile, parseConfig, type ResolveInput, resolveConfig } from './config/load.js';
export { ConfigSchema, type McsimConfig, type McsimConfigInput } from './config/schema.js';
export type { StopConfig, WormConfig } from './config/workload-schema.js';
export {
  DeadlockError,
  Engine,
  type EngineHooks,
  type EngineOptions,
  type ShortcutSet,
  type ShortcutStats,
  type Timing,
} from './engine/engine.js';
export { SHORTCUTS, type ShortcutName, type ShortcutWish } from './engine/fast/shortcuts.js';
export type { Delivery, MessageState } from './engine/message.js';
export {
  buildNetwork,
  describeBuffer,
  type Network,
  type NetworkOptions,
  type SwitchOptions,
} from './engine/network.js';
export { NEEDS, type Need, type RouterModel, type SwitchModel, type SwitchPolicy } from './engine/policy.js';
export type { DeadlockReport } from './engine/report.js';
export type { TraceSink } from './engine/state.js';
export type { SwitchView } from './engine/view.js';
export type { Difference, Stability } from './metrics/stability.js';
export type {
  IbMetrics,
  LatencyStats,
  MeanStat,
  PlanLevelMetrics,
  RunMetrics,
  StepMetrics,
  SwitchDiagnosticsMetrics,
  WindowEnd,
} from './metrics/types.js';
export type { PlanView, StopView, WormView } from './multicast/inspect.js';
export type { MulticastPlan } from './multicast/plan.js';
export type { MulticastRequest } from './multicast/request.js';
export { SERVICES, type Service, type StopSpec, unicastWorm, type WormSpec } from './plan/worm.js';
export { estimatedCost } from './resources/cost.js';
export { estimatedSeconds } from './resources/run-time.js';
export { readJsonl, readSweepRecords } from './results/read.js';
export { ROUTER_MODELS, registerSwitchModel, routerModel } from './router/registry.js';
export { type Hop, tracePath, tracePathVia } from './routing/path.js';
export { buildRouting, defaultRoutingName, ROUTINGS } from './routing/registry.js';
export type { RoutingDef, RoutingFunction } from './routing/routing.js';
export { EJECT, packRoute, routePort, routeVcMask } from './routing/routing.js';
export type { RunOutcome } from './run/outcome.js';
export type { MessageRecord } from './run/record.js';
export type { RunOptions, RunResult, TraceOptions } from './run/result.js';
export { runSimulation } from './sim/run.js';
export type { Decision } from './stats/compare.js';
export type { Interval } from './stats/interval.js';
export type { ClaimResult, ClaimsOf, Verdict } from './sweep/claims.js';
export { dataPoints, latestPerKey, type PointRecord } from './sweep/record.js';
export { type Experiment, ExperimentSchema } from './sweep/schema.js';
export { summaryMarkdown } from './sweep/summary.js';
export {
  loadExperiment,
  type Plotter,
  resultsFile,
  runSweep,
  runSweeps,
  type SweepOptions,
  type SweepResult,
  siblingsIn,
} from './sweep/sweep.js';
export type { Fits } from './topology/fits.js';
export { parseTopology, TOPOLOGIES, type TopologyDef } from './topology/registry.js';
export type { Topology } from './topology/topology.js';
export type {
  Trace,
  TraceChannel,
  TraceEnd,
  TraceHeader,
  TraceHop,
  TraceLine,
  TraceStop,
  TraceWait,
  TraceWorm,
} from './trace/format.js';
export { UniformTraffic } from './traffic/uniform.js';
export { McsimError } from './util/errors.js';
export { Rng } from './util/rng.js';
export { VERSION } from './version.js';

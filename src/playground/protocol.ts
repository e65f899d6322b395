import type { PlanView } from '../multicast/inspect.js';
import type { Trace, TraceHeader } from '../trace/format.js';

/** The plan view the page shows (`mcsim plan --json`'s), named here so the page imports only this module. */
export type { PlanView };

/** One multicast the playground runs: a scheme from a source to destinations, in a config's network. */
export interface PlaygroundRequest {
  algorithm: string;
  source: string | number;
  /** Destination ids or numbers (a string: ids separated by spaces). */
  dests: string | ReadonlyArray<string | number>;
  /** Message length in flits. Default 20. */
  length?: number;
}

/** What the playground shows of one multicast: the plan, the run's trace, and its numbers. */
export interface PlaygroundRun {
  plan: PlanView;
  trace: Trace;
  /** `deadlock` runs end at the deadlock; the trace then shows what waits on what. */
  status: 'complete' | 'deadlock';
  /** Cycle the run ended at. */
  cycle: number;
  /** Per destination (node id), cycles its header and its tail reached it (-1: never). */
  arrivals: Array<{ node: string; header: number; tail: number }>;
  /** Cycle the last tail reached its destination (the multicast's latency from cycle 0), or -1. */
  latency: number;
  /** Flits moved over network channels (flit-hops), injection and consumption channels left out. */
  traffic: number;
}

/** What the playground draws before anything runs: the network, and the schemes that fit it. */
export interface PlaygroundNetwork {
  header: TraceHeader;
  /** Every registered scheme that fits the topology, in registry order. */
  schemes: Array<{ name: string; description: string }>;
}

/**
 * What the page asks its Web Worker (worker.ts): the network of a config and the schemes that fit
 * it, the plans of multicasts (before they run), or runs of one config, each one multicast.
 */
export type WorkerAsk =
  | { id: number; kind: 'network'; config: unknown }
  | { id: number; kind: 'plans'; config: unknown; runs: PlaygroundRequest[] }
  | { id: number; kind: 'runs'; config: unknown; runs: PlaygroundRequest[] };

/** The worker's answer, or the error as the CLI would word it. */
export type WorkerAnswer =
  | { id: number; ok: true; network: PlaygroundNetwork }
  | { id: number; ok: true; plans: PlanView[] }
  | { id: number; ok: true; runs: PlaygroundRun[] }
  | { id: number; ok: false; error: string };

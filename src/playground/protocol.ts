import type { PlaygroundRequest, PlaygroundRun } from './simulate.js';

/** What the page asks its Web Worker (worker.ts): runs of one config, each one multicast. */
export interface WorkerAsk {
  id: number;
  config: unknown;
  runs: PlaygroundRequest[];
}

/** The worker's answer: every run, or the first error as the CLI would word it. */
export type WorkerAnswer =
  | { id: number; ok: true; runs: PlaygroundRun[] }
  | { id: number; ok: false; error: string };

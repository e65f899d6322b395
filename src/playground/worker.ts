import { McsimError } from '../util/errors.js';
import { describeNetwork } from './network.js';
import type { WorkerAnswer, WorkerAsk } from './protocol.js';
import { planOnly, simulateMulticast } from './simulate.js';

/**
 * The playground's Web Worker: the real planners and engine (simulate.ts), bundled for the browser
 * by scripts/build-playground.ts, running off the page's thread so that drawing stays fluid.
 */
const scope = globalThis as unknown as {
  onmessage: ((e: { data: WorkerAsk }) => void) | null;
  postMessage(a: WorkerAnswer): void;
};
scope.onmessage = (e) => {
  const ask = e.data;
  const id = ask.id;
  try {
    if (ask.kind === 'network') scope.postMessage({ id, ok: true, network: describeNetwork(ask.config) });
    else if (ask.kind === 'plans')
      scope.postMessage({ id, ok: true, plans: ask.runs.map((r) => planOnly(ask.config, r)) });
    else scope.postMessage({ id, ok: true, runs: ask.runs.map((r) => simulateMulticast(ask.config, r)) });
  } catch (err) {
    // Bad input reads as the CLI words it; anything else is a defect of ours and says so.
    const msg = (err as Error).message;
    scope.postMessage({ id, ok: false, error: err instanceof McsimError ? msg : `internal error: ${msg}` });
  }
};

import { parentPort } from 'node:worker_threads';
import type { McsimConfig } from '../config/schema.js';
import { runSimulation } from '../sim/run.js';

/** Sweep worker: runs one point per message and posts its metrics back (or the error). */
parentPort!.on('message', (msg: { id: number; config: McsimConfig }) => {
  const t0 = Date.now();
  try {
    const r = runSimulation(msg.config);
    parentPort!.postMessage({
      id: msg.id,
      ok: true,
      outcome: r.outcome,
      metrics: r.metrics,
      seconds: (Date.now() - t0) / 1000,
    });
  } catch (e) {
    parentPort!.postMessage({
      id: msg.id,
      ok: false,
      error: (e as Error).message,
      seconds: (Date.now() - t0) / 1000,
    });
  }
});

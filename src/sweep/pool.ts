import { existsSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { McsimConfig } from '../config/schema.js';
import type { RunMetrics } from '../metrics/types.js';
import type { RunOutcome } from '../run/outcome.js';

/** What a sweep worker posts back for one point (worker.ts). */
export interface WorkerReply {
  id: number;
  ok: boolean;
  outcome?: RunOutcome;
  metrics?: RunMetrics;
  error?: string;
  seconds: number;
}

function workerUrl(): URL {
  // The worker is a sibling module: worker.ts under tsx (tests), worker.js when built.
  const ext = extname(fileURLToPath(import.meta.url));
  const url = new URL(`./worker${ext}`, import.meta.url);
  if (!existsSync(fileURLToPath(url))) throw new Error(`sweep worker not found at ${url}`);
  return url;
}

/**
 * A worker thread running the sweep worker. From TypeScript sources (tests, tsx) loader flags do
 * not reach worker threads on Node 20, so a small bootstrap registers tsx first.
 */
function makeWorker(url: URL): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url);
  // tsx is resolved from this module, not from the working directory the user runs in.
  const api = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(boot, { eval: true });
}

/**
 * A fixed pool of `n` worker threads taking configs from one shared queue in the order given
 * (callers put the costliest first: resources/cost.ts); `onDone` gets each config's index and reply
 * as it finishes.
 */
export function runPool(
  configs: readonly McsimConfig[],
  n: number,
  onDone: (index: number, r: WorkerReply) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let next = 0;
    let live = 0;
    const url = workerUrl();
    const start = (w: Worker) => {
      if (next >= configs.length) {
        void w.terminate();
        if (--live === 0) resolve();
        return;
      }
      const id = next++;
      w.postMessage({ id, config: configs[id]! });
    };
    for (let i = 0; i < n; i++) {
      const w = makeWorker(url);
      live++;
      w.on('message', (r: WorkerReply) => {
        onDone(r.id, r);
        start(w);
      });
      w.on('error', reject);
      start(w);
    }
  });
}

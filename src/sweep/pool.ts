import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
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

function workerPath(): string {
  // The worker is a sibling module: worker.ts under tsx (tests), worker.js when built.
  const ext = extname(fileURLToPath(import.meta.url));
  const path = fileURLToPath(new URL(`./worker${ext}`, import.meta.url));
  if (!existsSync(path)) throw new Error(`sweep worker not found at ${path}`);
  return path;
}

/**
 * A child process running the sweep worker. Workers are processes, not threads: on Node 20 a
 * worker thread that ends while V8 still compiles one of its functions in the background can abort
 * the whole process (an assertion in the platform's per-isolate lookup), taking every finished
 * point's run with it; a child process ends with process.exit, which never takes that path, and a
 * child that dies anyway takes only its own point. Under tsx (tests) the child loads tsx first,
 * resolved from this module rather than from the working directory.
 */
function makeWorker(path: string): ChildProcess {
  const execArgv = path.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : [];
  // 'advanced' serialization is a structured clone, as between threads: Infinity, NaN and
  // undefined arrive as they were sent, so records do not depend on how points were run.
  return fork(path, [], {
    execArgv,
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** The reply for a point whose worker process ended before answering. */
function lostReply(id: number, code: number | null, signal: NodeJS.Signals | null, t0: number): WorkerReply {
  const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
  return {
    id,
    ok: false,
    error: `the worker process running this point ${how} before it finished`,
    seconds: (Date.now() - t0) / 1000,
  };
}

/**
 * A fixed pool of `n` worker processes taking configs from one shared queue in the order given
 * (callers put the costliest first: resources/cost.ts); `onDone` gets each config's index and reply
 * as it finishes. A worker that dies mid-point leaves that point failed (with the reason) and is
 * replaced, so the rest of the queue still runs. Resolves once every worker has exited.
 */
export function runPool(
  configs: readonly McsimConfig[],
  n: number,
  onDone: (index: number, r: WorkerReply) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let next = 0;
    let live = 0;
    let failure: Error | undefined;
    const path = workerPath();
    const spawn = () => {
      const w = makeWorker(path);
      live++;
      let current: { id: number; t0: number } | undefined;
      const give = () => {
        if (next >= configs.length || failure) {
          current = undefined;
          w.disconnect();
          return;
        }
        current = { id: next++, t0: Date.now() };
        w.send({ id: current.id, config: configs[current.id]! });
      };
      w.on('message', (r: WorkerReply) => {
        current = undefined;
        onDone(r.id, r);
        give();
      });
      let ended = false;
      const end = () => {
        if (ended) return false;
        ended = true;
        live--;
        return true;
      };
      const settle = () => {
        if (live > 0) return;
        if (failure) reject(failure);
        else resolve();
      };
      w.on('error', (e) => {
        failure ??= e;
        // A process that never started emits no 'exit'.
        if (w.pid === undefined && end()) settle();
      });
      w.on('exit', (code, signal) => {
        if (!end()) return;
        const lost = current;
        current = undefined;
        if (lost && !failure) {
          onDone(lost.id, lostReply(lost.id, code, signal, lost.t0));
          if (next < configs.length) spawn();
        }
        settle();
      });
      give();
    };
    for (let i = 0; i < n; i++) spawn();
  });
}

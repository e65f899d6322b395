import type { McsimConfig } from '../config/schema.js';
import { runSimulation } from '../sim/run.js';
import type { WorkerReply } from './pool.js';

/**
 * Sweep worker (a child process of pool.ts): runs one point per message and sends its metrics
 * back, or the error. It ends with process.exit once the pool lets it go (pool.ts says why).
 */
process.on('message', (msg: { id: number; config: McsimConfig }) => {
  const t0 = Date.now();
  let reply: WorkerReply;
  try {
    const r = runSimulation(msg.config);
    reply = {
      id: msg.id,
      ok: true,
      outcome: r.outcome,
      metrics: r.metrics,
      seconds: (Date.now() - t0) / 1000,
    };
  } catch (e) {
    reply = { id: msg.id, ok: false, error: (e as Error).message, seconds: (Date.now() - t0) / 1000 };
  }
  process.send!(reply);
});
process.on('disconnect', () => process.exit(0));

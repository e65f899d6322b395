import type { WorkerAnswer, WorkerAsk } from '../protocol.js';

type Ask = WorkerAsk extends infer A ? (A extends { id: number } ? Omit<A, 'id'> : never) : never;

let worker: Worker | undefined;
let next = 0;
const waiting = new Map<number, (a: WorkerAnswer) => void>();

/**
 * Asks the playground's Web Worker (the planners and the engine, bundled into the page as text:
 * a page opened from disk may not load a worker from a file, so it starts from a blob of that text).
 */
export function askWorker(ask: Ask): Promise<WorkerAnswer> {
  if (!worker) {
    const src = document.getElementById('mcsim-worker')!.textContent!;
    worker = new Worker(URL.createObjectURL(new Blob([src], { type: 'text/javascript' })));
    worker.onmessage = (e: MessageEvent<WorkerAnswer>) => {
      waiting.get(e.data.id)?.(e.data);
      waiting.delete(e.data.id);
    };
  }
  const id = next++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    worker!.postMessage({ ...ask, id });
  });
}

import { build } from 'esbuild';
import { WORKER_NAME, workerBundleOptions } from '../src/playground/bundle.js';

// The playground's Web Worker (the planners and the engine, for the browser) into dist/playground/
// (part of npm run build).
await build({
  ...workerBundleOptions('src/playground/worker.ts'),
  outfile: `dist/playground/${WORKER_NAME}`,
});

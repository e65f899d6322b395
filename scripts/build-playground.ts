import { writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { PAGE_NAME, WORKER_NAME, workerBundleOptions } from '../src/playground/bundle.js';
import { playgroundPage } from '../src/playground/page.js';

// The playground (part of npm run build): its Web Worker (the planners and the engine, for the
// browser) and its page (the app, the viewer's drawing and that worker inline) in dist/playground/.
const worker = await build({ ...workerBundleOptions('src/playground/worker.ts'), write: false });
const app = await build({ ...workerBundleOptions('src/playground/app/main.ts'), write: false });
writeFileSync(`dist/playground/${WORKER_NAME}`, worker.outputFiles[0]!.text);
writeFileSync(
  `dist/playground/${PAGE_NAME}`,
  playgroundPage(app.outputFiles[0]!.text, worker.outputFiles[0]!.text),
);

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { browserBundleOptions, bundledScript } from '../util/bundled.js';
import { McsimError } from '../util/errors.js';

/** Where the build puts the playground: its worker's script and its page, in dist/playground/. */
export const WORKER_NAME = 'worker.bundle.js';
export const PAGE_NAME = 'playground.html';

/** In the browser bundle, `node:fs` is no-files.ts: nothing on the run path reads a file. */
const noFiles: Plugin = {
  name: 'no-files',
  setup(b) {
    b.onResolve({ filter: /^node:fs$/ }, () => ({
      path: fileURLToPath(new URL(`./no-files${here().endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url)),
    }));
  },
};

const here = () => fileURLToPath(import.meta.url);

/** esbuild options shared by the build script and the development fallback below. */
export function workerBundleOptions(entry: string) {
  return browserBundleOptions(entry, [noFiles]);
}

/**
 * The playground's Web Worker script: the planners and the engine bundled for the browser at build
 * time (npm run build), or on the spot when run from the sources.
 */
export function playgroundWorkerScript(): Promise<string> {
  return bundledScript({
    from: import.meta.url,
    source: './worker.ts',
    built: `../playground/${WORKER_NAME}`,
    options: workerBundleOptions,
    what: "the playground's worker",
  });
}

/**
 * The page's own script (the form, the two drawings, the numbers), bundled with d3 from the sources
 * (the build script bundles it the same way; src/playground/app is not compiled into dist/).
 */
export async function playgroundAppScript(): Promise<string> {
  const esbuild = await import('esbuild');
  const r = await esbuild.build({
    ...workerBundleOptions(fileURLToPath(new URL('./app/main.ts', import.meta.url))),
    write: false,
  });
  return r.outputFiles[0]!.text;
}

/** The playground page as `npm run build` wrote it, or (from the sources) built on the spot. */
export async function playgroundHtml(): Promise<string> {
  if (here().endsWith('.ts')) {
    const { playgroundPage } = await import('./page.js');
    return playgroundPage(await playgroundAppScript(), await playgroundWorkerScript());
  }
  const built = fileURLToPath(new URL(`../playground/${PAGE_NAME}`, import.meta.url));
  if (!existsSync(built))
    throw new McsimError(
      `the playground was not built (${PAGE_NAME} missing beside ${here()}): run npm run build`,
    );
  return readFileSync(built, 'utf8');
}

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { McsimError } from '../util/errors.js';

/** Where the build puts the viewer's script: beside this module in dist/viewer/. */
export const BUNDLE_NAME = 'app.js';

/** esbuild options shared by the build script and the development fallback below. */
export function bundleOptions(entry: string) {
  return {
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife' as const,
    target: 'es2020',
    legalComments: 'none' as const,
    logLevel: 'silent' as const,
  };
}

/**
 * The viewer's script, bundled at build time (npm run build: d3 and the app in one file). Run from
 * the sources (tsx, the tests), it is bundled from src/viewer/app/ on the spot with the pinned
 * esbuild, so it is never stale; nothing is fetched either way.
 */
export async function viewerScript(): Promise<string> {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    const esbuild = await import('esbuild');
    const r = await esbuild.build({
      ...bundleOptions(fileURLToPath(new URL('./app/main.ts', import.meta.url))),
      write: false,
    });
    return r.outputFiles[0]!.text;
  }
  // From dist/viewer/ or from the CLI bundle in dist/bundle/: both sit beside dist/viewer/.
  const built = fileURLToPath(new URL(`../viewer/${BUNDLE_NAME}`, import.meta.url));
  if (!existsSync(built))
    throw new McsimError(
      `the viewer was not built (${BUNDLE_NAME} missing beside ${here}): run npm run build`,
    );
  return readFileSync(built, 'utf8');
}

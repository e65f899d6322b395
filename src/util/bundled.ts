import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BuildOptions, Plugin } from 'esbuild';
import { McsimError } from './errors.js';

/** esbuild options of a script for the browser (one minified file), for the build scripts and below. */
export function browserBundleOptions(entry: string, plugins: Plugin[] = []) {
  return {
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife' as const,
    platform: 'browser' as const,
    target: 'es2020',
    legalComments: 'none' as const,
    logLevel: 'silent' as const,
    plugins,
  };
}

/**
 * A script that runs in the browser (the viewer's, the playground's worker). Run from the sources
 * (tsx, the tests), it is bundled from `source` on the spot with the pinned esbuild, so it is never
 * stale; built, it is the file `npm run build` wrote at `built`. Both paths are relative to `from`,
 * the caller's import.meta.url; nothing is fetched either way.
 */
export async function bundledScript(s: {
  from: string;
  source: string;
  built: string;
  options: (entry: string) => BuildOptions;
  what: string;
}): Promise<string> {
  const here = fileURLToPath(s.from);
  if (here.endsWith('.ts')) {
    const esbuild = await import('esbuild');
    const r = await esbuild.build({ ...s.options(fileURLToPath(new URL(s.source, s.from))), write: false });
    return r.outputFiles![0]!.text;
  }
  const built = fileURLToPath(new URL(s.built, s.from));
  if (!existsSync(built))
    throw new McsimError(`${s.what} was not built (${built} is missing): run npm run build`);
  return readFileSync(built, 'utf8');
}

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';
import { McsimError } from './errors.js';

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

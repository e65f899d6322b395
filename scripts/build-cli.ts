import { rmSync } from 'node:fs';
import { build } from 'esbuild';

/**
 * The command-line program as a few bundled files in dist/bundle/ (part of npm run build), so that
 * `mcsim run` starts simulating without resolving and reading some 180 modules one by one: the
 * CLI, the sweep worker and the bench child are entry points, and each command's own modules are
 * split into chunks loaded only when that command runs (the CLI imports them dynamically). Modules
 * that are large and only needed for plots, the viewer or browser tests stay external. All files sit
 * two levels below the package root, like dist/<dir>/<file>.js, so paths taken relative to a module
 * (the experiments folder, package.json, dist/viewer/) resolve the same in both builds. The
 * library (dist/index.js) stays unbundled.
 */
rmSync('dist/bundle', { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/cli/main.ts',
    worker: 'src/experiments/worker.ts',
  },
  outdir: 'dist/bundle',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunk-[hash]',
  minifyWhitespace: true,
  minifySyntax: true,
  keepNames: true,
  legalComments: 'none',
  logLevel: 'warning',
  external: ['@resvg/resvg-js', '@observablehq/plot', 'linkedom', 'esbuild', 'playwright-core', 'd3'],
  // CommonJS dependencies (commander, yaml) call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __mcsimRequire } from 'node:module'; const require = __mcsimRequire(import.meta.url);",
  },
});

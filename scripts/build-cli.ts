import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';

/**
 * The command-line program as a few bundled files in dist/bundle/ (part of npm run build), so that
 * `mcsim run` starts simulating without resolving and reading some 180 modules one by one: the
 * CLI (cli/main.ts, with the reproduction and the bench it imports) and the sweep worker are entry
 * points, and each command's own modules are split into chunks loaded only when that command runs
 * (the CLI imports them dynamically). Modules that are large and only needed for plots, the viewer
 * or browser tests stay external. All files sit two levels below the package root, like
 * dist/<dir>/<file>.js, so paths taken relative to a module (package.json, dist/viewer/, and
 * through src/util/package-path.ts the experiments folder and bin/) resolve the same in both
 * builds. The library (dist/index.js, from src/ alone) stays unbundled.
 *
 * `mcsim run` itself starts from dist/bundle/run.cjs instead (see cli/run-loader.ts): the
 * CLI and the run path as one CommonJS script, compiled from a V8 code cache written here.
 */
rmSync('dist/bundle', { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'cli/main.ts',
    worker: 'src/sweep/worker.ts',
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
  // keepNames would wrap every function and closure in a call that defines its name as it is
  // created: planners and routing functions that make closures per call ran twice as slow
  // (001 Fig. 8's sweep 24 s against 12 s). Nothing in mcsim reads a function's name.
  keepNames: false,
  legalComments: 'none',
  logLevel: 'warning',
  external: ['@resvg/resvg-js', '@observablehq/plot', 'linkedom', 'esbuild', 'playwright-core', 'd3'],
  // CommonJS dependencies (commander, yaml) call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __mcsimRequire } from 'node:module'; const require = __mcsimRequire(import.meta.url);",
  },
});

// The other commands' modules are left out of run.cjs (bin/mcsim.js sends only `run` there): each
// dynamic import of cli/main.ts but run's becomes a module that throws if ever loaded.
const onlyRun: Plugin = {
  name: 'only-run',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import' &&
      /(^|[\\/])cli[\\/]main\.ts$/.test(args.importer) &&
      args.path !== './run.js'
        ? { path: args.path, namespace: 'not-in-run-bundle' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'not-in-run-bundle' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${args.path} is not in run.cjs: only mcsim run starts there`)});`,
      loader: 'js',
    }));
  },
};
// Commander requires child_process (some 3 ms to load) only to run executable subcommands, which
// mcsim has none of: in run.cjs it gets a stand-in that loads the module on first use.
const lazyChildProcess: Plugin = {
  name: 'lazy-child-process',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]commander[\\/]/.test(args.importer) ? { path: 'child_process', namespace: 'lazy' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy' }, () => ({
      contents: "module.exports = new Proxy({}, { get: (_, key) => require('node:child_process')[key] });",
      loader: 'js',
    }));
  },
};
// The YAML parser (a third of run.cjs) is left out of it too: a script of its own with its own code
// cache (yaml.cjs), loaded on the first parse (cli/run-loader.ts), so a run on the defaults
// never loads it. Only `parse` is used on the run path; importing anything else fails the build.
const lazyYaml: Plugin = {
  name: 'lazy-yaml',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) =>
      args.namespace === 'lazy-yaml'
        ? { path: args.path, external: true }
        : args.path === 'yaml'
          ? { path: 'yaml', namespace: 'lazy-yaml' }
          : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-yaml' }, () => ({
      contents: `let yaml;
export function parse(...args) {
  yaml ??= require('./run-loader.cjs').loadYaml() ?? require('yaml');
  return yaml.parse(...args);
}`,
      loader: 'js',
    }));
  },
};
const cjs = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minifyWhitespace: true,
  minifySyntax: true,
  keepNames: false, // as above
  legalComments: 'none',
  logLevel: 'warning',
  // Paths taken relative to a module (package.json for the version) resolve from the file's place.
  define: { 'import.meta.url': '__mcsimUrl' },
  banner: { js: "const __mcsimUrl = require('node:url').pathToFileURL(__filename).href;" },
} as const;
await build({
  ...cjs,
  entryPoints: ['cli/main.ts'],
  outfile: 'dist/bundle/run.cjs',
  plugins: [onlyRun, lazyChildProcess, lazyYaml],
});
await build({
  ...cjs,
  stdin: { contents: "export { parse } from 'yaml';", resolveDir: '.', loader: 'js' },
  outfile: 'dist/bundle/yaml.cjs',
  // Short local names: 115 KB instead of 162, some 2 ms less to load. Only the library's own
  // names change; its errors and warnings carry names it sets itself (e.g. YAMLParseError).
  minifyIdentifiers: true,
});
// The loader bin/mcsim.js requires (CommonJS too, so that it loads without the ES module loader).
await build({ ...cjs, entryPoints: ['cli/run-loader.ts'], outfile: 'dist/bundle/run-loader.cjs' });

// The bench's child processes (bench/compare.ts runs them as dist/bench/child.js and
// paired-child.js): each loads the engine of the build it is given, so they import nothing of
// src/ and are bundled alone, outside dist/bundle (whose modules are the current revision's).
rmSync('dist/bench', { recursive: true, force: true });
await build({
  entryPoints: { child: 'bench/child.ts', 'paired-child': 'bench/paired-child.ts' },
  outdir: 'dist/bench',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
});

// The code caches of run.cjs and yaml.cjs: a short run of a small YAML config in a fresh `node` (no
// tsx hooks, no NODE_OPTIONS flags, whose V8 flags would make the caches unusable for a plain start).
const dir = mkdtempSync(join(tmpdir(), 'mcsim-cache-'));
try {
  const config = join(dir, 'config.yaml');
  writeFileSync(config, 'network:\n  topology: mesh:8x8\nworkload:\n  warmup: 0\n  measure: 200\n');
  const argv = ['run', config];
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const r = spawnSync(
    process.execPath,
    [
      '-e',
      `require('./dist/bundle/run-loader.cjs').writeRunCodeCache(${JSON.stringify(argv)}).catch((e) => { console.error(e); process.exitCode = 1; });`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], env },
  );
  if (r.status !== 0)
    throw new Error(`making the code caches of dist/bundle/run.cjs and yaml.cjs failed (${r.status})`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

/**
 * The fast start of `mcsim run` (bin/mcsim.js). The build writes the CLI with everything `run`
 * needs as one CommonJS file, dist/bundle/run.cjs, beside a V8 code cache of it made by a short run
 * at build time (scripts/build-cli.ts). Compiling it from the cache skips most of the parsing and
 * compiling that the ES module chunks cost on every start (Node 20 has no module compile cache).
 * V8 checks the cache against its own version, its flags and the source, and compiles normally
 * when they differ (another Node, `node --cpu-prof`, ...): the cache only ever saves time.
 * The YAML parser, a third of what run needs, is a script of its own (dist/bundle/yaml.cjs, with
 * its own cache) that run.cjs loads on first use: a run on the built-in defaults with plain `--set`
 * numbers reads no YAML and never loads it.
 * bin/mcsim.js requires this module as dist/bundle/run-loader.cjs; it imports nothing but Node's,
 * so loading it costs almost nothing.
 */
type Cli = typeof import('./main.js');
type Yaml = Pick<typeof import('yaml'), 'parse'>;

/** The scripts this process has compiled (file -> script), whose caches writeRunCodeCache writes. */
const compiled = new Map<string, Script>();
/** Set while the build makes the caches: every script is then compiled from source. */
let makingCaches = false;

/** CommonJS's own wrapper, on one line so that line numbers in stack traces stay those of the file. */
function wrap(source: string): string {
  return `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
}

function pathOf(name: string): string {
  return fileURLToPath(new URL(`./${name}`, import.meta.url));
}

/** Runs a bundled CommonJS script of dist/bundle/, compiled from its code cache where V8 takes it. */
function load<T>(name: string): T | undefined {
  const file = pathOf(name);
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    return undefined; // not built: the ES module build serves every command
  }
  let cachedData: Buffer | undefined;
  // A cache older than the script belongs to another build of it.
  if (!makingCaches) {
    try {
      if (statSync(`${file}.cache`).mtimeMs >= statSync(file).mtimeMs)
        cachedData = readFileSync(`${file}.cache`);
    } catch {
      // no cache: compile from source
    }
  }
  const script = new Script(wrap(source), { filename: file, cachedData });
  const module = { exports: {} as T };
  const fn = script.runInThisContext() as (
    exports: unknown,
    require: NodeRequire,
    module: unknown,
    filename: string,
    dirname: string,
  ) => void;
  fn(module.exports, createRequire(file), module, file, dirname(file));
  compiled.set(file, script);
  return module.exports;
}

/** The CLI (main, reportError) from run.cjs and its code cache, or undefined if it is not built. */
export function loadRunBundle(): Cli | undefined {
  return load<Cli>('run.cjs');
}

/** The YAML parser for run.cjs, from yaml.cjs and its code cache (undefined if it is not built). */
export function loadYaml(): Yaml | undefined {
  return load<Yaml>('yaml.cjs');
}

/** The bundled scripts this process has loaded so far (file names), for tests. */
export function scriptsLoaded(): string[] {
  return [...compiled.keys()].map((f) => basename(f));
}

/** Whether V8 takes the code cache of a bundled script (run.cjs, yaml.cjs) in this process (false if a file is missing). */
export function codeCacheAccepted(name = 'run.cjs'): boolean {
  try {
    const file = pathOf(name);
    const source = readFileSync(file, 'utf8');
    const script = new Script(wrap(source), { filename: file, cachedData: readFileSync(`${file}.cache`) });
    return !script.cachedDataRejected;
  } catch {
    return false;
  }
}

/**
 * Build step: run `mcsim run ARGV` from run.cjs in this (fresh) process, then write the code cache
 * of each script it loaded (ARGV names a YAML config, so yaml.cjs is one), which then holds the
 * functions a run compiled, not only the top level.
 */
export async function writeRunCodeCache(argv: string[]): Promise<void> {
  makingCaches = true;
  const cli = loadRunBundle();
  if (!cli) throw new Error(`${pathOf('run.cjs')} is missing`);
  const code = await cli.main(argv);
  if (code !== 0) throw new Error(`mcsim ${argv.join(' ')} exited ${code} while making the code cache`);
  if (!compiled.has(pathOf('yaml.cjs'))) throw new Error(`mcsim ${argv.join(' ')} did not load yaml.cjs`);
  for (const [file, script] of compiled) {
    const tmp = `${file}.cache.${process.pid}`;
    writeFileSync(tmp, script.createCachedData());
    renameSync(tmp, `${file}.cache`);
  }
}

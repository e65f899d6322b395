import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

/**
 * The fast start of `mcsim run` (bin/mcsim.js). The build writes the CLI with everything `run`
 * needs as one CommonJS file, dist/bundle/run.cjs, beside a V8 code cache of it made by a short run
 * at build time (scripts/build-cli.ts). Compiling it from the cache skips most of the parsing and
 * compiling that the ES module chunks cost on every start (Node 20 has no module compile cache).
 * V8 checks the cache against its own version, its flags and the source, and compiles normally
 * when they differ (another Node, `node --cpu-prof`, ...): the cache only ever saves time.
 * bin/mcsim.js requires this module as dist/bundle/run-loader.cjs; it imports nothing but Node's,
 * so loading it costs almost nothing.
 */
type Cli = typeof import('./main.js');

const SCRIPT = fileURLToPath(new URL('./run.cjs', import.meta.url));
const CACHE = `${SCRIPT}.cache`;

/** CommonJS's own wrapper, on one line so that line numbers in stack traces stay those of the file. */
function wrap(source: string): string {
  return `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
}

function compile(useCache: boolean): { cli: Cli; script: Script } | undefined {
  let source: string;
  try {
    source = readFileSync(SCRIPT, 'utf8');
  } catch {
    return undefined; // not built: the ES module build serves every command
  }
  let cachedData: Buffer | undefined;
  // A cache older than the script belongs to another build of it.
  if (useCache) {
    try {
      if (statSync(CACHE).mtimeMs >= statSync(SCRIPT).mtimeMs) cachedData = readFileSync(CACHE);
    } catch {
      // no cache: compile from source
    }
  }
  const script = new Script(wrap(source), { filename: SCRIPT, cachedData });
  const module = { exports: {} as Cli };
  const fn = script.runInThisContext() as (
    exports: unknown,
    require: NodeRequire,
    module: unknown,
    filename: string,
    dirname: string,
  ) => void;
  fn(module.exports, createRequire(SCRIPT), module, SCRIPT, dirname(SCRIPT));
  return { cli: module.exports, script };
}

/** The CLI (main, reportError) from run.cjs and its code cache, or undefined if it is not built. */
export function loadRunBundle(): Cli | undefined {
  return compile(true)?.cli;
}

/** Whether V8 takes the code cache for run.cjs in this process (false if either file is missing). */
export function codeCacheAccepted(): boolean {
  try {
    const source = readFileSync(SCRIPT, 'utf8');
    const script = new Script(wrap(source), { filename: SCRIPT, cachedData: readFileSync(CACHE) });
    return !script.cachedDataRejected;
  } catch {
    return false;
  }
}

/**
 * Build step: run `mcsim run ARGV` from run.cjs in this (fresh) process, then write the code cache,
 * which then holds the functions a run compiled, not only the top level.
 */
export async function writeRunCodeCache(argv: string[]): Promise<void> {
  const loaded = compile(false);
  if (!loaded) throw new Error(`${SCRIPT} is missing`);
  const code = await loaded.cli.main(argv);
  if (code !== 0) throw new Error(`mcsim ${argv.join(' ')} exited ${code} while making the code cache`);
  const tmp = `${CACHE}.${process.pid}`;
  writeFileSync(tmp, loaded.script.createCachedData());
  renameSync(tmp, CACHE);
}

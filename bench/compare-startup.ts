import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Start-up, old against new (part of `mcsim bench --compare` on all points): whole `mcsim run`
 * processes of 100 cycles of the default config, started from each revision's bin/mcsim.js in
 * turn, each timed from its spawn to its exit. The in-process bench cannot see start-up (module
 * loading, the config schema, building the network and engine, the first cycles before V8 has
 * compiled anything), and each revision's own first-cycle diagnostic may measure another moment,
 * so this takes the whole process, which means the same thing in every revision.
 */

/** The run both revisions make: the default config, 100 cycles, no warm-up or drain. */
export const STARTUP_RUN = [
  'run',
  ...['workload.warmup=0', 'workload.measure=100', 'workload.drain=0'].flatMap((s) => ['--set', s]),
];

/**
 * Builds the command-line bundle of an exported revision (its own scripts/build-cli.ts), which
 * its bin/mcsim.js starts from; a revision from before the bundle runs its compiled dist/ as is.
 */
export function buildRevisionCli(dir: string): void {
  if (existsSync(join(dir, 'dist', 'bundle')) || !existsSync(join(dir, 'scripts', 'build-cli.ts'))) return;
  console.error(`building the command of ${dir} ...`);
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-cli.ts'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

/**
 * The environment the runs get: this one without NODE_EXTRA_CA_CERTS, which Node reads while it
 * starts (some 40 ms on the project's machines) and mcsim, which opens no TLS connection, never uses.
 */
export function startupEnv(): NodeJS.ProcessEnv {
  const { NODE_EXTRA_CA_CERTS: _, MCSIM_STARTUP_TIMING: __, ...env } = process.env;
  return env;
}

/** Wall milliseconds of one `mcsim run` process of revision `root`, or an error message. */
export function timeRun(root: string, env: NodeJS.ProcessEnv): number | string {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [join(root, 'bin', 'mcsim.js'), ...STARTUP_RUN], {
    encoding: 'utf8',
    env,
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  // 5: the run stopped with measured messages in flight, as 100 cycles without a drain do.
  if (r.status === 0 || r.status === 5) return ms;
  // The line that says what went wrong: mcsim's own, or the error a Node stack trace starts with.
  const lines = r.stderr.split('\n').map((l) => l.trim());
  return lines.find((l) => /^(mcsim:|\w*Error\b)/.test(l)) ?? `exit ${r.status}`;
}

/** `pairs` runs of each revision in turn (the order flips every pair), or the first error. */
export function startupPairs(
  oldRoot: string,
  newRoot: string,
  pairs: number,
): { old: number[]; new: number[] } | string {
  const env = startupEnv();
  const old: number[] = [];
  const cur: number[] = [];
  for (let i = 0; i < pairs; i++) {
    const order: [string, number[]][] = [
      [oldRoot, old],
      [newRoot, cur],
    ];
    if (i % 2 === 1) order.reverse();
    for (const [root, into] of order) {
      const t = timeRun(root, env);
      if (typeof t === 'string') return root === oldRoot ? `old revision: ${t}` : t;
      into.push(t);
    }
  }
  return { old, new: cur };
}

import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { McsimError } from '../util/errors.js';

interface Holder {
  pid: number;
  experiment: string;
  since: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock files this process holds, removed on exit if not released before. */
const held = new Set<string>();

/**
 * Ctrl-C ends the process with process.exit, past every finally: the locks still held are removed
 * on exit too, by one listener for all of them (a reproduction holds one per figure, and a listener
 * each would pass Node's limit of ten and print a warning).
 */
function releaseHeld(): void {
  for (const path of held) rmSync(path, { force: true });
}

/**
 * Takes the lock of a results file (FILE.lock, holding the writer's pid), so that two sweeps never
 * write the same file at once and compute every point twice. A lock whose process is gone (a sweep
 * killed with -9) is stale and taken over. Returns the function that releases it.
 */
export function lockResults(file: string, experiment: string): () => void {
  const path = `${file}.lock`;
  const me: Holder = { pid: process.pid, experiment, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, `${JSON.stringify(me)}\n`);
      closeSync(fd);
      if (held.size === 0) process.on('exit', releaseHeld);
      held.add(path);
      return () => {
        if (!held.delete(path)) return;
        rmSync(path, { force: true });
        if (held.size === 0) process.off('exit', releaseHeld);
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    let holder: Holder | undefined;
    try {
      holder = JSON.parse(readFileSync(path, 'utf8')) as Holder;
    } catch {
      holder = undefined; // half-written or damaged: treat as stale
    }
    if (holder && holder.pid !== process.pid && alive(holder.pid))
      throw new McsimError(
        `"${file}" is being written by another sweep (${holder.experiment}, pid ${holder.pid}, since ${holder.since}); ` +
          `wait for it to finish or use another --out folder`,
      );
    rmSync(path, { force: true });
  }
  throw new McsimError(`cannot lock "${file}": its lock file "${path}" keeps reappearing`);
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The directories this test file's process made, removed when it exits (each test file runs in its own). */
const made: string[] = [];
process.on('exit', () => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

/**
 * A new empty directory in the system's temporary one, named `prefix` and a random suffix, removed
 * with everything in it when the test file's process exits: `npm test` leaves nothing behind.
 */
export function tempDir(prefix: string): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  made.push(d);
  return d;
}

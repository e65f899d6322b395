import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { playgroundHtml } from '../src/playground/bundle.js';

export interface PlaygroundOpts {
  out: string;
  open?: boolean;
  topology?: string;
  a?: string;
  b?: string;
  source?: string;
  dests?: string;
}

/**
 * `mcsim playground`: writes the playground page (one file that opens from disk: the planners and
 * the engine run in the browser) and prints its address, with the comparison the options give in
 * its URL; --open asks the desktop to open it.
 */
export async function playgroundCommand(o: PlaygroundOpts): Promise<number> {
  mkdirSync(dirname(o.out), { recursive: true });
  writeFileSync(o.out, await playgroundHtml());
  const q = new URLSearchParams();
  for (const k of ['topology', 'a', 'b', 'source', 'dests'] as const) if (o[k] !== undefined) q.set(k, o[k]!);
  const hash = q.size > 0 ? `#${q.toString()}` : '';
  const url = `${pathToFileURL(resolve(o.out)).href}${hash}`;
  process.stdout.write(`wrote ${o.out}: open ${url} in a browser (no server needed)\n`);
  if (o.open) {
    const cmd =
      process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
    const child = spawn(cmd, [url], { detached: true, stdio: 'ignore' });
    child.on('error', () =>
      process.stderr.write(`mcsim: could not run ${cmd}; open the address above yourself\n`),
    );
    child.unref();
  }
  return 0;
}

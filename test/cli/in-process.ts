import { Writable } from 'node:stream';
import { main } from '../../cli/main.js';

export interface Outcome {
  code: number;
  out: string;
  err: string;
}

function sink(into: string[]): Writable {
  return new Writable({
    write(chunk: Buffer | string, _enc, done) {
      into.push(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
      done();
    },
  });
}

type Console = { _stdout: unknown; _stderr: unknown };

/**
 * Runs the CLI's entry function in this process with its output captured: the same code path as
 * `mcsim ARGS` (main() returns the exit code) without starting a process per case. process.stdout
 * and process.stderr are swapped for the call, and the global console pointed at them; the test
 * runner keeps the streams it took at start, so its reports are not caught. Calls must not overlap.
 */
export async function mcsimInProcess(args: string[]): Promise<Outcome> {
  const out: string[] = [];
  const err: string[] = [];
  const c = console as unknown as Console;
  const saved = {
    stdout: Object.getOwnPropertyDescriptor(process, 'stdout')!,
    stderr: Object.getOwnPropertyDescriptor(process, 'stderr')!,
    cout: c._stdout,
    cerr: c._stderr,
  };
  const o = sink(out);
  const e = sink(err);
  Object.defineProperty(process, 'stdout', { configurable: true, get: () => o });
  Object.defineProperty(process, 'stderr', { configurable: true, get: () => e });
  c._stdout = o;
  c._stderr = e;
  let code: number;
  try {
    code = await main(args);
  } finally {
    Object.defineProperty(process, 'stdout', saved.stdout);
    Object.defineProperty(process, 'stderr', saved.stderr);
    c._stdout = saved.cout;
    c._stderr = saved.cerr;
  }
  return { code, out: out.join(''), err: err.join('') };
}

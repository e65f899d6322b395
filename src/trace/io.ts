import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { McsimError } from '../util/errors.js';
import { assembleTrace, type Trace, type TraceLine } from './format.js';

/** Writes trace lines to a JSONL file through a buffer (a long run writes millions of lines). */
export class TraceFileWriter {
  private readonly fd: number;
  private buf: string[] = [];
  private size = 0;

  constructor(readonly path: string) {
    try {
      mkdirSync(dirname(path), { recursive: true });
      this.fd = openSync(path, 'w');
    } catch (e) {
      throw new McsimError(`cannot write ${path}: ${(e as Error).message}`, '--trace');
    }
  }

  write(line: TraceLine): void {
    const s = `${JSON.stringify(line)}\n`;
    this.buf.push(s);
    this.size += s.length;
    if (this.size > 1 << 20) this.flush();
  }

  close(): void {
    this.flush();
    closeSync(this.fd);
  }

  private flush(): void {
    if (this.buf.length === 0) return;
    writeSync(this.fd, this.buf.join(''));
    this.buf = [];
    this.size = 0;
  }
}

/** Reads a JSONL trace; a damaged line is named by its number. */
export function readTrace(path: string): Trace {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new McsimError(`cannot read trace ${path}: ${(e as Error).message}`);
  }
  const lines: TraceLine[] = [];
  text.split('\n').forEach((l, i) => {
    if (l.trim() === '') return;
    try {
      lines.push(JSON.parse(l) as TraceLine);
    } catch {
      throw new McsimError(`${path} line ${i + 1}: not JSON`);
    }
  });
  try {
    return assembleTrace(lines);
  } catch (e) {
    throw new McsimError(`${path}: ${(e as Error).message}`);
  }
}

import { existsSync, readFileSync } from 'node:fs';
import { McsimError } from '../util/errors.js';

/**
 * Reading results files back. A results file is the most valuable thing mcsim touches, so a line
 * that cannot be read is never skipped or rewritten: the reader stops with one line naming the
 * file, the line and what is wrong, and the file stays as it is. Only a last line without its
 * newline that is not a whole JSON object (a write cut by a kill) is ignored.
 */

/** `results file "F", line N: WHAT; HINT` as a McsimError. */
function lineError(path: string, line: number, what: string): McsimError {
  return new McsimError(
    `results file "${path}", line ${line}: ${what}; fix or delete that line (the file was not changed)`,
  );
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return `a ${typeof v}`;
}

/** Reads a JSONL file of objects ([] when it does not exist); McsimError on a line that is not one. */
export function readJsonl<T = unknown>(path: string): T[] {
  return readLines(path).map((l) => l.value as T);
}

/** Each object of a JSONL file with its line number (1-based). */
function readLines(
  path: string,
  onCut?: (line: number) => void,
): Array<{ line: number; value: Record<string, unknown> }> {
  if (!existsSync(path)) return [];
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new McsimError(
      `cannot read results file "${path}": ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  const lines = text.split('\n');
  if (cutLineStart(text) >= 0) {
    onCut?.(lines.length);
    lines.pop();
  }
  const out: Array<{ line: number; value: Record<string, unknown> }> = [];
  lines.forEach((l, i) => {
    if (l.trim() === '') return;
    let v: unknown;
    try {
      v = JSON.parse(l);
    } catch (e) {
      const why = (e as Error).message.split('\n')[0]!.slice(0, 80);
      if (out.length === 0)
        throw new McsimError(
          `"${path}" is not a JSONL results file: line ${i + 1} is not JSON (${why}); mcsim writes one JSON object per line`,
        );
      throw lineError(path, i + 1, `not JSON (${why}); a results file holds one JSON object per line`);
    }
    if (v === null || typeof v !== 'object' || Array.isArray(v))
      throw lineError(path, i + 1, `${describe(v)} where a JSON object was expected`);
    out.push({ line: i + 1, value: v as Record<string, unknown> });
  });
  return out;
}

/**
 * Where the text's last line starts when it is a write cut short (a kill mid-write), else -1: a
 * last line without its newline, unless it is a whole JSON object (an editor that drops the final
 * newline), which is a good record.
 */
export function cutLineStart(text: string): number {
  if (text.length === 0 || text.endsWith('\n')) return -1;
  const start = text.lastIndexOf('\n') + 1;
  return isObjectLine(text.slice(start)) ? -1 : start;
}

function isObjectLine(line: string): boolean {
  try {
    const v = JSON.parse(line);
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  } catch {
    return false;
  }
}

/** The fields a sweep record (a line of `mcsim sweep` results) must have to be plotted or merged. */
const RECORD_FIELDS: Array<[string, (v: unknown) => boolean, string]> = [
  ['experiment', (v) => typeof v === 'string', 'a string'],
  ['key', (v) => typeof v === 'string', 'a string'],
  ['params', (v) => v !== null && typeof v === 'object' && !Array.isArray(v), 'an object'],
  ['status', (v) => v === 'ok' || v === 'failed', '"ok" or "failed"'],
];

/**
 * Reads the results file of a sweep, checking each line is a sweep record (McsimError otherwise).
 * `onCut` hears of a last line cut short, which is left out.
 */
export function readSweepRecords<T>(path: string, onCut?: (line: number) => void): T[] {
  const lines = readLines(path, onCut);
  for (const { line, value } of lines)
    for (const [field, ok, want] of RECORD_FIELDS)
      if (!ok(value[field]))
        throw new McsimError(
          `results file "${path}", line ${line}: not a sweep record ("${field}" should be ${want}); ` +
            'mcsim plot and collect read the JSONL files that mcsim sweep and reproduce write',
        );
  return lines.map((l) => l.value as T);
}

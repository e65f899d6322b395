import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, extname } from 'node:path';
import { McsimError } from '../util/errors.js';

/** Nested object -> flat record with dotted keys; arrays become JSON text. */
export function flatten(
  obj: unknown,
  prefix = '',
  out: Record<string, unknown> = {},
): Record<string, unknown> {
  if (obj !== null && typeof obj === 'object' && !Array.isArray(obj)) {
    for (const [k, v] of Object.entries(obj as Record<string, unknown>))
      flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (Array.isArray(obj)) {
    out[prefix] = JSON.stringify(obj);
  } else {
    out[prefix] = obj;
  }
  return out;
}

/** RFC 4180 field quoting. */
export function csvField(v: unknown): string {
  if (v === undefined || v === null) return '';
  const s = typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV text of flat rows; the header is the union of keys in first-seen order. */
export function toCsv(rows: ReadonlyArray<Record<string, unknown>>): string {
  const cols: string[] = [];
  const seen = new Set<string>();
  for (const r of rows)
    for (const k of Object.keys(r))
      if (!seen.has(k)) {
        seen.add(k);
        cols.push(k);
      }
  const lines = [cols.map(csvField).join(',')];
  for (const r of rows) lines.push(cols.map((c) => csvField(r[c])).join(','));
  return `${lines.join('\n')}\n`;
}

function ensureDir(path: string): void {
  const d = dirname(path);
  if (d && !existsSync(d)) mkdirSync(d, { recursive: true });
}

export function writeJson(path: string, value: unknown): void {
  ensureDir(path);
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

/** Appends one JSON line with a single write, so an interrupted run never leaves half a line. */
export function appendJsonl(path: string, value: unknown): void {
  ensureDir(path);
  appendFileSync(path, `${JSON.stringify(value)}\n`);
}

export function writeCsv(path: string, rows: ReadonlyArray<Record<string, unknown>>): void {
  ensureDir(path);
  writeFileSync(path, toCsv(rows));
}

export { readJsonl } from './read.js';

/** Writes a result by the file's extension: .json (object), .jsonl (one appended line), .csv (one row). */
export function writeResult(path: string, result: unknown): void {
  const ext = extname(path).toLowerCase();
  if (ext === '.json') writeJson(path, result);
  else if (ext === '.jsonl') appendJsonl(path, result);
  else if (ext === '.csv') writeCsv(path, [flatten(result)]);
  else throw new McsimError(`cannot write "${path}": use a .json, .jsonl or .csv file`, '--out');
}

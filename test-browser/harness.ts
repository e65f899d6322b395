import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Trace } from '../src/trace/format.js';
import { readTrace } from '../src/trace/io.js';

/** What the browser tests share: the repository, the browser, and `mcsim view` run to a page. */
export const ROOT = new URL('..', import.meta.url).pathname;
const MAIN = join(ROOT, 'cli/main.ts');
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
/** Where the pages and traces of one test process go. */
export const dir = mkdtempSync(join(tmpdir(), 'mcsim-view-'));

export interface View {
  html: string;
  trace: Trace;
}

/** `mcsim view ARGS --out X.html --trace X.jsonl`, and the trace it wrote. */
export function view(name: string, args: string[], expectCode = 0): View {
  const html = join(dir, `${name}.html`);
  const jsonl = join(dir, `${name}.jsonl`);
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', MAIN, 'view', ...args, '--out', html, '--trace', jsonl],
    {
      encoding: 'utf8',
      cwd: ROOT,
    },
  );
  assert.equal(r.status, expectCode, r.stderr + r.stdout);
  return { html, trace: readTrace(jsonl) };
}

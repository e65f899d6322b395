import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Trace } from '../src/trace/format.js';
import { readTrace } from '../src/trace/io.js';
import { tempDir } from '../test/temp-dir.js';

/** What the browser tests share: the repository, the browser, and `mcsim view` run to a page. */
export const ROOT = new URL('..', import.meta.url).pathname;
const MAIN = join(ROOT, 'cli/main.ts');
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
/** Where the pages and traces of one test process go. */
export const dir = tempDir('mcsim-view-');

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

/**
 * Chromium, installed by scripts/browser-setup.sh when missing and launched; or why it could not
 * be had (the tests then fail, or skip where asked: test/peers/unavailable.ts).
 */
export async function launchBrowser(): Promise<{
  browser?: Browser;
  unavailable?: string;
  installMs: number;
}> {
  const t0 = Date.now();
  const r = spawnSync('bash', [join(ROOT, 'scripts/browser-setup.sh')], { encoding: 'utf8' });
  const installMs = Date.now() - t0;
  if (r.status !== 0)
    return { unavailable: `${r.stderr}${r.stdout}`.trim().split('\n').slice(-3).join(' | '), installMs };
  const { chromium } = await import('playwright-core');
  return { browser: await chromium.launch({ executablePath: CHROMIUM }), installMs };
}

/** A viewer page opened in a fresh tab, once its script has started, with no page error. */
export async function openView(browser: Browser, v: View, width: number, height: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`file://${v.html}`);
  await page.waitForFunction(
    () => (globalThis as unknown as { mcsimViewer?: unknown }).mcsimViewer !== undefined,
  );
  assert.deepEqual(errors, []);
  return page;
}

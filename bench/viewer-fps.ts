/**
 * The viewer's size and speed on a busy network (npm run bench:viewer): `mcsim view` of a 16x16
 * mesh at load 0.1 over 10,000 cycles, opened in Chromium (scripts/browser-setup.sh), played from
 * cycle 3000 for five seconds at three speeds, counting the frames the page draws. Prints one JSON
 * line: page bytes, worms, milliseconds until the page is ready, and frames per second per speed.
 * `-- FILE.html` measures another page instead. A measurement, not a test: docs/trace.md keeps
 * the current figures.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { framesWhilePlaying, launchChromium } from './browser-frames.js';

const ROOT = new URL('..', import.meta.url).pathname;
/** Speeds of the viewer's menu (cycles per second) played in turn, by index into SPEEDS. */
const SPEEDS = { '10/s': 3, '100/s': 6, '1000/s': 9 };
const SECONDS = 5;

let file = process.argv[2];
let worms: number | undefined;
if (!file) {
  file = join(mkdtempSync(join(tmpdir(), 'mcsim-viewer-bench-')), 'mesh16.html');
  const r = spawnSync(
    process.execPath,
    [
      join(ROOT, 'bin/mcsim.js'),
      'view',
      '--set',
      'network.topology=mesh:16x16',
      '--set',
      'workload.load=0.1',
      '--set',
      'workload.warmup=0',
      '--set',
      'workload.measure=10000',
      '--set',
      'workload.drain=0',
      '--out',
      file,
    ],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`mcsim view failed: ${r.stderr}`);
  worms = Number(/\((\d+) worm/.exec(r.stdout)?.[1]);
}

const browser = await launchChromium();
const fps: Record<string, number> = {};
let readyMs = 0;
for (const [name, index] of Object.entries(SPEEDS)) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const t0 = Date.now();
  await page.goto(`file://${file}`);
  await page.waitForFunction(() => (globalThis as { mcsimViewer?: unknown }).mcsimViewer !== undefined);
  readyMs = Math.max(readyMs, Date.now() - t0);
  await page.evaluate('globalThis.mcsimViewer.setCycle(3000)');
  fps[name] = await framesWhilePlaying(page, index, SECONDS);
  await page.close();
}
await browser.close();
console.log(JSON.stringify({ page: file, bytes: statSync(file).size, worms, readyMs, fps }));

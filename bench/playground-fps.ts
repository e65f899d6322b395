/**
 * The playground's load time and frame rate (npm run bench:playground): `mcsim playground`'s page
 * opened in Chromium (scripts/browser-setup.sh) on a link comparing TPM and dual-path on a 16x16
 * mesh from 7,7 to 24 destinations: milliseconds until the page is drawn and until both runs are
 * shown, then frames per second while both play at 20 and 100 cycles/s. Prints one JSON line. A
 * measurement, not a test: docs/playground.md keeps the current figures. `-- K` measures a KxK
 * mesh instead (up to 32: the playground's largest).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { framesWhilePlaying, launchChromium } from './browser-frames.js';

const ROOT = new URL('..', import.meta.url).pathname;
const file = join(mkdtempSync(join(tmpdir(), 'mcsim-playground-bench-')), 'playground.html');
const made = spawnSync(process.execPath, [join(ROOT, 'bin/mcsim.js'), 'playground', '--out', file], {
  encoding: 'utf8',
});
if (made.status !== 0) throw new Error(`mcsim playground failed: ${made.stderr}`);
const K = Number(process.argv[2] ?? 16);
const dests: string[] = [];
// 24 nodes spread over the mesh: an odd stride through its K*K nodes (coprime, so each comes once).
for (let i = 0; dests.length < 24; i++) {
  const v = (i * 37 + 11) % (K * K);
  const n = `${v % K},${Math.floor(v / K)}`;
  if (n !== '7,7') dests.push(n);
}
const hash = `#topology=mesh%3A${K}x${K}&a=tpm&b=dual-path&source=7%2C7&dests=${encodeURIComponent(dests.join(' '))}`;

const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1500, height: 900 } });
const t0 = Date.now();
await page.goto(`file://${file}${hash}`);
await page.waitForFunction(() => (globalThis as { mcsimPlayground?: unknown }).mcsimPlayground !== undefined);
const drawnMs = Date.now() - t0;
await page.evaluate('globalThis.mcsimPlayground.idle()');
const ranMs = Date.now() - t0;
const fps: Record<string, number> = {};
for (const [name, index] of Object.entries({ '20/s': 4, '100/s': 6 })) {
  await page.evaluate('globalThis.mcsimPlayground.setCycle(0)');
  fps[name] = await framesWhilePlaying(page, index, 4);
}
const s = (await page.evaluate('globalThis.mcsimPlayground.state()')) as { end: number };
await browser.close();
console.log(JSON.stringify({ mesh: `${K}x${K}`, drawnMs, ranMs, cycles: s.end, fps }));

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

const ROOT = new URL('..', import.meta.url).pathname;

/** Chromium, installed by scripts/browser-setup.sh when missing, as the browser tests have it. */
export async function launchChromium(): Promise<Browser> {
  const setup = spawnSync('bash', [join(ROOT, 'scripts/browser-setup.sh')], { encoding: 'utf8' });
  if (setup.status !== 0) throw new Error(`no browser: ${setup.stderr}`);
  return chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
}

/**
 * Frames per second a page of the viewer or the playground draws while it plays: its timeline's
 * speed set to `speedIndex` (SPEEDS in src/viewer/app/controls.ts), play pressed, animation frames
 * counted for `seconds` or until the play reaches its end, and play released.
 */
export async function framesWhilePlaying(page: Page, speedIndex: number, seconds: number): Promise<number> {
  // A string, not a function: under tsx a function's inner closures call a helper the page lacks.
  return (await page.evaluate(`(async () => {
    const speed = document.getElementById('speed');
    speed.value = '${speedIndex}';
    speed.dispatchEvent(new Event('change'));
    const play = document.getElementById('play');
    play.click();
    const t = performance.now();
    let frames = 0;
    let end = 0;
    await new Promise((done) => {
      const tick = (now) => {
        frames++;
        if (now - t < ${seconds * 1000} && play.textContent === 'pause') requestAnimationFrame(tick);
        else { end = now; done(); }
      };
      requestAnimationFrame(tick);
    });
    if (play.textContent === 'pause') play.click();
    return Math.round((10 * frames) / ((end - t) / 1000)) / 10;
  })()`)) as number;
}

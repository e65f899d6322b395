import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { SERVICES } from '../src/plan/worm.js';
import { SERVICE_MEANINGS } from '../src/viewer/app/legend.js';
import { peerUnavailable } from '../test/peers/unavailable.js';
import { launchBrowser, openView, type View, view } from './harness.js';

/**
 * What a user sees on opening `mcsim view --plan` (issue 35): the source and destinations marked
 * and the message's worms listed before anything runs, a legend of colours, marks and services,
 * and worms moving within the first second of play.
 */
type Win = {
  mcsimViewer: {
    state(): { cycle: number; start: number; selected?: number; worms: Record<string, unknown> };
  };
};
const state = (page: Page) => page.evaluate(() => (globalThis as unknown as Win).mcsimViewer.state());

describe('the viewer on opening a plan', () => {
  let unavailable: string | undefined;
  let browser: Browser | undefined;
  let tpm: View;
  const DESTS = ['0,0', '5,7', '15,15', '9,2'];

  before(async () => {
    ({ browser, unavailable } = await launchBrowser());
    if (unavailable) return;
    tpm = view('first-tpm', [
      '--plan',
      '--topology',
      'mesh:16x16',
      '--algorithm',
      'tpm',
      '--source',
      '3,4',
      '--dests',
      DESTS.join(' '),
    ]);
  });
  after(async () => {
    await browser?.close();
  });

  const open = (v: View): Promise<Page> => openView(browser!, v, 1200, 800);

  it('marks the source and the destinations and lists the worms before anything runs', async (t) => {
    if (unavailable) return peerUnavailable(t, 'Chromium', unavailable);
    const page = await open(tpm);
    const h = tpm.trace.header;
    const nodeOf = (id: string) => String(h.nodes.indexOf(id));
    assert.deepEqual(
      await page.$$eval('.endpoint.src', (els) => els.map((e) => e.getAttribute('data-node'))),
      [nodeOf('3,4')],
    );
    const dsts = await page.$$eval('.endpoint.dst', (els) => els.map((e) => e.getAttribute('data-node')));
    assert.deepEqual(dsts.sort(), DESTS.map(nodeOf).sort());
    const listed = await page.$$eval('#panel li[data-worm]', (els) => els.length);
    assert.equal(listed, tpm.trace.worms.length, 'every worm of the message is listed');
    // It opens on the cycle before the first worm enters the network, not on an empty start-up.
    const first = Math.min(...tpm.trace.worms.map((w) => w.hops[0]![2]));
    assert.ok(first > 10, 'the plan has a start-up to skip');
    const s = await state(page);
    assert.equal(s.cycle, first - 1);
    assert.equal(s.selected, tpm.trace.worms[0]!.message);
    await page.close();
  });

  it('has a legend of the worm colours, the marks and every service the plan uses', async (t) => {
    if (unavailable) return peerUnavailable(t, 'Chromium', unavailable);
    const page = await open(tpm);
    const legend = await page.locator('#legend').innerText();
    for (const w of tpm.trace.worms) assert.match(legend, new RegExp(`worm ${w.worm}, phase ${w.phase}`));
    assert.match(legend, /source of the shown message/);
    assert.match(legend, /its destinations/);
    const used = new Set(tpm.trace.worms.flatMap((w) => w.stops.map((s) => s.service)));
    assert.ok(used.size >= 2);
    for (const sv of used) assert.match(legend, new RegExp(`${sv}\\s+${SERVICE_MEANINGS[sv]!.slice(0, 20)}`));
    // Worms of one plan are told apart by colour.
    const colours = new Set(
      await page.$$eval('#legend .swatch', (els) => els.map((e) => (e as HTMLElement).style.background)),
    );
    assert.ok(colours.size >= Math.min(3, tpm.trace.worms.length), `${colours.size} colours`);
    await page.keyboard.press('h');
    assert.match(await page.locator('#legend').innerText(), /heat map\s+0%\s+\d+%/);
    await page.close();
  });

  it('moves something within the first second of play', async (t) => {
    if (unavailable) return peerUnavailable(t, 'Chromium', unavailable);
    const page = await open(tpm);
    await page.keyboard.press('Space');
    await page.waitForTimeout(1000);
    const s = await state(page);
    assert.ok(Object.keys(s.worms).length > 0, `no worm in flight at cycle ${s.cycle}`);
    assert.ok((await page.locator('#net path.worm').count()) > 0, 'and it is drawn');
    await page.close();
  });

  it('a hop the flits are still crossing is drawn up to the switch or node its header reached', async (t) => {
    if (unavailable) return peerUnavailable(t, 'Chromium', unavailable);
    const page = await open(tpm);
    let partial = 0;
    for (let c = (await state(page)).cycle; c < (await state(page)).cycle + 40; c += 3) {
      await page.evaluate(
        (x) =>
          (globalThis as unknown as { mcsimViewer: { setCycle(t: number): void } }).mcsimViewer.setCycle(x),
        c,
      );
      const dashes = await page.$$eval('#net path.worm[stroke-dasharray]', (els) =>
        els.map((e) => e.getAttribute('stroke-dasharray')!.split(' ').map(Number)),
      );
      for (const [lead, gap, dash] of dashes) {
        partial++;
        assert.equal(lead, 0, 'no dash at the channel start');
        assert.ok(Math.abs(gap! + dash! - 1) < 1e-9, `the dash ends at the channel end: ${gap} + ${dash}`);
      }
    }
    assert.ok(partial > 0, 'some hop was partly filled');
    await page.close();
  });

  it('a fat tree marks a bit-string fork at its switch, and no two stop marks overlap', async (t) => {
    if (unavailable) return peerUnavailable(t, 'Chromium', unavailable);
    const dests = [1, 2, 3, 5, 9, 17, 33, 40, 63];
    const ft = view('first-ft-bitstring', [
      '--plan',
      '--topology',
      'fattree:64',
      '--algorithm',
      'bitstring',
      '--source',
      '0',
      '--dests',
      dests.join(' '),
    ]);
    const page = await open(ft);
    const marks = await page.$$eval('.marks text.stop', (els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return {
          key: e.getAttribute('data-stop')!,
          text: e.textContent!,
          box: [r.left, r.top, r.right, r.bottom],
        };
      }),
    );
    const w = ft.trace.worms[0]!;
    const forks = w.stops.filter((s) => s.service === 'FWD').length;
    assert.ok(forks >= 3, `${forks} forks`);
    // Every FWD is at a switch; a processor shows only what it does there (ABS here).
    assert.deepEqual(
      marks.filter((m) => m.text.includes('FWD')).map((m) => m.key.replace(/\d+$/, '')),
      Array(forks).fill('switch'),
    );
    assert.deepEqual(
      marks.filter((m) => m.key.startsWith('node')).map((m) => [m.key, m.text]),
      dests.map((d) => [`node${d}`, 'ABS']),
    );
    for (const a of marks)
      for (const b of marks) {
        if (a === b) continue;
        const apart =
          a.box[2]! <= b.box[0]! ||
          b.box[2]! <= a.box[0]! ||
          a.box[3]! <= b.box[1]! ||
          b.box[3]! <= a.box[1]!;
        assert.ok(apart, `"${a.text}" (${a.key}) overlaps "${b.text}" (${b.key})`);
      }
    // The side panel names the switches too.
    assert.match(await page.locator('#panel').innerText(), /s3\.\d+\(FWD\)/);
    await page.close();
  });

  it('the legend explains every service a plan can use', () => {
    assert.deepEqual(Object.keys(SERVICE_MEANINGS).sort(), [...SERVICES].sort());
  });
});

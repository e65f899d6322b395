import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { Trace, TraceWorm } from '../src/trace/format.js';
import { deliveriesOf } from '../src/trace/replay.js';
import { peerUnavailable } from '../test/peers/unavailable.js';
import { FIG2_CONFIG } from '../test/trace/fig2.js';
import { dir, launchBrowser, openView, ROOT, type View, view } from './harness.js';
import { differingPixels, distinctColours } from './png.js';

/**
 * The viewer in a real Chromium: Debian's package, installed by scripts/browser-setup.sh when
 * missing, driven by playwright-core. Kept out of `npm test`; `npm run test:browser` runs it and
 * .ci/run calls that. A browser that cannot be installed fails it unless MCSIM_SKIP_UNAVAILABLE_PEERS=1. With UPDATE_SCREENSHOT=1 it
 * also rewrites the README's screenshot (docs/figures/viewer-tpm.png).
 */

/** What the trace says each worm holds after cycle t (channel, VC), straight from the hops. */
function expected(trace: Trace, t: number): Record<string, Array<[number, number]>> {
  const out: Record<string, Array<[number, number]>> = {};
  for (const w of trace.worms) {
    const held = w.hops
      .filter((h) => h[2] <= t && (h[4] === -1 || t < h[4]))
      .map((h) => [h[0], h[1]] as [number, number]);
    if (held.length > 0) out[String(w.worm)] = held;
  }
  return out;
}

const sortHeld = (m: Record<string, Array<[number, number]>>) =>
  Object.fromEntries(
    Object.entries(m).map(([k, v]) => [k, [...v].sort((a, b) => a[0] - b[0] || a[1] - b[1])]),
  );

/** What the page exposes (src/viewer/app/main.ts). */
interface Win {
  mcsimViewer: { state(): State; setCycle(t: number): void; select(m?: number): void };
}

interface State {
  cycle: number;
  start: number;
  end: number;
  playing: boolean;
  selected?: number;
  heat: boolean;
  deadlock?: number[];
  worms: Record<string, Array<[number, number]>>;
}

const state = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as Win).mcsimViewer.state() as State);
const setCycle = (page: Page, t: number) =>
  page.evaluate((c) => (globalThis as unknown as Win).mcsimViewer.setCycle(c), t);

/** The drawn worm segments (DOM), as the same map as the state: worm -> [channel, VC]. */
async function drawn(page: Page): Promise<Record<string, number[]>> {
  const segs = await page.$$eval('#net path.worm', (els) =>
    els.map((e) => [Number(e.getAttribute('data-worm')), Number(e.getAttribute('data-channel'))]),
  );
  const out: Record<string, number[]> = {};
  for (const [w, c] of segs) (out[String(w)] ??= []).push(c!);
  for (const k of Object.keys(out)) out[k]!.sort((a, b) => a - b);
  return out;
}

/** A point on the drawn part of worm w's segment on channel c (it fills from the upstream end), in page coordinates. */
async function pointOn(page: Page, w: number, c: number): Promise<{ x: number; y: number }> {
  const el = page.locator(`#net path.worm[data-worm="${w}"][data-channel="${c}"]`);
  assert.equal(await el.count(), 1, `worm ${w} is drawn on channel ${c}`);
  return el.evaluate((e) => {
    const p = e as SVGPathElement;
    // A partly filled hop is drawn from its header end: dashes "0 (1 - filled) filled 1".
    const dash = p.getAttribute('stroke-dasharray');
    const filled = dash ? Number(dash.split(' ')[2]) : 1;
    const pt = p.getPointAtLength(p.getTotalLength() * (1 - filled * 0.5));
    const m = p.getScreenCTM()!;
    return { x: m.a * pt.x + m.c * pt.y + m.e, y: m.b * pt.x + m.d * pt.y + m.f };
  });
}

/** A network hop held after cycle t whose header crossed at least 4 cycles earlier (well drawn). */
function heldHop(trace: Trace, t: number): { w: TraceWorm; c: number; vc: number } | undefined {
  for (const w of trace.worms)
    for (const h of w.hops)
      if (trace.header.channels[h[0]]!.kind === 'net' && h[2] <= t - 4 && (h[4] === -1 || t < h[4]))
        return { w, c: h[0], vc: h[1] };
  return undefined;
}

describe('mcsim view in Chromium', () => {
  let unavailable: string | undefined;
  let browser: Browser | undefined;
  const times: Record<string, number> = {};
  let tpm: View;
  let uccc: View;
  let fig2: View;
  let tree: View;

  before(async () => {
    ({ browser, unavailable, installMs: times.install } = await launchBrowser());
    if (unavailable) return;
    tpm = view('tpm', [
      '--plan',
      '--topology',
      'mesh:8x8',
      '--algorithm',
      'tpm',
      '--source',
      '3,4',
      '--dests',
      '0,0 5,7 7,7 1,6 6,1 2,2 7,0 0,5',
    ]);
    uccc = view('uccc', [
      '--plan',
      '--topology',
      'ccc:3',
      '--algorithm',
      'uccc',
      '--source',
      '0,000',
      '--dests',
      '2,011 1,101 0,110 1,111 2,000 0,100',
    ]);
    const cfg = join(dir, 'fig2.json');
    writeFileSync(cfg, JSON.stringify(FIG2_CONFIG));
    fig2 = view('fig2', [cfg], 3);
    tree = view('fattree', [
      '--plan',
      '--topology',
      'fattree:16',
      '--algorithm',
      'separate',
      '--source',
      '0',
      '--dests',
      '5 9 14 3',
    ]);
  });
  after(async () => {
    await browser?.close();
    process.stdout.write(`# browser set-up ${times.install} ms\n`);
  });

  const open = (v: View, width = 1000, height = 700): Promise<Page> => openView(browser!, v, width, height);

  /** At every cycle of the run, the exported state and the drawing hold exactly the trace's channels. */
  async function checkEveryCycle(page: Page, v: View) {
    const s0 = await state(page);
    assert.equal(s0.end, v.trace.end.cycle);
    let busy = 0;
    for (let t = s0.start; t <= s0.end; t++) {
      await setCycle(page, t);
      const s = await state(page);
      assert.equal(s.cycle, t);
      const want = sortHeld(expected(v.trace, t));
      assert.deepEqual(sortHeld(s.worms), want, `cycle ${t}`);
      const dom = await drawn(page);
      const wantDom = Object.fromEntries(
        Object.entries(want).map(([k, hs]) => [k, hs.map((h) => h[0]).sort((a, b) => a - b)]),
      );
      assert.deepEqual(dom, wantDom, `drawn at cycle ${t}`);
      if (Object.keys(want).length > 0) busy++;
    }
    assert.ok(busy > 10, 'worms are in flight for a while');
  }

  it('TPM plan: worms occupy exactly the channels of the trace at every cycle', async (t) => {
    if (unavailable) return peerUnavailable(t, 'Chromium', unavailable);
    const page = await open(tpm);
    assert.ok(
      tpm.trace.worms.some((w) => w.phase === 2),
      'TPM has a second phase',
    );
    await checkEveryCycle(page, tpm);
    await page.close();
  });

  it('fat tree: switches drawn as levels over the processors; worms occupy exactly the trace channels at every cycle', async (t) => {
    if (unavailable) return peerUnavailable(t, 'Chromium', unavailable);
    const page = await open(tree);
    assert.equal(await page.locator('#net rect.switch').count(), 8);
    const ys = await page.$$eval('#net rect.switch', (els) => els.map((e) => Number(e.getAttribute('y'))));
    assert.equal(new Set(ys).size, 2, 'two levels of switches');
    const nodeY = await page.$$eval('#net circle.node', (els) =>
      els.map((e) => Number(e.getAttribute('cy'))),
    );
    assert.ok(Math.min(...nodeY) > Math.max(...ys), 'processors below the switches');
    await checkEveryCycle(page, tree);
    await page.close();
  });

  it('U-CCC plan: worms occupy exactly the channels of the trace at every cycle', async (t) => {
    if (unavailable) return peerUnavailable(t, 'Chromium', unavailable);
    const page = await open(uccc);
    await checkEveryCycle(page, uccc);
    await page.close();
  });

  it('hover names the worm and VC holding a channel; click lists its message, worms and deliveries', async (t) => {
    if (unavailable) return peerUnavailable(t, 'Chromium', unavailable);
    for (const v of [tpm, uccc]) {
      const page = await open(v);
      const at = Math.floor(v.trace.end.cycle / 3);
      const hop = heldHop(v.trace, at);
      assert.ok(hop, `a worm in flight at cycle ${at}`);
      await setCycle(page, at);
      const p = await pointOn(page, hop.w.worm, hop.c);
      await page.mouse.move(p.x, p.y);
      const tip = await page.locator('#tip').innerText();
      assert.match(
        tip,
        new RegExp(`VC ${hop.vc}: worm ${hop.w.worm} \\(message ${hop.w.message}, phase ${hop.w.phase}\\)`),
      );
      await page.mouse.click(p.x, p.y);
      assert.equal((await state(page)).selected, hop.w.message);
      const listed = await page.$$eval('#panel li[data-worm]', (els) =>
        els.map((e) => Number(e.getAttribute('data-worm'))),
      );
      const mine = v.trace.worms.filter((w) => w.message === hop.w.message).map((w) => w.worm);
      assert.deepEqual(
        [...listed].sort((a, b) => a - b),
        mine.sort((a, b) => a - b),
      );
      const rows = await page.$$eval('#panel table.deliveries tr[data-node]', (els) =>
        els.map((e) => [...e.querySelectorAll('td')].map((td) => td.textContent).join(' ')),
      );
      const names = v.trace.header.nodes;
      const want = (deliveriesOf(v.trace).get(hop.w.message) ?? []).map(
        (d) => `${names[d.node]} ${d.header} ${d.tail}`,
      );
      assert.ok(want.length > 0);
      assert.deepEqual(rows, want);
      // Other messages' worms are dimmed, this one's stand out.
      const cls = await page
        .locator(`#net path.worm[data-worm="${hop.w.worm}"]`)
        .first()
        .getAttribute('class');
      assert.match(cls!, /selected/);
      await page.keyboard.press('Escape');
      assert.equal((await state(page)).selected, undefined);
      await page.close();
    }
  });

  it('000 Fig. 2: the view ends at the deadlock with the cycle of waits highlighted', async (t) => {
    if (unavailable) return peerUnavailable(t, 'Chromium', unavailable);
    const page = await open(fig2);
    const d = fig2.trace.end.deadlock!;
    assert.ok(d, 'the trace records the deadlock');
    await checkEveryCycle(page, fig2);
    await page.keyboard.press('End');
    const s = await state(page);
    assert.equal(s.cycle, fig2.trace.end.cycle);
    assert.deepEqual([...(s.deadlock ?? [])].sort(), [0, 1]);
    assert.match(
      await page.locator('#status').innerText(),
      /deadlock at cycle \d+: worms 0, 1 wait for one another/,
    );
    assert.equal((await page.locator('#net path.worm.deadlocked').count()) > 0, true);
    // The waited-for consumption channels are marked, and hovering one names holder and waiter.
    const waited = await page.$$eval('#net path.waited', (els) =>
      els.map((e) => [Number(e.getAttribute('data-waiting-worm')), Number(e.getAttribute('data-channel'))]),
    );
    const ch = fig2.trace.header.channels;
    const names = fig2.trace.header.nodes;
    assert.deepEqual(waited.map(([w, c]) => `${w}:${ch[c!]!.kind}:${names[ch[c!]!.from]}`).sort(), [
      '0:sink:2,0',
      '1:sink:1,0',
    ]);
    const [w0, c0] = waited.find(([w]) => w === 0)!;
    const box = (await page.locator(`#net path.waited[data-channel="${c0}"]`).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const tip = await page.locator('#tip').innerText();
    assert.match(tip, /consumption channel of 2,0/);
    assert.match(tip, /VC 0: worm 1 \(message 1/);
    assert.match(tip, new RegExp(`waits: worm ${w0} \\(message 0`));
    // Before the end the deadlock is not shown yet.
    await page.keyboard.press('Home');
    assert.equal((await state(page)).deadlock, undefined);
    await page.close();
  });

  it('keyboard: steps, jumps, play/pause and the heat map', async (t) => {
    if (unavailable) return peerUnavailable(t, 'Chromium', unavailable);
    const page = await open(tpm);
    await page.keyboard.press('Home');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    assert.equal((await state(page)).cycle, 3);
    await page.keyboard.press('Shift+ArrowRight');
    assert.equal((await state(page)).cycle, 13);
    await page.keyboard.press('ArrowLeft');
    assert.equal((await state(page)).cycle, 12);
    await page.keyboard.press('Space');
    assert.equal((await state(page)).playing, true);
    await page.waitForFunction(() => (globalThis as unknown as Win).mcsimViewer.state().cycle > 14);
    await page.keyboard.press('Space');
    assert.equal((await state(page)).playing, false);
    await page.keyboard.press('End');
    assert.equal((await state(page)).cycle, tpm.trace.end.cycle);
    await page.keyboard.press('h');
    assert.equal((await state(page)).heat, true);
    const hot = await page.$$eval(
      '#net path.ch.hot',
      (els) => els.filter((e) => (e as SVGElement).style.stroke !== '').length,
    );
    const used = new Set(tpm.trace.worms.flatMap((w) => w.hops.map((h) => h[0])));
    assert.equal(hot, used.size, 'every channel a worm held is coloured by its utilisation');
    await page.close();
  });

  it('screenshots at fixed cycles are not blank and differ between cycles', async (t) => {
    if (unavailable) return peerUnavailable(t, 'Chromium', unavailable);
    const page = await open(tpm, 900, 560);
    // Cycle 60: the first phase's worm is crossing the row; 135: the second phase's five worms.
    await setCycle(page, 60);
    const a = await page.screenshot();
    await setCycle(page, 135);
    const b = await page.screenshot();
    assert.ok(distinctColours(a) > 20, 'not blank');
    assert.ok(distinctColours(b) > 20, 'not blank');
    assert.ok(differingPixels(a, b) > 200, 'the worms moved');
    if (process.env.UPDATE_SCREENSHOT) {
      await page.evaluate(() => (globalThis as unknown as Win).mcsimViewer.select(0));
      await setCycle(page, 140);
      const out = join(dir, 'viewer-tpm.png');
      await page.screenshot({ path: out });
      mkdirSync(join(ROOT, 'docs/figures'), { recursive: true });
      copyFileSync(out, join(ROOT, 'docs/figures/viewer-tpm.png'));
    }
    await page.close();
  });

  it('a 64x64 mesh stays usable: a cycle redraws quickly and zoom works', async (t) => {
    if (unavailable) return peerUnavailable(t, 'Chromium', unavailable);
    const big = view('mesh64', [
      '--set',
      'network.topology=mesh:64x64',
      '--set',
      'workload.load=0.01',
      '--set',
      'workload.warmup=0',
      '--set',
      'workload.measure=300',
      '--set',
      'workload.drain=300',
      '--cycles',
      '0:400',
    ]);
    const page = await open(big);
    const ms = await page.evaluate(() => {
      const v = (globalThis as unknown as Win).mcsimViewer;
      const t0 = performance.now();
      for (let c = 150; c < 160; c++) v.setCycle(c);
      return (performance.now() - t0) / 10;
    });
    assert.ok(ms < 250, `a cycle redraws in ${ms.toFixed(1)} ms`);
    assert.deepEqual(sortHeld((await state(page)).worms), sortHeld(expected(big.trace, 159)));
    const before = await page.locator('#net .base g.zoom').getAttribute('transform');
    await page.keyboard.press('z');
    assert.notEqual(await page.locator('#net .base g.zoom').getAttribute('transform'), before);
    await page.close();
  });
});

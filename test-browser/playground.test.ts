import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { parse as parseYaml } from 'yaml';
import { planMulticast } from '../src/api/plan.js';
import { parseConfig } from '../src/config/load.js';
import { describeNetwork } from '../src/playground/network.js';
import { simulateMulticast } from '../src/playground/simulate.js';
import { parseTopology } from '../src/topology/registry.js';
import { peerUnavailable } from '../test/peers/unavailable.js';
import { dir, launchBrowser, ROOT } from './harness.js';

/**
 * The playground in a real Chromium (issue 36): a source and destinations set by clicking, TPM
 * against dual-path on a 16x16 mesh, the numbers shown against what `mcsim plan` and `mcsim run`
 * give for the same config, the exported YAML run by the CLI, and the URL reproducing it all. With
 * UPDATE_SCREENSHOT=1 it also rewrites the README's screenshot (docs/figures/playground.png).
 */
type Shown = {
  topology: string;
  a: string;
  b: string;
  source?: string;
  dests: string[];
  end: number;
  schemes: string[];
  runs: Array<{ status: string; latency: number; avgDest: number; traffic: number } | undefined>;
};
const shown = (page: Page) =>
  page.evaluate(() =>
    (globalThis as unknown as { mcsimPlayground: { state(): unknown } }).mcsimPlayground.state(),
  ) as Promise<Shown>;
const idle = (page: Page) =>
  page.evaluate(() =>
    (globalThis as unknown as { mcsimPlayground: { idle(): Promise<void> } }).mcsimPlayground.idle(),
  );

const MAIN = join(ROOT, 'cli/main.ts');
const mcsim = (args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', MAIN, ...args], { encoding: 'utf8', cwd: ROOT });

describe('the playground', () => {
  let unavailable: string | undefined;
  let browser: Browser | undefined;
  let html = '';

  before(async () => {
    ({ browser, unavailable } = await launchBrowser());
    if (unavailable) return;
    html = join(dir, 'playground.html');
    const r = mcsim(['playground', '--out', html]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /wrote .*playground\.html: open file:\/\/.* in a browser/);
  });
  after(async () => {
    await browser?.close();
  });

  const open = async (hash = ''): Promise<Page> => {
    const page = await browser!.newPage({ viewport: { width: 1500, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`file://${html}${hash}`);
    await page.waitForFunction(
      () => (globalThis as { mcsimPlayground?: unknown }).mcsimPlayground !== undefined,
    );
    await idle(page);
    assert.deepEqual(errors, []);
    return page;
  };

  const SOURCE = '3,4';
  const DESTS = ['0,0', '5,7', '15,15', '9,2', '12,1', '7,11'];

  it('clicked source and destinations, TPM against dual-path: the numbers of mcsim plan and mcsim run, and the YAML runs', async (t) => {
    if (unavailable) return peerUnavailable(t, 'Chromium', unavailable);
    const page = await open();
    const s0 = await shown(page);
    assert.equal(s0.topology, 'mesh:16x16');
    assert.deepEqual(
      s0.schemes,
      describeNetwork({ network: { topology: 'mesh:16x16' } }).schemes.map((x) => x.name),
    );
    await page.selectOption('#scheme-a', 'tpm');
    await page.selectOption('#scheme-b', 'dual-path');
    const topo = parseTopology('mesh:16x16');
    for (const n of [SOURCE, ...DESTS])
      await page.click(`#pane-a circle.node[data-node="${topo.parseNode(n)}"]`);
    const s1 = await shown(page);
    assert.equal(s1.source, SOURCE);
    assert.deepEqual(s1.dests, DESTS);
    assert.equal(await page.locator('#pane-b .endpoint.dst').count(), DESTS.length, 'marked on both sides');
    // The plans show before anything runs: mcsim plan's worms, by phase.
    await idle(page);
    for (const algorithm of ['tpm', 'dual-path']) {
      const plan = planMulticast({ topology: 'mesh:16x16', algorithm, source: SOURCE, dests: DESTS }).view;
      const listed = await page.locator(`ul.plan[data-scheme="${algorithm}"] li`).allInnerTexts();
      assert.deepEqual(
        listed,
        plan.worms.map(
          (w) =>
            `phase ${w.phase}: ${w.source} \u2192 ${w.destinations.map((d) => `${d.node}(${d.service})`).join(' ')}`,
        ),
      );
    }
    assert.equal(await page.locator('td[data-metric="latency"]').count(), 0, 'not run yet');
    await page.click('#run');
    await idle(page);
    const s = await shown(page);
    const config = { network: { topology: 'mesh:16x16' } };
    for (const [i, algorithm] of ['tpm', 'dual-path'].entries()) {
      const node = simulateMulticast(config, { algorithm, source: SOURCE, dests: DESTS });
      const cell = (m: string) =>
        page.locator(`td[data-scheme="${algorithm}"][data-metric="${m}"]`).innerText();
      // mcsim run of the exported YAML, by the CLI.
      const yaml = await page.locator(`#yaml-${'ab'[i]}`).innerText();
      const file = join(dir, `${algorithm}.yaml`);
      writeFileSync(file, yaml);
      const out = join(dir, `${algorithm}.json`);
      const r = mcsim(['run', file, '--out', out]);
      assert.equal(r.status, 0, r.stderr);
      const m = JSON.parse(readFileSync(out, 'utf8')).metrics;
      assert.equal(s.runs[i]!.status, 'complete');
      assert.equal(s.runs[i]!.latency, m.latency.mean);
      assert.equal(await cell('latency'), String(m.latency.mean));
      assert.equal(await cell('avgDest'), String(m.latencyAvgDest.mean));
      assert.equal(s.runs[i]!.traffic, m.traffic.total);
      assert.equal(await cell('traffic'), String(m.traffic.total));
      assert.equal(s.runs[i]!.latency, node.latency);
      for (const a of node.arrivals)
        assert.equal(
          await page
            .locator(`table.arrivals td[data-scheme="${algorithm}"][data-node="${a.node}"]`)
            .innerText(),
          `${a.header} / ${a.tail}`,
        );
      const get = page.locator(`#get-${'ab'[i]}`);
      assert.equal(await get.getAttribute('download'), `mcsim-${algorithm}.yaml`);
      const [download] = await Promise.all([page.waitForEvent('download'), get.click()]);
      assert.equal(readFileSync((await download.path())!, 'utf8'), yaml, 'the button saves the YAML shown');
      // mcsim plan's numbers.
      const plan = planMulticast({ topology: 'mesh:16x16', algorithm, source: SOURCE, dests: DESTS }).view;
      assert.equal(await cell('hopLatency'), String(plan.hopLatency));
      assert.equal(await cell('channels'), String(plan.channels));
      assert.equal(await cell('phases'), String(plan.phases));
      assert.deepEqual(parseConfig(parseYaml(yaml)).network.topology, 'mesh:16x16');
    }
    // Both play on one timeline to the later end.
    assert.equal(s.end, Math.max(...s.runs.map((r) => r!.latency)) + 1);
    if (process.env.UPDATE_SCREENSHOT) {
      await page.evaluate(() =>
        (
          globalThis as unknown as { mcsimPlayground: { setCycle(t: number): void } }
        ).mcsimPlayground.setCycle(150),
      );
      await page.evaluate(() => document.querySelector('aside')!.scrollTo(0, 0));
      mkdirSync(join(ROOT, 'docs/figures'), { recursive: true });
      await page.screenshot({ path: join(ROOT, 'docs/figures/playground.png') });
    }
    await page.close();
  });

  it('the URL holds the comparison: opened again, it reruns the same and shows the same numbers', async (t) => {
    if (unavailable) return peerUnavailable(t, 'Chromium', unavailable);
    const hash = `#topology=torus%3A8x8&a=tasnem&b=t2w&source=0%2C0&dests=${encodeURIComponent('3,3 5,1 7,7 2,6')}`;
    const page = await open(hash);
    const s = await shown(page);
    assert.deepEqual(
      [s.topology, s.a, s.b, s.source, s.dests],
      ['torus:8x8', 'tasnem', 't2w', '0,0', ['3,3', '5,1', '7,7', '2,6']],
    );
    const again = await open(new URL(page.url()).hash);
    assert.deepEqual(await shown(again), s);
    for (const [i, algorithm] of ['tasnem', 't2w'].entries())
      assert.equal(
        s.runs[i]!.latency,
        simulateMulticast(
          { network: { topology: 'torus:8x8' } },
          { algorithm, source: '0,0', dests: ['3,3', '5,1', '7,7', '2,6'] },
        ).latency,
      );
    await page.close();
    await again.close();
  });

  it('every kind of network: a CCC, a fat tree and an InfiniBand mesh run there as in Node', async (t) => {
    if (unavailable) return peerUnavailable(t, 'Chromium', unavailable);
    const cases: Array<[string, string, string, string, string[]]> = [
      ['ccc:3', 'uccc', 'separate', '0,000', ['1,011', '2,110', '0,111', '1,100']],
      ['fattree:16', 'bitstring', 'umin', '0', ['5', '6', '9', '15']],
      ['ibmesh:3x3', 'separate', 'umin', '0,0', ['2,2', '1,0', '0,2']],
    ];
    for (const [topology, a, b, source, dests] of cases) {
      const q = new URLSearchParams({ topology, a, b, source, dests: dests.join(' ') });
      const page = await open(`#${q.toString()}`);
      const s = await shown(page);
      assert.deepEqual([s.topology, s.a, s.b, s.source, s.dests], [topology, a, b, source, dests]);
      for (const [i, algorithm] of [a, b].entries()) {
        const node = simulateMulticast({ network: { topology } }, { algorithm, source, dests });
        assert.equal(s.runs[i]!.status, 'complete', `${topology} ${algorithm}`);
        assert.equal(s.runs[i]!.latency, node.latency, `${topology} ${algorithm}`);
        assert.equal(s.runs[i]!.traffic, node.traffic, `${topology} ${algorithm}`);
      }
      // Clicking works on every kind too: a click on a destination's node drops it.
      assert.equal(await page.locator('#pane-a .endpoint.src').count(), 1);
      const id = describeNetwork({ network: { topology } }).header.nodes.indexOf(dests[0]!);
      await page.click(`#pane-b circle.node[data-node="${id}"]`);
      await idle(page);
      assert.deepEqual((await shown(page)).dests, dests.slice(1));
      await page.close();
    }
  });

  it("refuses an invalid choice in the form with the CLI's message", async (t) => {
    if (unavailable) return peerUnavailable(t, 'Chromium', unavailable);
    const page = await open();
    await page.fill('#topology', 'mesh:0x4');
    await page.press('#topology', 'Enter');
    await page.locator('#topology').blur();
    await idle(page);
    const cli = mcsim([
      'plan',
      '--topology',
      'mesh:0x4',
      '--algorithm',
      'tpm',
      '--source',
      '0,0',
      '--dests',
      '1,1',
    ]);
    assert.equal(cli.status, 2);
    let want = '';
    try {
      describeNetwork({ network: { topology: 'mesh:0x4' } });
    } catch (e) {
      want = (e as Error).message;
    }
    assert.equal(await page.locator('#error').innerText(), want);
    assert.match(cli.stderr, new RegExp(want.replace(/^[^:]+: /, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    // A network larger than it draws fluidly is refused, pointing to mcsim view.
    await page.fill('#topology', 'mesh:64x64');
    await page.locator('#topology').blur();
    await idle(page);
    assert.match(
      await page.locator('#error').innerText(),
      /^network\.topology: mesh:64x64 has 4096 nodes; the playground draws up to 1024/,
    );
    // Run with no source asks for one.
    await page.fill('#topology', 'mesh:4x4');
    await page.locator('#topology').blur();
    await idle(page);
    await page.click('#run');
    await idle(page);
    assert.match(await page.locator('#error').innerText(), /choose a source/);
    await page.close();
  });

  it("draws a random set with mcsim's seeded generator: the same first draw on every page", async (t) => {
    if (unavailable) return peerUnavailable(t, 'Chromium', unavailable);
    const draw = async () => {
      const page = await open('#topology=mesh%3A6x6');
      await page.fill('#random-n', '5');
      await page.click('#random');
      await idle(page);
      const s = await shown(page);
      await page.close();
      return [s.source, s.dests] as const;
    };
    const [source, dests] = await draw();
    assert.ok(source !== undefined);
    assert.equal(new Set(dests).size, 5);
    assert.ok(!dests.includes(source!), 'the source is not among its destinations');
    assert.deepEqual(await draw(), [source, dests]);
  });
});

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { playgroundWorkerScript } from '../src/playground/bundle.js';
import type { WorkerAnswer, WorkerAsk } from '../src/playground/protocol.js';
import { simulateMulticast } from '../src/playground/simulate.js';
import { peerUnavailable } from '../test/peers/unavailable.js';
import { dir, launchBrowser } from './harness.js';

/**
 * The playground's engine (issue 36): the real planners and engine bundled for the browser, run in
 * a Web Worker of a page opened from disk, answer exactly as they do in Node.
 */
describe('the playground engine in a Web Worker', () => {
  let unavailable: string | undefined;
  let browser: Browser | undefined;
  let page: Page;

  before(async () => {
    ({ browser, unavailable } = await launchBrowser());
    if (unavailable) return;
    const html = join(dir, 'blank.html');
    writeFileSync(html, '<!doctype html><title>worker</title>');
    page = await browser!.newPage();
    await page.goto(`file://${html}`);
    const script = await playgroundWorkerScript();
    // A worker from the script's text (a page opened from disk may not load a worker from a file).
    await page.evaluate((src) => {
      const g = globalThis as unknown as { ask(a: unknown): Promise<unknown> };
      const url = URL.createObjectURL(new Blob([src], { type: 'text/javascript' }));
      const worker = new Worker(url);
      g.ask = (a) =>
        new Promise((resolve) => {
          worker.onmessage = (e) => resolve(e.data);
          worker.postMessage(a);
        });
    }, script);
  });
  after(async () => {
    await browser?.close();
  });

  const ask = (a: WorkerAsk) =>
    page.evaluate(
      (x) => (globalThis as unknown as { ask(a: unknown): Promise<unknown> }).ask(x),
      a,
    ) as Promise<WorkerAnswer>;

  it('TPM and dual-path on a 16x16 mesh: the same plans, traces, arrivals, latency and traffic as in Node', async (t) => {
    if (unavailable) return peerUnavailable(t, 'Chromium', unavailable);
    const config = { network: { topology: 'mesh:16x16' } };
    const dests = ['0,0', '5,7', '15,15', '9,2', '12,1'];
    const runs = ['tpm', 'dual-path'].map((algorithm) => ({ algorithm, source: '3,4', dests }));
    const a = await ask({ id: 1, kind: 'runs', config, runs });
    assert.equal(a.ok, true, a.ok ? '' : a.error);
    if (!a.ok) return;
    const node = runs.map((r) => JSON.parse(JSON.stringify(simulateMulticast(config, r))));
    assert.ok('runs' in a);
    assert.deepEqual(a.runs, node);
    assert.equal(a.runs[0]!.plan.algorithm, 'tpm');
    for (const r of a.runs) {
      assert.equal(r.status, 'complete');
      assert.deepEqual(r.arrivals.map((x) => x.node).sort(), [...dests].sort());
      assert.ok(r.latency > 0 && r.traffic > 0);
    }
  });

  it('a bit-string worm on a fat tree and U-CCC on a CCC run there as in Node', async (t) => {
    if (unavailable) return peerUnavailable(t, 'Chromium', unavailable);
    const cases: Array<[unknown, { algorithm: string; source: string; dests: string[] }]> = [
      [
        { network: { topology: 'fattree:16' } },
        { algorithm: 'bitstring', source: '0', dests: ['5', '6', '9', '15'] },
      ],
      [
        { network: { topology: 'ccc:3' } },
        { algorithm: 'uccc', source: '0,000', dests: ['1,011', '2,110', '0,111'] },
      ],
    ];
    for (const [config, run] of cases) {
      const a = await ask({ id: 2, kind: 'runs', config, runs: [run] });
      assert.equal(a.ok, true, a.ok ? '' : a.error);
      if ('runs' in a) assert.deepEqual(a.runs, [JSON.parse(JSON.stringify(simulateMulticast(config, run)))]);
    }
  });

  it("refuses bad input with the CLI's message", async (t) => {
    if (unavailable) return peerUnavailable(t, 'Chromium', unavailable);
    const bad: Array<[unknown, { algorithm: string; source: string; dests: string[] }]> = [
      [{ network: { topology: 'mesh:4x4' } }, { algorithm: 'tasnem', source: '0,0', dests: ['1,1'] }],
      [{ network: { topology: 'mesh:4x4', vcs: 0 } }, { algorithm: 'tpm', source: '0,0', dests: ['1,1'] }],
      [{ network: { topology: 'mesh:4x4' } }, { algorithm: 'tpm', source: '0,0', dests: ['9,9'] }],
    ];
    for (const [config, run] of bad) {
      let want = '';
      try {
        simulateMulticast(config, run);
      } catch (e) {
        want = (e as Error).message;
      }
      assert.notEqual(want, '');
      const a = await ask({ id: 3, kind: 'runs', config, runs: [run] });
      assert.deepEqual(a, { id: 3, ok: false, error: want });
    }
  });
});

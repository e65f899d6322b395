import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  McsimError,
  parseConfig,
  planMulticast,
  traceMulticast,
  traceRun,
  viewerHtml,
} from '../../src/index.js';
import { mcsimInProcess } from '../cli/in-process.js';

describe('what the CLI does, as functions of the package', () => {
  it('planMulticast gives what mcsim plan --json prints', async () => {
    const req = { topology: 'mesh:16x16', algorithm: 'tpm', source: '3,4', dests: '0,0 5,7 15,15 9,2' };
    const { view } = planMulticast(req);
    const cli = await mcsimInProcess([
      'plan',
      '--topology',
      req.topology,
      '--algorithm',
      req.algorithm,
      '--source',
      req.source,
      '--dests',
      req.dests,
      '--json',
    ]);
    assert.equal(cli.code, 0, cli.err);
    assert.deepEqual(JSON.parse(cli.out), JSON.parse(JSON.stringify(view)));
    // Node numbers work as well as ids, and a bad id names the request field.
    const byNumber = planMulticast({ ...req, source: 3 + 4 * 16, dests: [0, 5 + 7 * 16, 255, 9 + 2 * 16] });
    assert.deepEqual(byNumber.view, view);
    assert.throws(
      () => planMulticast({ ...req, dests: '0,0 99,99' }),
      (e: unknown) => e instanceof McsimError && /^dests: /.test(e.message),
    );
  });

  it('traceRun and viewerHtml give the trace and the page of mcsim view', async () => {
    const config = parseConfig({
      network: { topology: 'mesh:4x4' },
      workload: { type: 'uniform', load: 0.05, measure: 600 },
    });
    const { trace, result } = traceRun(config);
    assert.equal(result.outcome.status, 'complete');
    assert.equal(trace.header.format, 'mcsim-trace');
    // One worm per unicast that took an injection channel: every delivered one, at most every created one.
    const m = result.metrics.messages;
    assert.ok(
      trace.worms.length >= m.delivered && trace.worms.length <= m.created,
      `${trace.worms.length} worms`,
    );
    const windowed = traceRun(config, { cycles: [200, 400] }).trace;
    assert.ok(windowed.worms.length > 0 && windowed.worms.length < trace.worms.length);
    const one = traceMulticast(parseConfig({ network: { topology: 'mesh:8x8' } }), {
      algorithm: 'dual-path',
      source: '3,3',
      dests: ['0,0', '7,7'],
    });
    assert.equal(one.status, 'complete');
    const html = await viewerHtml(one.trace);
    assert.match(html, /^<!DOCTYPE html>/i);
    assert.ok(html.includes('mcsim-trace'), 'the trace is inside the page');
  });
});

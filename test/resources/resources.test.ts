import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { catalog } from '../../reproduction/catalog.js';
import { parseConfig } from '../../src/config/load.js';
import { checkResources, defaultLimitMb } from '../../src/resources/check.js';
import { estimateResources } from '../../src/resources/estimate.js';
import { checkSweepResources } from '../../src/sweep/resources.js';
import { McsimError } from '../../src/util/errors.js';
import { mcsimInProcess } from '../cli/in-process.js';

const net = (topology: string, more: Record<string, unknown> = {}) =>
  parseConfig({ network: { topology, ...more }, workload: { type: 'uniform', load: 0.01 } });

describe('resource check', () => {
  it('counts what the engine allocates: channels and buffers of a 16x16 mesh exactly', () => {
    const e = estimateResources(net('mesh:16x16'));
    assert.equal(e.nodes, 256);
    assert.equal(e.channels, 2 * 2 * 15 * 16, 'unidirectional channels');
    assert.equal(
      e.buffers,
      960 * 2 + 256 * 2,
      '2 VCs per channel, one injection and one consumption channel per node',
    );
    const wide = estimateResources(net('mesh:16x16', { vcs: 4, injectionChannels: 'all' }));
    assert.equal(wide.buffers, 960 * 4 + 256 * 16 + 256, "'all' = the 16 output VCs of an inner router");
    assert.ok(wide.mb > e.mb);
    assert.ok(e.mb > 60 && e.mb < 80, `a small run is the process plus a little: ${e.mb} MB`);
  });

  it('refuses mesh:2048x2048 before building it, with its estimate, whatever the machine', async () => {
    const before = process.memoryUsage().rss;
    const r = await mcsimInProcess([
      'run',
      '--set',
      'network.topology=mesh:2048x2048',
      '--max-memory',
      '16000',
    ]);
    // Building the network would take gigabytes (11.6 GB were seen before it was refused early).
    const grew = (process.memoryUsage().rss - before) / 2 ** 20;
    assert.equal(r.code, 2, r.err);
    assert.equal(r.err.trim().split('\n').length, 1);
    assert.match(
      r.err,
      /^mcsim: network\.topology: mesh:2048x2048 needs about [\d,]+ MB \(4,194,304 nodes, 16,769,024 channels, 41,926,656 buffers, ~[\d,]+ live messages\), more than the 16,000 MB allowed \(--max-memory 16000\)/,
    );
    const mb = Number(/needs about ([\d,]+) MB/.exec(r.err)![1]!.replace(/,/g, ''));
    assert.ok(mb > 11_600, `at least the 11.6 GB it was seen to take while still building: ${mb}`);
    assert.ok(grew < 200, `the process grew by ${grew.toFixed(0)} MB before refusing`);
  });

  it('refuses it with the default workload on a machine of 128 GB (the limit is half of its memory)', () => {
    assert.equal(defaultLimitMb(24_000), 12_000);
    const config = parseConfig({ network: { topology: 'mesh:2048x2048' } });
    assert.throws(
      () => checkResources(config, { machineMb: 128_000 }),
      (e) =>
        e instanceof McsimError &&
        /more than the 64,000 MB allowed \(half of this machine's 128000 MB\)/.test(e.message),
    );
  });

  it('--max-memory raises the limit; a run that fits passes and goes on', async () => {
    assert.doesNotThrow(() => checkResources(net('mesh:2048x2048'), { maxMemoryMb: 10_000_000 }));
    const r = await mcsimInProcess([
      'run',
      '--set',
      'network.topology=mesh:4x4',
      '--set',
      'workload.measure=200',
      '--max-memory',
      '100',
    ]);
    assert.equal(r.code, 0, r.err);
    const small = await mcsimInProcess(['run', '--set', 'network.topology=mesh:4x4', '--max-memory', '10']);
    assert.equal(small.code, 2);
    assert.match(small.err, /more than the 10 MB allowed/);
  });

  it('a sweep counts its largest point once per worker; plan checks the network', async () => {
    const exp = catalog().find((e) => e.id === 'tpm-fig10')!.exp;
    const one = checkSweepResources(exp, { quick: true, workers: 1, maxMemoryMb: 1000 })!;
    assert.throws(
      () => checkSweepResources(exp, { quick: true, workers: 2, maxMemoryMb: Math.ceil(one.mb * 1.5) }),
      /2 runs at once of [\d,]+ MB, each: .*or fewer --workers/,
    );
    const p = await mcsimInProcess([
      'plan',
      '--topology',
      'mesh:2048x2048',
      '--algorithm',
      'tpm',
      '--source',
      '0,0',
      '--dests',
      '1,1',
      '--max-memory',
      '1000',
    ]);
    assert.equal(p.code, 2);
    assert.match(p.err, /mesh:2048x2048 needs about/);
  });
});

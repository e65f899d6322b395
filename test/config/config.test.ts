import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { configDocs, configJsonSchemaText, DOC_BEGIN, DOC_END } from '../../src/config/docs.js';
import { applySet, parseConfig, resolveConfig } from '../../src/config/load.js';
import { experimentJsonSchemaText } from '../../src/sweep/jsonschema.js';
import { McsimError } from '../../src/util/errors.js';

describe('config defaults and validation', () => {
  it('an empty config is the documented defaults', () => {
    const c = parseConfig({});
    assert.deepEqual(c, {
      seed: 1,
      network: {
        topology: 'mesh:16x16',
        routing: 'auto',
        routingOptions: {},
        bufferDepth: 1,
        switching: 'wormhole',
        injectionChannels: 1,
        consumptionChannels: 1,
      },
      timing: {
        routingDelay: 2,
        routingDelayModified: 3,
        startup: 33,
        startupSubsequent: 8,
        deadlockCycles: 2000,
      },
      workload: { type: 'uniform', load: 0.04, packetLength: 20, warmup: 2000, measure: 10000, drain: 20000 },
    });
  });

  const bad: Array<[unknown, RegExp]> = [
    [{ network: { bufferDeep: 2 } }, /^network: unknown field "bufferDeep"/],
    [{ network: { vcs: -1 } }, /^network\.vcs: /],
    [{ network: { bufferDepth: 'two' } }, /^network\.bufferDepth: .*got "two"/],
    [
      { network: { switching: 'store' } },
      /^network\.switching: got "store" \(allowed: "wormhole", "vct", "input-fifo", "central-buffer", "ib"\)/,
    ],
    [{ timing: { startup: -3 } }, /^timing\.startup: /],
    [{ workload: { type: 'bursty' } }, /^workload.*unknown workload type "bursty"/],
    [
      { workload: { type: 'messages', messages: [{ at: 0, source: '0,0' }] } },
      /workload\.messages\[0\]: give exactly one of "dest"/,
    ],
    [
      { workload: { type: 'messages', messages: [{ at: 0, source: '0,0', algorithm: 'tpm' }] } },
      /workload\.messages\[0\]: "algorithm" and "dests" go together/,
    ],
    [
      {
        workload: {
          type: 'messages',
          messages: [{ at: 0, source: '0,0', dest: '1,1', algorithm: 'tpm', dests: ['1,1'] }],
        },
      },
      /workload\.messages\[0\]: give exactly one of "dest"/,
    ],
  ];
  for (const [input, msg] of bad) {
    it(`rejects ${JSON.stringify(input)} naming the field`, () => {
      assert.throws(
        () => parseConfig(input),
        (e: unknown) => e instanceof McsimError && msg.test(e.message),
      );
    });
  }

  it('--set reads values as YAML and creates objects on the way', () => {
    const o: Record<string, unknown> = {};
    applySet(o, 'network.vcs=4');
    applySet(o, 'network.topology=torus:8x8');
    applySet(o, 'workload.load=0.1');
    applySet(o, 'network.routingOptions={from: xy}');
    assert.deepEqual(o, {
      network: { vcs: 4, topology: 'torus:8x8', routingOptions: { from: 'xy' } },
      workload: { load: 0.1 },
    });
    const c = resolveConfig({ sets: ['workload.load=0.1'], seed: 9 });
    assert.equal(c.seed, 9);
    assert.equal(c.workload.type, 'uniform');
    assert.throws(() => applySet({}, 'novalue'), /path=value/);
  });

  it('an unreadable config file is one clear error', () => {
    assert.throws(
      () => resolveConfig({ file: 'no/such/file.yaml' }),
      /cannot read config file "no\/such\/file.yaml": ENOENT/,
    );
  });

  it('the committed JSON Schema and config reference are what the schema generates now (npm run schema)', () => {
    assert.equal(
      readFileSync(new URL('../../schema/mcsim.config.schema.json', import.meta.url), 'utf8'),
      configJsonSchemaText(),
    );
    assert.equal(
      readFileSync(new URL('../../schema/mcsim.experiment.schema.json', import.meta.url), 'utf8'),
      experimentJsonSchemaText(),
    );
    const doc = readFileSync(new URL('../../docs/config.md', import.meta.url), 'utf8');
    assert.equal(doc.slice(doc.indexOf(DOC_BEGIN), doc.indexOf(DOC_END) + DOC_END.length), configDocs());
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigSchema, configSchemaFor } from '../../src/config/schema.js';
import { Rng } from '../../src/util/rng.js';

// parseConfig parses against the schema of the workload type its input names (configSchemaFor), so
// that `mcsim run` builds one workload schema at start; the whole schema must not be able to tell.

const WORKLOADS: unknown[] = [
  undefined,
  { type: 'uniform' },
  { type: 'uniform', load: 0.1, measure: 500 },
  { type: 'multicast', algorithm: 'dual-path', destinations: 8 },
  { type: 'mixed', destinations: { mean: 10, ofOthers: 0.5 } },
  { type: 'steps', setSize: 16 },
  { type: 'plan-metrics', destinationsFraction: 0.2 },
  { type: 'ib-collective', sources: 0.4, variant: 'mc-shared', vls: 4 },
  { type: 'messages', messages: [{ at: 0, source: '0,0', dest: '1,1' }] },
  {
    type: 'messages',
    messages: [
      { at: 3, source: '0,0', worms: [{ stops: [{ node: '1,1', branches: [[{ node: '2,2' }]] }] }] },
    ],
  },
  { type: 'nonesuch' },
  { load: 0.1 },
  5,
  null,
  [],
  'uniform',
];
const FIELDS = [
  'load',
  'measure',
  'warmup',
  'packetLength',
  'destinations',
  'samples',
  'algorithm',
  'setSize',
  'multicastFraction',
  'sources',
  'variant',
  'vls',
  'messageBytes',
  'engine',
  'messages',
  'type',
  'extra',
];
const VALUES: unknown[] = [-1, 0, 0.5, 2, 1e9, 'x', 'mc-1vl', null, true, [], {}, [{ at: 0 }]];

function outcome(r: ReturnType<typeof ConfigSchema.safeParse>): unknown {
  return r.success ? { data: r.data } : { issue: r.error.issues[0] };
}

describe('the config schema of one workload type', () => {
  it('parses like the whole schema: same result, same first issue (2,000 random inputs)', () => {
    const rng = new Rng(11);
    for (let i = 0; i < 2000; i++) {
      const base = WORKLOADS[rng.int(WORKLOADS.length)];
      let workload: unknown = base;
      if (base !== null && typeof base === 'object' && !Array.isArray(base) && rng.next() < 0.7)
        workload = { ...base, [FIELDS[rng.int(FIELDS.length)]!]: VALUES[rng.int(VALUES.length)] };
      const input: Record<string, unknown> = { seed: rng.int(3) === 0 ? -1 : rng.int(100) };
      if (workload !== undefined) input.workload = workload;
      if (rng.next() < 0.2) input.network = { bufferDepth: rng.int(3) };
      const one = outcome(configSchemaFor(input).safeParse(input));
      const whole = outcome(ConfigSchema.safeParse(input));
      assert.deepEqual(one, whole, JSON.stringify(input));
    }
  });

  it('is the whole schema where the workload names no known type', () => {
    for (const workload of [{ type: 'nonesuch' }, 5, null, [], { type: 7 }])
      assert.equal(configSchemaFor({ workload }), ConfigSchema);
    assert.notEqual(configSchemaFor({}), ConfigSchema);
    assert.equal(
      configSchemaFor({ workload: { type: 'mixed' } }),
      configSchemaFor({ workload: { type: 'mixed' } }),
    );
  });
});

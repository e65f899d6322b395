import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { configJsonSchema } from '../../src/config/jsonschema.js';
import { parseConfig } from '../../src/config/load.js';
import type { McsimConfig } from '../../src/config/schema.js';
import { runnerFor, runSimulation } from '../../src/sim/run.js';
import { RUNNERS } from '../../src/sim/runners.js';

type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// The registry's keys are the config's workload types, no more and no fewer (fails to compile otherwise).
const sameTypes: Equal<keyof typeof RUNNERS, McsimConfig['workload']['type']> = true;

/** The `type` of each member of the workload union, as the config's JSON Schema states them. */
function schemaTypes(): string[] {
  const workload = (configJsonSchema() as { properties: { workload: { anyOf: unknown[] } } }).properties
    .workload;
  return workload.anyOf.map((m) => (m as { properties: { type: { const: string } } }).properties.type.const);
}

describe('runner registry', () => {
  it("has one runner per type of the workload schema's discriminated union, under its own type", () => {
    assert.equal(sameTypes, true);
    assert.deepEqual(Object.keys(RUNNERS), schemaTypes());
    for (const [type, runner] of Object.entries(RUNNERS)) {
      assert.equal(runner.type, type);
      assert.ok(runner.description.length > 0, type);
    }
  });

  it('only the flit-level runners record a trace', () => {
    const traced = Object.values(RUNNERS)
      .filter((r) => r.noTrace === undefined)
      .map((r) => r.type);
    assert.deepEqual(traced, ['uniform', 'messages', 'multicast', 'mixed']);
  });

  for (const [workload, message] of [
    [{ type: 'steps', samples: 2 }, 'a steps workload moves no flits, so it has no trace'],
    [{ type: 'plan-metrics', samples: 2 }, 'a plan-metrics workload moves no flits, so it has no trace'],
  ] as const)
    it(`refuses a trace of a ${workload.type} run, naming --trace`, () => {
      const config = parseConfig({ network: { topology: 'mesh:4x4' }, workload });
      assert.throws(
        () => runSimulation(config, { trace: { write: () => {} } }),
        (e: Error) => e.name === 'McsimError' && e.message === `--trace: ${message}`,
      );
    });

  it('an unknown workload type names the registered ones', () => {
    assert.throws(
      () => runnerFor('nonesuch'),
      (e: Error) =>
        e.message ===
        'workload.type: unknown workload type "nonesuch" (allowed: uniform, messages, multicast, mixed, steps, plan-metrics, ib-collective)',
    );
    assert.throws(() => runnerFor('toString'), /unknown workload type "toString"/);
  });
});

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { FORBIDDEN_KEYS } from '../../src/config/keys.js';
import { applySet, parseConfig, resolveConfig } from '../../src/config/load.js';
import { expandPoints } from '../../src/sweep/points.js';
import { ExperimentSchema } from '../../src/sweep/schema.js';
import { McsimError } from '../../src/util/errors.js';
import { mcsimInProcess } from '../cli/in-process.js';
import { tempDir } from '../temp-dir.js';

const KEYS = [...FORBIDDEN_KEYS];

function notPolluted() {
  assert.equal(({} as Record<string, unknown>).x, undefined, 'Object.prototype was changed');
  assert.equal(({} as Record<string, unknown>).polluted, undefined, 'Object.prototype was changed');
}

describe('keys that reach a prototype are refused', () => {
  it('covers __proto__, constructor and prototype', () => {
    assert.deepEqual(KEYS.sort(), ['__proto__', 'constructor', 'prototype']);
  });

  for (const key of KEYS) {
    it(`"${key}" in a --set path, at any depth, and in a --set value`, () => {
      for (const path of [`${key}.x`, `network.${key}.x`, `network.${key}`, `workload.${key}`]) {
        const obj: Record<string, unknown> = {};
        assert.throws(
          () => applySet(obj, `${path}=1`),
          (e) => e instanceof McsimError && e.message.includes(`"${key}" is not allowed`),
          path,
        );
        assert.deepEqual(obj, {}, 'nothing set');
      }
      assert.throws(
        () => applySet({}, `network.routingOptions={${key}: {polluted: 1}}`),
        new RegExp(`key "${key}" is not allowed`),
      );
      notPolluted();
    });

    it(`"${key}" in a config file or a config object`, () => {
      const dir = tempDir('mcsim-keys-');
      const file = join(dir, 'c.yaml');
      writeFileSync(file, `network:\n  routingOptions:\n    ${key}: { polluted: 1 }\n`);
      assert.throws(
        () => resolveConfig({ file }),
        (e) =>
          e instanceof McsimError &&
          e.message.includes(`config file "${file}"`) &&
          e.message.includes(`"network.routingOptions.${key}"`),
      );
      assert.throws(() => parseConfig(JSON.parse(`{"network":{"routingOptions":{"${key}":1}}}`)), McsimError);
      notPolluted();
    });

    it(`"${key}" in an experiment's axis path, and in its file (mcsim sweep)`, async () => {
      const exp = ExperimentSchema.parse({
        id: 'k',
        title: 'k',
        axes: [{ path: `${key}.polluted`, values: [1] }],
      });
      assert.throws(() => expandPoints(exp), new RegExp(`"${key}" is not allowed`));
      notPolluted();
      const dir = tempDir('mcsim-keys-');
      const file = join(dir, 'e.yaml');
      writeFileSync(file, `id: k\ntitle: k\nbase: { network: { ${key}: { polluted: 1 } } }\n`);
      const r = await mcsimInProcess(['sweep', file, '--out', join(dir, 'out')]);
      assert.equal(r.code, 2, r.err);
      assert.match(
        r.err,
        new RegExp(`^mcsim: experiment "${file}": key "base.network.${key}" is not allowed`),
      );
      assert.equal(r.err.trim().split('\n').length, 1);
      notPolluted();
    });
  }

  it('ordinary keys that merely contain the words pass', () => {
    const obj: Record<string, unknown> = {};
    applySet(obj, 'network.routingOptions={ prototypes: 1, my_constructor: 2 }');
    assert.deepEqual(obj, { network: { routingOptions: { prototypes: 1, my_constructor: 2 } } });
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { configJsonSchema } from '../../src/config/jsonschema.js';
import { parseConfig } from '../../src/config/load.js';
import {
  ROUTER_MODELS,
  registerSwitchModel,
  routerModel,
  SWITCH_MODEL_NAMES,
} from '../../src/router/registry.js';
import { wormholeRouter } from '../../src/router/wormhole.js';
import { McsimError } from '../../src/util/errors.js';

/** The config schema's `network.switching` field, as the JSON Schema states it. */
function switchingField(): { enum: string[]; description: string } {
  const s = configJsonSchema() as { properties: { network: { properties: { switching: unknown } } } };
  return s.properties.network.properties.switching as { enum: string[]; description: string };
}

describe('the switch-model registry is the config enum (src/router/registry.ts)', () => {
  it("the schema's switching values and description come from the registered models", () => {
    const field = switchingField();
    assert.deepEqual(
      field.enum,
      ROUTER_MODELS.map((m) => m.name),
    );
    for (const m of ROUTER_MODELS) assert.ok(field.description.includes(`'${m.name}' (${m.description})`));
  });

  it('a registered model is accepted by the config and found by name; names stay unique', () => {
    const echo = { ...wormholeRouter, name: 'echo-test', description: 'wormhole under another name' };
    assert.throws(() => parseConfig({ network: { switching: 'echo-test' } }), /allowed: "wormhole"/);
    registerSwitchModel(echo);
    assert.equal(parseConfig({ network: { switching: 'echo-test' } }).network.switching, 'echo-test');
    assert.equal(routerModel('echo-test'), echo);
    assert.equal(SWITCH_MODEL_NAMES.at(-1), 'echo-test');
    assert.ok(switchingField().enum.includes('echo-test'));
    assert.throws(() => registerSwitchModel(echo), McsimError);
    assert.throws(
      () => parseConfig({ network: { switching: 'echo' } }),
      /^McsimError: network\.switching: got "echo" \(allowed: .*"ib", "echo-test"\)/,
    );
  });
});

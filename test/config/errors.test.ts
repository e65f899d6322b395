import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { mcsimInProcess } from '../cli/in-process.js';
import { tempDir } from '../temp-dir.js';

describe('config errors name what the user wrote', () => {
  it('an error about routing left to auto says so, instead of blaming a routing the user never set', async () => {
    const r = await mcsimInProcess(['run', '--set', 'network.topology=torus:8x8', '--set', 'network.vcs=1']);
    assert.equal(r.code, 2);
    assert.match(r.err, /routing "auto" \(which chose xy\) does not fit torus:8x8: .*2 virtual channels/);
    const set = await mcsimInProcess([
      'run',
      '--set',
      'network.topology=ccc:4',
      '--set',
      'network.routing=xy',
    ]);
    assert.match(set.err, /network\.routing: routing "xy" does not fit topology ccc:4/);
  });

  it('a node id that YAML read as a number gets a hint to quote it', async () => {
    const dir = tempDir('mcsim-config-');
    const cfg = join(dir, 'm.yaml');
    writeFileSync(
      cfg,
      'workload:\n  type: messages\n  messages:\n    - at: 0\n      source: 0,0\n      worms:\n        - stops:\n            - { node: 1,0, service: PAF }\n',
    );
    const r = await mcsimInProcess(['run', cfg]);
    assert.equal(r.code, 2);
    assert.match(r.err, /stops\[0\]\.node: .*got 1 \(quote node ids: "1,0"; in YAML flow style/);
  });

  it('a value of the wrong type or out of range says what the field allows', async () => {
    const cases: Array<[string, RegExp]> = [
      ['network.bufferDepth=abc', /^mcsim: network\.bufferDepth: expected a number, got "abc"$/],
      ['network.bufferDepth=2.5', /^mcsim: network\.bufferDepth: expected a whole number, got 2\.5$/],
      ['workload.load=0', /^mcsim: workload\.load: expected a number greater than 0, got 0$/],
      ['network.topology=3', /^mcsim: network\.topology: expected a string, got 3$/],
      [
        'network.injectionChannels=x',
        /^mcsim: network\.injectionChannels: expected a number or "all", got "x"$/,
      ],
      [
        'network.vcs=[1, a]',
        /^mcsim: network\.vcs: expected a number or an object \(name: value\), got \[1,"a"\]$/,
      ],
    ];
    for (const [set, want] of cases) {
      const r = await mcsimInProcess(['run', '--set', set]);
      assert.equal(r.code, 2, set);
      assert.match(r.err.trim(), want);
    }
  });
});

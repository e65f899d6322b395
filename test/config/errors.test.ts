import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { mcsimInProcess } from '../cli/in-process.js';

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
    const dir = mkdtempSync(join(tmpdir(), 'mcsim-config-'));
    const cfg = join(dir, 'm.yaml');
    writeFileSync(
      cfg,
      'workload:\n  type: messages\n  messages:\n    - at: 0\n      source: 0,0\n      worms:\n        - stops:\n            - { node: 1,0, service: PAF }\n',
    );
    const r = await mcsimInProcess(['run', cfg]);
    assert.equal(r.code, 2);
    assert.match(r.err, /stops\[0\]\.node: .*got 1 \(quote node ids: "1,0"; in YAML flow style/);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mcsimInProcess } from './in-process.js';

describe('command help', () => {
  it('demo --help describes the demo and names npm run demo, not npm start', async () => {
    const r = await mcsimInProcess(['demo', '--help']);
    assert.equal(r.code, 0);
    assert.match(r.out, /npm run demo/);
    assert.doesNotMatch(r.out, /npm start/);
  });
});

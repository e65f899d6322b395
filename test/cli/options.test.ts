import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mcsimInProcess } from './in-process.js';

describe('command-line options', () => {
  it('counts that mean nothing at 0 are refused: --workers 0, --shards 0', async () => {
    for (const args of [
      ['sweep', 'experiments/tpm-fig10.yaml', '--workers', '0'],
      ['reproduce', 'tpm-fig10', '--workers', '0'],
      ['sweep', 'experiments/tpm-fig10.yaml', '--slurm', '--shards', '0'],
    ]) {
      const r = await mcsimInProcess(args);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.err, /^mcsim: --(workers|shards): expected a whole number >= 1, got "0"\n$/);
    }
  });
});

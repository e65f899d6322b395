import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { inputBufferCost } from '../../src/router/switch-cost.js';

const MAIN = new URL('../../cli/main.ts', import.meta.url).pathname;

function mcsim(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', MAIN, ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('mcsim plan for bit-string worms and U-Min (002)', () => {
  it('prints the header, the LCA level and the replication tree (docs/algorithms/bitstring.md)', () => {
    const r = mcsim(
      'plan',
      '--topology',
      'fattree:16',
      '--algorithm',
      'bitstring',
      '--source',
      '0',
      '--dests',
      '5 6 13',
    );
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /header 0000011000000100 \(1 flit\(s\) of 16 bits\), LCA level 2, count 2/);
    assert.match(r.out, /up {4}s1\.0 in 0 -> port 4/);
    assert.match(r.out, /down {2}s2\.0 in 0 -> ports 1,3/);
    assert.match(r.out, /s1\.1 in 4 -> ports 1,2 {2}\(processors 5 6\)/);
  });

  it('--json carries the tree; U-Min takes ceil(log2(m + 1)) phases', () => {
    const r = mcsim(
      'plan',
      '--topology',
      'fattree:64',
      '--algorithm',
      'bitstring',
      '--source',
      '5',
      '--dests',
      '6 17 40 41 63',
      '--json',
    );
    const v = JSON.parse(r.out);
    assert.equal(v.scheme.lca, 3);
    assert.deepEqual(v.scheme.extraCopies, [1, 0, 3]);
    const u = JSON.parse(
      mcsim(
        'plan',
        '--topology',
        'fattree:16',
        '--algorithm',
        'umin',
        '--source',
        '0',
        '--dests',
        '5 6 13',
        '--json',
      ).out,
    );
    assert.equal(u.phases, 2);
    assert.deepEqual(
      u.worms.map((w: { phase: number; source: string }) => [w.phase, w.source]),
      [
        [1, '0'],
        [2, '6'],
        [2, '0'],
      ],
    );
  });

  it('refuses bit-string worms off fat trees (exit 2)', () => {
    const r = mcsim(
      'plan',
      '--topology',
      'mesh:4x4',
      '--algorithm',
      'bitstring',
      '--source',
      '0,0',
      '--dests',
      '1,1',
    );
    assert.equal(r.code, 2);
    assert.match(r.err, /does not fit/);
  });
});

describe('input-buffer switch organisations: hardware cost (002 sec. 5.3)', () => {
  it('k^2 flit-MUXes for the chunk-wide crossbar, k^2 + k for staircase and split RAM', () => {
    assert.deepEqual(
      [4, 8].map((k) => inputBufferCost(k, 'chunk-crossbar').flitMuxes),
      [16, 64],
    );
    for (const o of ['register-staircase', 'split-ram'] as const) {
      assert.deepEqual(
        [4, 8].map((k) => inputBufferCost(k, o).flitMuxes),
        [20, 72],
      );
      assert.equal(inputBufferCost(8, o).outputRegisterFlits, 1);
    }
    assert.equal(inputBufferCost(8, 'chunk-crossbar').outputRegisterFlits, 8);
  });
});

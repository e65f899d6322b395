import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';

const MAIN = new URL('../../cli/main.ts', import.meta.url).pathname;

function mcsim(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', MAIN, ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const C = ['--topology', 'torus:5x5', '--algorithm', 'tasnem', '--source', '1,2'];
const C_DESTS = '0,0 2,0 4,1 0,2 3,2 0,3 3,3 1,4 4,4';

/** `mcsim plan` on the torus schemes of 001 and the metrics every plan now carries. */
describe('mcsim plan: hop latency, traffic, depths and trees', () => {
  it('TASNEM, Example C (docs/algorithms/tasnem.md): the JSON tree, depths, hop latency and traffic', () => {
    const r = mcsim('plan', ...C, '--dests', C_DESTS, '--json');
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out);
    assert.equal(j.hopLatency, 9);
    assert.equal(j.traffic, 18);
    assert.equal(j.traffic, j.channels);
    assert.deepEqual(
      Object.fromEntries(j.depths.map((d: { node: string; hops: number }) => [d.node, d.hops])),
      { '0,0': 3, '2,0': 5, '4,1': 6, '0,2': 1, '3,2': 2, '0,3': 6, '3,3': 3, '1,4': 6, '4,4': 9 },
    );
    assert.deepEqual(j.worms[0].tree.edges, [
      ['1,2', '0,2'],
      ['0,2', '0,1'],
      ['0,1', '1,1'],
      ['1,1', '2,1'],
      ['2,1', '3,1'],
      ['3,1', '4,1'],
      ['2,1', '2,0'],
      ['0,1', '0,0'],
    ]);
    assert.deepEqual(j.worms[0].tree.stops, [
      { node: '0,2', service: 'PAF' },
      {
        node: '0,1',
        service: 'FWD',
        branches: [
          [
            {
              node: '2,1',
              service: 'FWD',
              branches: [[{ node: '4,1', service: 'ABS' }], [{ node: '2,0', service: 'ABS' }]],
            },
          ],
          [{ node: '0,0', service: 'ABS' }],
        ],
      },
    ]);
    assert.deepEqual(j.worms[1].tree.stops, [
      { node: '3,2', service: 'PAF' },
      { node: '3,3', service: 'PAF' },
      {
        node: '1,3',
        service: 'FWD',
        branches: [
          [{ node: '0,3', service: 'ABS' }],
          [
            { node: '1,4', service: 'PAF' },
            { node: '4,4', service: 'ABS' },
          ],
        ],
      },
    ]);
    assert.equal(j.worms[1].routing, 'tasnem-up');
  });

  it('TASNEM, Example C: the ASCII picture draws the tree', () => {
    const r = mcsim('plan', ...C, '--dests', C_DESTS);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /hop latency 9 \(001 sec\. 3\.4: 225 ns at 25 ns per hop\)/);
    // 001's nanoseconds belong to its tori: a mesh plan gives the hop count alone.
    const mesh = mcsim(
      'plan',
      '--topology',
      'mesh:8x8',
      '--algorithm',
      'tpm',
      '--source',
      '3,4',
      '--dests',
      '0,0 5,7',
    );
    assert.equal(mesh.code, 0, mesh.err);
    assert.match(mesh.out, /hop latency \d+\n/);
    assert.doesNotMatch(mesh.out, /001 sec/);
    const pic = r.out.split('\n').slice(4, 17).join('\n');
    assert.equal(
      pic,
      [
        '              ',
        '  4  . D-1-1-D',
        '       |      ',
        '  3  D-1-1-D .',
        '           |  ',
        '  2  D-S-1-D .',
        '     |        ',
        '  1  1-1-1-1-D',
        '     |   |    ',
        '  0  D . D . .',
        '              ',
        '     0 1 2 3 4',
        '',
      ].join('\n'),
    );
  });

  it('mesh and CCC plans carry hopLatency (phases chained), traffic and depths too', () => {
    for (const args of [
      ['--topology', 'mesh:16x16', '--algorithm', 'tpm', '--source', '3,4', '--dests', '0,0 5,7 15,15'],
      ['--topology', 'ccc:3', '--algorithm', 'uccc', '--source', '0,000', '--dests', '1,000 2,011 0,111'],
    ]) {
      const r = mcsim('plan', ...args, '--json');
      assert.equal(r.code, 0, r.err);
      const j = JSON.parse(r.out);
      assert.equal(j.traffic, j.channels);
      assert.deepEqual(
        j.depths.map((d: { node: string }) => d.node),
        j.destinations,
      );
      assert.equal(j.hopLatency, Math.max(...j.depths.map((d: { hops: number }) => d.hops)));
      // Phases chain: a later phase's destination is farther than its worm's own hops.
      if (j.phases > 1) assert.ok(j.hopLatency > Math.min(...j.worms.map((w: { hops: number }) => w.hops)));
    }
    // U-CCC: 2,011 at 6 hops retransmits to 0,111 (3 more), the source sends 1,000 in step 2 (1 hop).
    const j = JSON.parse(
      mcsim(
        'plan',
        '--topology',
        'ccc:3',
        '--algorithm',
        'uccc',
        '--source',
        '0,000',
        '--dests',
        '1,000 2,011 0,111',
        '--json',
      ).out,
    );
    assert.deepEqual(j.depths, [
      { node: '1,000', hops: 1 },
      { node: '2,011', hops: 6 },
      { node: '0,111', hops: 9 },
    ]);
    assert.equal(j.hopLatency, 9);
    assert.equal(j.traffic, 10);
  });

  it('refuses tori below 3 x 3 and meshes, in one line with exit 2', () => {
    for (const [topo, pattern] of [
      ['torus:2x5', /needs at least 3 nodes in each dimension/],
      ['mesh:5x5', /does not fit topology mesh:5x5 \(fits torus\)/],
    ] as const) {
      const r = mcsim(
        'plan',
        '--topology',
        topo,
        '--algorithm',
        'tasnem',
        '--source',
        '1,2',
        '--dests',
        '0,0',
      );
      assert.equal(r.code, 2);
      assert.match(r.err.trim(), pattern);
      assert.equal(r.err.trim().split('\n').length, 1);
    }
  });
});

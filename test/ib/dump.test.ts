import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { lftsDump, mcfdbsDump } from '../../src/ib/dump.js';
import { ibsimNetFile, xFirstPort } from '../../src/ib/ibsim.js';
import { importLfts, importMcfdbs, lftDiff } from '../../src/ib/import.js';
import { xyLft } from '../../src/ib/lft.js';
import { mftUnion, mlidsBySource } from '../../src/ib/mft.js';
import { IbaMesh } from '../../src/topology/ibmesh.js';
import { McsimError } from '../../src/util/errors.js';
import { mcsimInProcess } from '../cli/in-process.js';
import { tempDir } from '../temp-dir.js';

const N = (t: IbaMesh, x: number, y: number) => t.nodeAt([x, y]);

describe('OpenSM dump formats (docs/algorithms/ib-mcast.md)', () => {
  it('opensm.mcfdbs of the Fig. 9 example, byte for byte', () => {
    const t = new IbaMesh(5, 5);
    const mft = mftUnion(t, xyLft(t), N(t, 2, 2), [
      N(t, 0, 3),
      N(t, 0, 4),
      N(t, 3, 3),
      N(t, 4, 0),
      N(t, 4, 2),
    ]);
    const block = (g: string, ports: string) =>
      `\nSwitch 0x00530000000${g}\nLID    : Out Port(s)\n0xC000 :${ports}\n`;
    const expected = [
      block('00002', ' 0x002 '),
      block('00003', ' 0x002  0x005 '),
      block('00004', ' 0x005 '),
      block('10002', ' 0x003 '),
      block('20002', ' 0x001  0x003 '),
      block('30002', ' 0x001  0x002 '),
      block('30003', ' 0x005 '),
      block('40000', ' 0x005 '),
      block('40001', ' 0x004 '),
      block('40002', ' 0x004  0x005 '),
    ].join('');
    assert.equal(mcfdbsDump(t, [mft]), expected);
  });

  it('the opensm-lfts.dump block of switch N(1,2) of IbaMesh(4,4)', () => {
    const t = new IbaMesh(4, 4);
    const lines = lftsDump(t, xyLft(t)).split('\n');
    // Blocks are 1 header + 32 entries + 1 footer, switches in (x, y) order: N(1,2) is the 7th.
    const b = lines.slice(6 * 34, 7 * 34);
    assert.equal(b[0], "Unicast lids [0-32] of switch Lid 23 guid 0x0053000000010002 ('mcsim sw 1,2'):");
    assert.equal(b[1], "0x0001 003 # Channel Adapter portguid 0x0048000000000000: 'mcsim hca 0,0'");
    assert.equal(b[5], "0x0005 004 # Channel Adapter portguid 0x0048000000010000: 'mcsim hca 1,0'");
    assert.equal(b[7], "0x0007 005 # Channel Adapter portguid 0x0048000000010002: 'mcsim hca 1,2'");
    assert.equal(b[8], "0x0008 002 # Channel Adapter portguid 0x0048000000010003: 'mcsim hca 1,3'");
    assert.equal(b[9], "0x0009 001 # Channel Adapter portguid 0x0048000000020000: 'mcsim hca 2,0'");
    assert.equal(b[23], "0x0017 000 # Switch portguid 0x0053000000010002: 'mcsim sw 1,2'");
    assert.equal(b[24], "0x0018 002 # Switch portguid 0x0053000000010003: 'mcsim sw 1,3'");
    assert.equal(b[32], "0x0020 001 # Switch portguid 0x0053000000030003: 'mcsim sw 3,3'");
    assert.equal(b[33], '32 lids dumped');
  });

  it('export then import gives identical tables on random meshes, groups and sources', () => {
    fc.assert(
      fc.property(
        fc
          .tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 }))
          .filter(([m, n]) => m * n >= 2)
          .chain(([m, n]) =>
            fc.record({
              m: fc.constant(m),
              n: fc.constant(n),
              sources: fc.uniqueArray(fc.nat(m * n - 1), { minLength: 1, maxLength: 4 }),
              group: fc.uniqueArray(fc.nat(m * n - 1), { minLength: 1, maxLength: m * n }),
            }),
          ),
        ({ m, n, sources, group }) => {
          const t = new IbaMesh(m, n);
          const lft = xyLft(t);
          const back = importLfts(t, lftsDump(t, lft));
          assert.equal(back.skipped, 0);
          assert.deepEqual(back.lft.ports, lft.ports);
          const mlids = mlidsBySource(t, sources);
          const mfts = sources.map((s) => mftUnion(t, lft, s, group, mlids.get(s)));
          const read = importMcfdbs(t, mcfdbsDump(t, mfts));
          for (const mft of mfts) {
            const got = read.get(mft.mlid) ?? new Uint8Array(t.numSwitches);
            assert.deepEqual(got, mft.masks);
          }
          assert.equal(read.size, mfts.filter((f) => f.masks.some((x) => x !== 0)).length);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('import keys on descriptions, not LIDs: a dump with other LIDs and GUIDs reads back to the same table', () => {
    const t = new IbaMesh(3, 2);
    const lft = xyLft(t);
    // Renumber every LID as a subnet manager would (its own order) and drop the GUID convention.
    const text = lftsDump(t, lft)
      .replace(
        /^0x([0-9a-f]{4}) /gm,
        (_, h) => `0x${(Number.parseInt(h, 16) + 100).toString(16).padStart(4, '0')} `,
      )
      .replace(/0x00(53|48)/g, '0x00aa');
    assert.equal(lftDiff(t, lft, importLfts(t, text).lft).length, 0);
  });

  it('bad dumps are refused in one line naming the place', () => {
    const t = new IbaMesh(2, 2);
    const good = lftsDump(t, xyLft(t));
    const cases: Array<[string, RegExp]> = [
      [
        good.replace("guid 0x0053000000010001 ('mcsim sw 1,1')", "guid 0x1 ('other')"),
        /is no switch of ibmesh:2x2/,
      ],
      [good.replace(/^0x0002 002/m, '0x0002 009'), /port 9 at switch s0,0 has no link/],
      [
        good
          .split('\n')
          .filter((l) => !l.startsWith('0x0004 '))
          .join('\n'),
        /has no entry toward host 1,1/,
      ],
    ];
    for (const [text, re] of cases)
      assert.throws(
        () => importLfts(t, text),
        (e: unknown) => e instanceof McsimError && re.test(e.message),
      );
  });

  it('ibsim net file: one block per switch and host, links both ways, x-first cabling swaps N and W', () => {
    const t = new IbaMesh(2, 2);
    const net = ibsimNetFile(t);
    assert.match(
      net,
      /^switchguid=0x0053000000000000\nSwitch 5 "S-0053000000000000" # "mcsim sw 0,0"\n\[1\] "S-0053000000010000"\[3\] # "mcsim sw 1,0" lid 7 1xSDR\n\[2\] "S-0053000000000001"\[4\] # "mcsim sw 0,1" lid 6 1xSDR\n\[5\] "H-0048000000000000"\[1\] # "mcsim hca 0,0" lid 1 1xSDR\n/,
    );
    assert.equal((net.match(/^Switch /gm) ?? []).length, 4);
    assert.equal((net.match(/^Hca /gm) ?? []).length, 4);
    assert.match(
      ibsimNetFile(t, 'x-first'),
      /# "mcsim sw 0,0"\n\[1\] "S-0053000000010000"\[2\] [^\n]*\n\[3\] "S-0053000000000001"\[4\] /,
    );
    assert.deepEqual([0, 1, 2, 3, 4, 5].map(xFirstPort), [0, 1, 3, 2, 4, 5]);
  });
});

describe('mcsim ib', () => {
  it('ib tables --json on ibmesh:16x16: MLID, members with LIDs, the MFT and every LFT', async () => {
    const r = await mcsimInProcess([
      'ib',
      'tables',
      '--topology',
      'ibmesh:16x16',
      '--source',
      '2,2',
      '--group',
      '0,3 15,15 2,2',
      '--json',
    ]);
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out);
    assert.equal(j.mlid, '0xC000');
    assert.deepEqual(j.source, { node: '2,2', lid: 35 });
    assert.deepEqual(j.group, [
      { node: '0,3', lid: 4 },
      { node: '15,15', lid: 256 },
    ]);
    assert.deepEqual(j.mft[0], { switch: '0,2', ports: [2], network: [2] });
    assert.equal(Object.keys(j.lft).length, 256);
    assert.equal(j.lft['2,2'].length, 513);
  });

  it('ib tables --export writes the dumps; ib compare reads them back: 0 entries differ, and counts a changed one', async () => {
    const dir = tempDir('mcsim-ib-');
    const r = await mcsimInProcess([
      'ib',
      'tables',
      '--topology',
      'ibmesh:4x3',
      '--source',
      '1,1',
      '--group',
      'all',
      '--export',
      dir,
    ]);
    assert.equal(r.code, 0, r.err);
    for (const f of ['opensm-lfts.dump', 'opensm.mcfdbs', 'ibsim.net', 'port-order'])
      assert.ok(existsSync(join(dir, f)), f);
    const c = await mcsimInProcess([
      'ib',
      'compare',
      '--topology',
      'ibmesh:4x3',
      '--lfts',
      join(dir, 'opensm-lfts.dump'),
      '--json',
    ]);
    assert.equal(c.code, 0, c.err);
    assert.deepEqual(JSON.parse(c.out), { topology: 'ibmesh:4x3', entries: 12 * 24, differ: 0, first: [] });
    const dump = readFileSync(join(dir, 'opensm-lfts.dump'), 'utf8');
    // At N(0,0) toward the host of N(0,1) (LID 2): XY says north (2); make it east (1).
    writeFileSync(join(dir, 'bad.dump'), dump.replace(/^0x0002 002/m, '0x0002 001'));
    const d = await mcsimInProcess([
      'ib',
      'compare',
      '--topology',
      'ibmesh:4x3',
      '--lfts',
      join(dir, 'bad.dump'),
    ]);
    assert.match(
      d.out,
      /288 entries of 12 switches, 1 differ from XY routing\n {2}s0,0 LID 2: XY port 2, dump port 1/,
    );
    // The imported tables drive a simulation: the same run as with ib-xy routing.
    const table = join(dir, 'routes.json');
    const w = await mcsimInProcess([
      'ib',
      'compare',
      '--topology',
      'ibmesh:4x3',
      '--lfts',
      join(dir, 'opensm-lfts.dump'),
      '--route-table',
      table,
    ]);
    assert.equal(w.code, 0, w.err);
    const run = async (routing: string[]) => {
      const set = [
        'network.topology=ibmesh:4x3',
        'workload.warmup=100',
        'workload.measure=600',
        'workload.drain=2000',
        ...routing,
      ];
      const r = await mcsimInProcess(['run', '--json', ...set.flatMap((x) => ['--set', x])]);
      assert.equal(r.code, 0, r.err);
      return JSON.parse(r.out).metrics;
    };
    assert.deepEqual(
      await run(['network.routing=table', `network.routingOptions.file=${table}`]),
      await run(['network.routing=ib-xy']),
    );
    const e = await mcsimInProcess([
      'ib',
      'compare',
      '--topology',
      'ibmesh:4x3',
      '--lfts',
      join(dir, 'none'),
    ]);
    assert.equal(e.code, 2);
    assert.match(e.err, /^mcsim: --lfts: cannot read/);
  });

  it('ib tables refuses a non-ibmesh topology and a node outside the mesh (exit 2)', async () => {
    const a = await mcsimInProcess([
      'ib',
      'tables',
      '--topology',
      'mesh:4x4',
      '--source',
      '0,0',
      '--group',
      '1,1',
    ]);
    assert.equal(a.code, 2);
    assert.match(a.err, /^mcsim: --topology: InfiniBand tables need an ibmesh/);
    const b = await mcsimInProcess([
      'ib',
      'tables',
      '--topology',
      'ibmesh:4x4',
      '--source',
      '0,0',
      '--group',
      '9,1',
    ]);
    assert.equal(b.code, 2);
    assert.match(b.err, /--group: node "9,1" is outside ibmesh:4x4/);
  });
});

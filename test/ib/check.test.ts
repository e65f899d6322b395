import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkLft, checkMft } from '../../src/ib/check.js';
import { lftsDump, mcfdbsDump } from '../../src/ib/dump.js';
import { xyLft } from '../../src/ib/lft.js';
import { mftUnion } from '../../src/ib/mft.js';
import { hostLid } from '../../src/ib/subnet.js';
import { IbaMesh } from '../../src/topology/ibmesh.js';
import { mcsimInProcess } from '../cli/in-process.js';
import { tempDir } from '../temp-dir.js';

const N = (t: IbaMesh, x: number, y: number) => t.nodeAt([x, y]);

describe('checks of imported tables (docs/algorithms/ib-mcast.md)', () => {
  it('XY LFTs and per-source MFTs pass on random meshes and groups; the root is the source', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 7 }),
        fc.integer({ min: 1, max: 7 }),
        fc.nat(),
        fc.array(fc.nat(), { minLength: 1, maxLength: 20 }),
        (m, n, s, g) => {
          const t = new IbaMesh(m, n);
          const lft = xyLft(t);
          assert.deepEqual(checkLft(t, lft), []);
          const source = s % t.numNodes;
          const mft = mftUnion(
            t,
            lft,
            source,
            g.map((v) => v % t.numNodes),
          );
          if (mft.members.length === 0) return;
          const c = checkMft(t, mft.masks);
          assert.deepEqual(c.problems, []);
          assert.equal(c.root, source);
          assert.deepEqual(c.reached, [...mft.members]);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('a route that leads off the mesh, loops, or takes a detour is flagged', () => {
    const t = new IbaMesh(4, 4);
    const base = xyLft(t);
    const set = (x: number, y: number, to: number, port: number) => {
      const lft = { width: base.width, ports: base.ports.slice() };
      lft.ports[N(t, x, y) * lft.width + hostLid(t, to)] = port;
      return lft;
    };
    // West from the west edge; east and back west; north then (XY) south again.
    assert.match(
      checkLft(t, set(0, 0, N(t, 0, 3), 3))[0]!,
      /s0,0 toward 0,3 \(LID 4\): port 3 at s0,0 leads nowhere/,
    );
    assert.match(checkLft(t, set(1, 0, N(t, 0, 0), 1)).join('\n'), /s1,0 toward 0,0 \(LID 1\): loops/);
    assert.match(
      checkLft(t, set(1, 1, N(t, 2, 1), 2)).join('\n'),
      /s1,1 toward 2,1 \(LID 10\): takes 3 hops, the distance is 1/,
    );
  });

  it('a non-XY route set (duplicates) and shared-MLID unions (duplicates on 2x2, a loop on 3x3) fail the MFT check', () => {
    const t = new IbaMesh(4, 4);
    const e7 = new Uint8Array(t.numSwitches);
    const set = (x: number, y: number, ports: number[]) => {
      for (const p of ports) e7[N(t, x, y)]! |= 1 << p;
    };
    set(1, 1, [1, 2]);
    set(1, 2, [1]);
    set(2, 2, [1, 5]);
    set(2, 1, [1]);
    set(3, 1, [2]);
    set(3, 2, [2, 5]);
    set(3, 3, [5]);
    assert.match(checkMft(t, e7).problems.join('; '), /duplicates: 3,2 gets 2, 3,3 gets 2/);
    const union = (u: IbaMesh, sources: number[]) => {
      const masks = new Uint8Array(u.numSwitches);
      const all = Array.from({ length: u.numNodes }, (_, i) => i);
      for (const s of sources) {
        const m = mftUnion(u, xyLft(u), s, all);
        for (let i = 0; i < masks.length; i++) masks[i]! |= m.masks[i];
      }
      return masks;
    };
    const t2 = new IbaMesh(2, 2);
    const c2 = checkMft(t2, union(t2, [N(t2, 0, 0), N(t2, 0, 1)]));
    assert.equal(c2.root, -1);
    assert.ok(c2.problems.length >= 2);
    const t3 = new IbaMesh(3, 3);
    assert.equal(checkMft(t3, union(t3, [N(t3, 0, 0), N(t3, 2, 2)])).loop, true);
  });

  it('mcsim ib check: exit 0 on exported tables, 6 when an MLID is not a tree, 2 on an unreadable file', async () => {
    const t = new IbaMesh(3, 3);
    const dir = tempDir('mcsim-ibcheck-');
    const lft = xyLft(t);
    writeFileSync(join(dir, 'lfts'), lftsDump(t, lft));
    const all = Array.from({ length: 9 }, (_, i) => i);
    const a = mftUnion(t, lft, N(t, 0, 0), all, 0xc000);
    const b = mftUnion(t, lft, N(t, 2, 2), all, 0xc001);
    writeFileSync(join(dir, 'good'), mcfdbsDump(t, [a, b]));
    // Both sources' trees on one MLID: duplicates and loops.
    writeFileSync(join(dir, 'bad'), mcfdbsDump(t, [a, { ...b, mlid: 0xc000 }]));
    const args = (m: string) => [
      'ib',
      'check',
      '--topology',
      'ibmesh:3x3',
      '--lfts',
      join(dir, 'lfts'),
      '--mcfdbs',
      join(dir, m),
    ];
    const ok = await mcsimInProcess(args('good'));
    assert.equal(ok.code, 0, ok.err + ok.out);
    assert.match(ok.out, /MLID 0xC001: a tree from s2,2, one copy to each of 8 host\(s\)/);
    assert.ok(readFileSync(join(dir, 'bad'), 'utf8').includes('0xC000 :'));
    const bad = await mcsimInProcess([...args('bad'), '--json']);
    assert.equal(bad.code, 6, bad.err);
    const j = JSON.parse(bad.out);
    assert.equal(j.ok, false);
    assert.match(j.mfts[0].problems.join(' '), /no root|roots|loop|duplicates/);
    const none = await mcsimInProcess([
      'ib',
      'check',
      '--topology',
      'ibmesh:3x3',
      '--lfts',
      join(dir, 'nope'),
    ]);
    assert.equal(none.code, 2);
  });
});

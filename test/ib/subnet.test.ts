import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { lftPort, lftRow, xyLft } from '../../src/ib/lft.js';
import { maskPorts, mftUnion, mlidsBySource, networkPorts } from '../../src/ib/mft.js';
import { propagate } from '../../src/ib/propagate.js';
import { hostLid, lidTarget, nodeOfLid, switchLid } from '../../src/ib/subnet.js';
import { IbaMesh } from '../../src/topology/ibmesh.js';

const N = (t: IbaMesh, x: number, y: number) => t.nodeAt([x, y]);

/** A random mesh (1..12 x 1..12, at least 2 switches), a source and a group that may hold it. */
const meshCase = fc
  .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }))
  .filter(([m, n]) => m * n >= 2)
  .chain(([m, n]) =>
    fc.record({
      m: fc.constant(m),
      n: fc.constant(n),
      source: fc.nat(m * n - 1),
      group: fc.uniqueArray(fc.nat(m * n - 1), { minLength: 1, maxLength: m * n }),
    }),
  );

/** The XY path from a to b as (switch, IB port) pairs, the host port last: X first, then Y. */
function xyPath(t: IbaMesh, a: number, b: number): Array<[number, number]> {
  const [xa, ya] = t.coords(a) as [number, number];
  const [xb, yb] = t.coords(b) as [number, number];
  const out: Array<[number, number]> = [];
  let x = xa;
  let y = ya;
  while (x !== xb) {
    out.push([N(t, x, y), xb > x ? 1 : 3]);
    x += xb > x ? 1 : -1;
  }
  while (y !== yb) {
    out.push([N(t, x, y), yb > y ? 2 : 4]);
    y += yb > y ? 1 : -1;
  }
  out.push([b, 5]);
  return out;
}

describe('IbaMesh LIDs (003 sec. 3.1, docs/algorithms/ib-mcast.md)', () => {
  it('the LID of N(3,2) in IbaMesh(4,4) is 15 (Fig. 5), and lid 15 is N(3,2)', () => {
    const t = new IbaMesh(4, 4);
    assert.equal(hostLid(t, N(t, 3, 2)), 15);
    assert.equal(nodeOfLid(t, 15), N(t, 3, 2));
    // 003 Fig. 5: x = 0 holds LIDs 1..4, x = 3 holds 13..16.
    assert.deepEqual(
      [0, 1, 2, 3].map((y) => hostLid(t, N(t, 0, y))),
      [1, 2, 3, 4],
    );
    assert.deepEqual(
      [0, 1, 2, 3].map((y) => hostLid(t, N(t, 3, y))),
      [13, 14, 15, 16],
    );
  });

  it('LIDs are a bijection onto 1..m*n on random meshes; equal to the paper x*m+y+1 when square', () => {
    fc.assert(
      fc.property(meshCase, ({ m, n }) => {
        const t = new IbaMesh(m, n);
        const seen = new Set<number>();
        for (let v = 0; v < t.numNodes; v++) {
          const lid = hostLid(t, v);
          assert.ok(lid >= 1 && lid <= m * n);
          assert.equal(nodeOfLid(t, lid), v);
          seen.add(lid);
          if (m === n) {
            const [x, y] = t.coords(v) as [number, number];
            assert.equal(lid, x * m + y + 1);
          }
          assert.deepEqual(lidTarget(t, switchLid(t, v)), { kind: 'switch', node: v });
        }
        assert.equal(seen.size, m * n);
      }),
      { numRuns: 60 },
    );
  });
});

describe('linear forwarding tables from XY routing (003 sec. 3.3.1)', () => {
  it('the LFT of N(1,2) in IbaMesh(4,4) for LIDs 1..16', () => {
    const t = new IbaMesh(4, 4);
    const row = lftRow(xyLft(t), N(t, 1, 2)).slice(1, 17);
    assert.deepEqual(row, [3, 3, 3, 3, 4, 4, 5, 2, 1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('Fig. 7: N(2,2) to N(0,3) (LID 4) leaves on 3, 3, 2 and is delivered on 5', () => {
    const t = new IbaMesh(5, 5);
    const lft = xyLft(t);
    assert.equal(hostLid(t, N(t, 0, 3)), 4);
    const at = (x: number, y: number) => lftPort(lft, N(t, x, y), 4);
    assert.deepEqual([at(2, 2), at(1, 2), at(0, 2), at(0, 3)], [3, 3, 2, 5]);
  });

  it('the LFT equals XY routing on random meshes; switch LIDs route to the switch, port 0 at itself', () => {
    fc.assert(
      fc.property(meshCase, ({ m, n, source }) => {
        const t = new IbaMesh(m, n);
        const lft = xyLft(t);
        for (let d = 0; d < t.numNodes; d++) {
          for (const [s, p] of xyPath(t, source, d)) assert.equal(lftPort(lft, s, hostLid(t, d)), p);
          // A switch's LID is routed as its host is, except at the switch itself.
          const sl = switchLid(t, d);
          assert.equal(lftPort(lft, source, sl), source === d ? 0 : lftPort(lft, source, hostLid(t, d)));
        }
        // Never a boundary port without a link.
        for (let lid = 1; lid <= m * n; lid++) {
          const p = lftPort(lft, source, lid);
          if (p !== 5) assert.ok(t.neighbor(source, p) >= 0);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('multicast forwarding tables by union (003 sec. 3.3.2)', () => {
  it("Fig. 9: source N(2,2), group LIDs {4,5,19,21,23}: the paper's sets, plus host ports at members", () => {
    const t = new IbaMesh(5, 5);
    const group = [N(t, 0, 3), N(t, 0, 4), N(t, 3, 3), N(t, 4, 0), N(t, 4, 2)];
    assert.deepEqual(
      group.map((g) => hostLid(t, g)),
      [4, 5, 19, 21, 23],
    );
    const mft = mftUnion(t, xyLft(t), N(t, 2, 2), group);
    const net = (x: number, y: number) => networkPorts(mft.masks[N(t, x, y)]!);
    const full = (x: number, y: number) => maskPorts(mft.masks[N(t, x, y)]!);
    // The paper's list (network ports only).
    assert.deepEqual(net(2, 2), [1, 3]);
    assert.deepEqual(net(1, 2), [3]);
    assert.deepEqual(net(0, 2), [2]);
    assert.deepEqual(net(0, 3), [2]);
    assert.deepEqual(net(3, 2), [1, 2]);
    assert.deepEqual(net(4, 2), [4]);
    assert.deepEqual(net(4, 1), [4]);
    // The full entries, with the host ports of the members (ours: Fig. 9 lists none).
    assert.deepEqual(full(0, 3), [2, 5]);
    assert.deepEqual(full(0, 4), [5]);
    assert.deepEqual(full(3, 3), [5]);
    assert.deepEqual(full(4, 2), [4, 5]);
    assert.deepEqual(full(4, 0), [5]);
    assert.equal([...mft.masks].filter((m) => m !== 0).length, 10);
    // One copy per member, 9 tree links.
    const run = propagate(t, mft.masks, N(t, 2, 2));
    assert.equal(run.networkHops, 9);
    assert.equal(run.loop, false);
    for (let v = 0; v < t.numNodes; v++) assert.equal(run.delivered[v], group.includes(v) ? 1 : 0);
  });

  it('E4b (Fig. 3(b)): source N(1,1) to {N(2,2), N(3,2), N(3,3)} in IbaMesh(4,4)', () => {
    const t = new IbaMesh(4, 4);
    const mft = mftUnion(t, xyLft(t), N(t, 1, 1), [N(t, 2, 2), N(t, 3, 2), N(t, 3, 3)]);
    const got: Record<string, number[]> = {};
    for (let s = 0; s < t.numSwitches; s++) if (mft.masks[s]) got[t.formatNode(s)] = maskPorts(mft.masks[s]!);
    assert.deepEqual(got, {
      '1,1': [1],
      '2,1': [1, 2],
      '3,1': [2],
      '2,2': [5],
      '3,2': [2, 5],
      '3,3': [5],
    });
  });

  it('a destination-based, non-XY route set (our paths for the case of 003 Fig. 4) duplicates copies at N(3,2) and N(3,3)', () => {
    const t = new IbaMesh(4, 4);
    const masks = new Uint8Array(t.numSwitches);
    const set = (x: number, y: number, ports: number[]) => {
      for (const p of ports) masks[N(t, x, y)]! |= 1 << p;
    };
    set(1, 1, [1, 2]);
    set(1, 2, [1]);
    set(2, 2, [1, 5]);
    set(2, 1, [1]);
    set(3, 1, [2]);
    set(3, 2, [2, 5]);
    set(3, 3, [5]);
    const run = propagate(t, masks, N(t, 1, 1));
    assert.equal(run.delivered[N(t, 2, 2)], 1);
    assert.equal(run.delivered[N(t, 3, 2)], 2);
    assert.equal(run.delivered[N(t, 3, 3)], 2);
  });

  it('two sources on one MLID duplicate on a 2x2 mesh and loop on a 3x3 mesh', () => {
    const union = (t: IbaMesh, sources: number[]) => {
      const lft = xyLft(t);
      const all = Array.from({ length: t.numNodes }, (_, i) => i);
      const masks = new Uint8Array(t.numSwitches);
      for (const s of sources) {
        const mft = mftUnion(t, lft, s, all);
        for (let i = 0; i < masks.length; i++) masks[i]! |= mft.masks[i];
      }
      // A source receives from others: the host port is in its own entry too.
      return masks;
    };
    const t2 = new IbaMesh(2, 2);
    const m2 = union(t2, [N(t2, 0, 0), N(t2, 0, 1)]);
    const a = propagate(t2, m2, N(t2, 0, 0));
    assert.deepEqual(
      [N(t2, 0, 1), N(t2, 1, 0), N(t2, 1, 1)].map((v) => a.delivered[v]),
      [1, 2, 2],
    );
    const t3 = new IbaMesh(3, 3);
    assert.equal(propagate(t3, union(t3, [N(t3, 0, 0), N(t3, 2, 2)]), N(t3, 0, 0)).loop, true);
  });

  it('on random meshes, sources and groups: every entry is the union of XY ports; one copy per member; an out-tree', () => {
    fc.assert(
      fc.property(meshCase, ({ m, n, source, group }) => {
        const t = new IbaMesh(m, n);
        const mft = mftUnion(t, xyLft(t), source, group);
        const expect = new Uint8Array(t.numSwitches);
        const members = new Set(group.filter((g) => g !== source));
        for (const d of members) for (const [s, p] of xyPath(t, source, d)) expect[s]! |= 1 << p;
        assert.deepEqual(mft.masks, expect);
        const run = propagate(t, mft.masks, source);
        assert.equal(run.loop, false);
        for (let v = 0; v < t.numNodes; v++) assert.equal(run.delivered[v], members.has(v) ? 1 : 0);
        // Out-tree: each tree switch receives exactly one copy; links = tree switches - 1.
        let tree = 0;
        let ports = 0;
        for (let s = 0; s < t.numSwitches; s++) {
          if (mft.masks[s] === 0) {
            // The source's switch takes the injected packet even when it has nowhere to go.
            assert.equal(run.switchCopies[s], s === source ? 1 : 0);
            continue;
          }
          tree++;
          ports += networkPorts(mft.masks[s]!).length;
          assert.equal(run.switchCopies[s], 1);
        }
        assert.equal(ports, Math.max(0, tree - 1));
        assert.equal(run.networkHops, ports);
      }),
      { numRuns: 80 },
    );
  });

  it('one MLID per source, counted in increasing source LID from 0xC000', () => {
    const t = new IbaMesh(4, 4);
    const mlids = mlidsBySource(t, [N(t, 3, 0), N(t, 0, 2), N(t, 1, 1)]);
    // LIDs: N(3,0) = 13, N(0,2) = 3, N(1,1) = 6.
    assert.deepEqual(
      [...mlids.entries()],
      [
        [N(t, 0, 2), 0xc000],
        [N(t, 1, 1), 0xc001],
        [N(t, 3, 0), 0xc002],
      ],
    );
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FatTree } from '../../src/topology/fattree.js';
import type { IbaMesh } from '../../src/topology/ibmesh.js';
import { defaultRouting, parseTopology, topologyDef } from '../../src/topology/registry.js';
import { countChannels, type Topology } from '../../src/topology/topology.js';

/** Every link is bidirectional: the port it arrives on leads back. Returns the number of channels checked. */
function checkSymmetric(t: Topology): number {
  let n = 0;
  for (let r = 0; r < t.numSwitches; r++)
    for (let p = 0; p < t.numPorts; p++) {
      const nb = t.neighbor(r, p);
      if (nb < 0) continue;
      n++;
      let back = 0;
      for (let q = 0; q < t.numPorts; q++) if (t.neighbor(nb, q) === r) back++;
      assert.ok(
        back >= 1,
        `${t.spec}: ${t.formatSwitch(r)} port ${p} -> ${t.formatSwitch(nb)} has no way back`,
      );
    }
  return n;
}

describe('fat tree (4-ary n-tree of 8-port switches, 002 sec. 7.2)', () => {
  for (const [N, switches, links] of [
    [16, 8, 16],
    [64, 48, 128],
  ] as const) {
    it(`fattree:${N}: ${switches} switches, ${links} switch-switch links, every port used once`, () => {
      const t = parseTopology(`fattree:${N}`) as FatTree;
      assert.equal(t.numNodes, N);
      assert.equal(t.numSwitches, switches);
      assert.equal(countChannels(t), 2 * links);
      assert.equal(checkSymmetric(t), 2 * links);
      // Up port 4+u of S(l, b*4^(l-1)+r) reaches a level l+1 switch at its down port b mod 4.
      for (let g = 0; g < t.numSwitches; g++) {
        const l = t.level(g);
        for (let u = 0; u < 4; u++) {
          const up = t.neighbor(g, 4 + u);
          if (l === t.levels) {
            assert.equal(up, -1);
            continue;
          }
          assert.equal(t.level(up), l + 1);
          const b = Math.floor(t.index(g) / 4 ** (l - 1));
          assert.equal(t.neighbor(up, b % 4), g);
        }
        // A switch's subtree is the union of its children's.
        if (l > 1)
          for (let c = 0; c < 4; c++)
            assert.equal(t.subtreeBase(t.neighbor(g, c)), t.subtreeBase(g) + c * 4 ** (l - 1));
      }
      // Processor p on down port p mod 4 of leaf switch floor(p / 4).
      for (let p = 0; p < N; p++) {
        assert.equal(t.nodeSwitch(p), Math.floor(p / 4));
        assert.equal(t.nodePort(p), p % 4);
        assert.equal(t.neighbor(t.nodeSwitch(p), t.nodePort(p)), -1);
      }
      assert.equal(topologyDef(t).network, 'switched');
      assert.equal(defaultRouting(t), 'lca');
    });
  }

  it('switches are named s<level>.<index>; the wiring of fattree:16 (docs/switched-networks.md)', () => {
    const t = parseTopology('fattree:16') as FatTree;
    assert.equal(t.formatSwitch(0), 's1.0');
    assert.equal(t.formatSwitch(7), 's2.3');
    // Leaf s1.2 (block 2) links up to every top switch, at their down port 2.
    assert.deepEqual(
      [4, 5, 6, 7].map((p) => t.formatSwitch(t.neighbor(2, p))),
      ['s2.0', 's2.1', 's2.2', 's2.3'],
    );
    assert.equal(t.neighbor(t.neighbor(2, 5), 2), 2);
    assert.equal(parseTopology('fattree:4^3').spec, 'fattree:64');
  });

  for (const bad of ['fattree:20', 'fattree:4', 'fattree:32', 'fattree:x'])
    it(`${bad} is refused in one line`, () => {
      assert.throws(
        () => parseTopology(bad),
        (e: Error) => /4\^n nodes, n = 2\.\.6/.test(e.message) && !e.message.includes('\n'),
      );
    });
});

describe('IbaMesh (003 sec. 3.1)', () => {
  it('ibmesh:4x3: ports E=1 N=2 W=3 S=4, host on port 5, no port 0 link', () => {
    const t = parseTopology('ibmesh:4x3') as IbaMesh;
    assert.equal(t.numNodes, 12);
    assert.equal(t.numSwitches, 12);
    const s = t.parseNode('1,1');
    assert.equal(t.formatNode(t.neighbor(s, 1)), '2,1');
    assert.equal(t.formatNode(t.neighbor(s, 2)), '1,2');
    assert.equal(t.formatNode(t.neighbor(s, 3)), '0,1');
    assert.equal(t.formatNode(t.neighbor(s, 4)), '1,0');
    assert.equal(t.neighbor(s, 0), -1);
    assert.equal(t.neighbor(s, 5), -1);
    assert.equal(t.nodePort(s), 5);
    assert.equal(t.formatSwitch(s), 's1,1');
    assert.equal(t.portName(5), 'host');
    // (m-1)n + m(n-1) = 9 + 8 links, two channels each.
    assert.equal(countChannels(t), 34);
    assert.equal(checkSymmetric(t), 34);
    assert.equal(defaultRouting(t), 'ib-xy');
  });
});

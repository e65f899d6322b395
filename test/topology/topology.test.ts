import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseTopology } from '../../src/topology/registry.js';
import { countChannels } from '../../src/topology/topology.js';
import { McsimError } from '../../src/util/errors.js';

describe('cube-connected cycles (004 Definition 1)', () => {
  for (let n = 2; n <= 8; n++) {
    it(`ccc:${n} has n*2^n nodes and 3n*2^(n-1) edges`, () => {
      const t = parseTopology(`ccc:${n}`);
      assert.equal(t.numNodes, n * 2 ** n);
      assert.equal(countChannels(t) / 2, 3 * n * 2 ** (n - 1));
    });
  }

  for (const n of [3, 4]) {
    it(`ccc:${n}: every channel is a cycle edge or a hypercube edge of the definition, and back`, () => {
      const t = parseTopology(`ccc:${n}`);
      for (let a = 0; a < t.numNodes; a++) {
        const [i, w] = t.coords(a) as [number, number];
        for (let p = 0; p < 3; p++) {
          const b = t.neighbor(a, p);
          const [j, v] = t.coords(b) as [number, number];
          const cycle = w === v && ((i - j + n) % n === 1 || (j - i + n) % n === 1);
          const cube = i === j && (w ^ v) === 1 << i;
          assert.ok(p < 2 ? cycle : cube, `${t.formatNode(a)} port ${p} -> ${t.formatNode(b)}`);
          assert.ok(
            [0, 1, 2].some((q) => t.neighbor(b, q) === a),
            'links are bidirectional',
          );
        }
      }
    });
  }

  it("formats i,w with w in n binary digits: '3,01010' in ccc:5 is id 10*5+3", () => {
    const t = parseTopology('ccc:5');
    assert.equal(t.parseNode('3,01010'), 10 * 5 + 3);
    assert.equal(t.formatNode(53), '3,01010');
    for (let a = 0; a < t.numNodes; a++) assert.equal(t.parseNode(t.formatNode(a)), a);
    assert.throws(() => t.parseNode('3,1010'), McsimError);
    assert.throws(() => t.parseNode('5,01010'), /outside ccc:5/);
  });
});

describe('meshes, tori and k-ary n-cubes', () => {
  it('mesh:8x4 is not square: 32 nodes, x in 0..7, y in 0..3, no channel off the edge', () => {
    const t = parseTopology('mesh:8x4');
    assert.equal(t.numNodes, 32);
    const c = t.parseNode('7,3');
    assert.deepEqual(t.coords(c), [7, 3]);
    assert.equal(t.neighbor(c, 0), -1);
    assert.equal(t.neighbor(c, 2), -1);
    assert.equal(t.formatNode(t.neighbor(c, 1)), '6,3');
    assert.equal(t.formatNode(t.neighbor(c, 3)), '7,2');
    assert.equal(countChannels(t), 2 * (7 * 4 + 8 * 3));
    assert.throws(
      () => t.parseNode('8,0'),
      /node "8,0" is outside mesh:8x4 \(write x,y with x in 0\.\.7, y in 0\.\.3\)/,
    );
  });

  it('torus:5x3 wraps around in both dimensions', () => {
    const t = parseTopology('torus:5x3');
    const c = t.parseNode('4,2');
    assert.equal(t.formatNode(t.neighbor(c, 0)), '0,2');
    assert.equal(t.formatNode(t.neighbor(c, 2)), '4,0');
    assert.equal(countChannels(t), 2 * 2 * 15);
  });

  it('kary:4tx3 wraps only in dimension 0; mesh:4x4x4 has 3 dimensions', () => {
    const t = parseTopology('kary:4tx3');
    assert.equal(t.spec, 'kary:4tx3');
    assert.equal(t.formatNode(t.neighbor(t.parseNode('3,1'), 0)), '0,1');
    assert.equal(t.neighbor(t.parseNode('3,2'), 2), -1);
    const m = parseTopology('mesh:4x4x4');
    assert.equal(m.numNodes, 64);
    assert.equal(m.formatNode(m.neighbor(m.parseNode('1,2,3'), 5)), '1,2,2');
  });

  it('every spec round-trips and node ids round-trip', () => {
    for (const spec of [
      'mesh:16x16',
      'mesh:7x3',
      'torus:10x10',
      'mesh:4x4x4',
      'kary:8tx8x4t',
      'ccc:5',
      'mesh:4x1',
    ]) {
      const t = parseTopology(spec);
      assert.equal(parseTopology(t.spec).spec, t.spec);
      for (let a = 0; a < t.numNodes; a++) assert.equal(t.parseNode(t.formatNode(a)), a);
    }
  });

  it('bad specs name the value and what is allowed', () => {
    assert.throws(
      () => parseTopology('hypercube:4'),
      /unknown topology "hypercube:4" \(allowed: mesh as in mesh:16x16/,
    );
    assert.throws(() => parseTopology('mesh:16by16'), /mesh:16by16/);
    assert.throws(() => parseTopology('ccc:1'), /2\.\.16/);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tracePath } from '../../src/routing/path.js';
import { buildRouting, routingsFor } from '../../src/routing/registry.js';
import { parseTopology } from '../../src/topology/registry.js';
import { McsimError } from '../../src/util/errors.js';

/** The routing functions of the torus schemes of 001, as unicast routings (one leg from the source). */
const NAMES = ['tasnem-up', 'tasnem-down', 'xy-plus', 'xy-minus', 'torus-hc-high', 'torus-hc-low'];

/** Whether d comes after s in the frame of a TASNEM worm from s (pos, docs/algorithms/tasnem.md). */
function aheadInFrame(m: number, n: number, name: string, s: number, d: number): boolean {
  const dy = name === 'tasnem-up' ? 1 : -1;
  const ys = Math.floor(s / m);
  const pos = (v: number) => {
    const k = ((((Math.floor(v / m) - ys) * dy) % n) + n) % n;
    const h = (ys + k) % 2 === 0 ? dy : -dy;
    return k * m + (h === 1 ? v % m : m - 1 - (v % m));
  };
  return pos(d) > pos(s);
}

describe('torus routings of 001', () => {
  for (const spec of ['torus:3x3', 'torus:4x5', 'torus:6x6', 'torus:7x4'])
    it(`every one takes every source to every destination on ${spec}`, () => {
      const topo = parseTopology(spec);
      for (const name of NAMES) {
        const rf = buildRouting(topo, name, [2]);
        for (let s = 0; s < topo.numNodes; s++)
          for (let d = 0; d < topo.numNodes; d++) {
            if (
              s !== d &&
              name.startsWith('tasnem') &&
              !aheadInFrame(topo.dims[0]!, topo.dims[1]!, name, s, d)
            ) {
              // Behind the source in the worm frame: no TASNEM worm goes there; refused, not looped.
              assert.throws(() => tracePath(topo, rf, s, d), /not ahead of/);
              continue;
            }
            const hops = tracePath(topo, rf, s, d);
            assert.equal(hops.length === 0 ? s : hops.at(-1)!.to, d);
            assert.ok(hops.length < topo.numNodes, `${name} ${s}->${d}: ${hops.length} hops`);
          }
      }
    });

  for (const [name, sign] of [
    ['xy-plus', 1],
    ['xy-minus', -1],
  ] as const)
    it(`${name} goes only ${sign > 0 ? '+' : '-'}x then ${sign > 0 ? '+' : '-'}y, the length of the shifted-mesh path`, () => {
      const topo = parseTopology('torus:5x4');
      const rf = buildRouting(topo, name, [2]);
      const s1 = sign > 0 ? '+' : '-';
      for (let s = 0; s < 20; s++)
        for (let d = 0; d < 20; d++) {
          const hops = tracePath(topo, rf, s, d);
          const dx = (((((d % 5) - (s % 5)) * sign) % 5) + 5) % 5;
          const dy = ((((Math.floor(d / 5) - Math.floor(s / 5)) * sign) % 4) + 4) % 4;
          assert.deepEqual(
            hops.map((h) => h.portName),
            [...Array(dx).fill(`x${s1}`), ...Array(dy).fill(`y${s1}`)],
          );
        }
    });

  it('are offered on 2D tori of at least 3 x 3 with 2 VCs, and refused otherwise', () => {
    const names = routingsFor(parseTopology('torus:5x5')).map((r) => r.name);
    for (const n of NAMES) assert.ok(names.includes(n), n);
    for (const n of NAMES) {
      assert.throws(() => buildRouting(parseTopology('torus:2x5'), n, [2]), McsimError);
      assert.throws(() => buildRouting(parseTopology('torus:5x5'), n, [1]), McsimError);
      assert.throws(() => buildRouting(parseTopology('mesh:5x5'), n, [2]), McsimError);
    }
  });
});

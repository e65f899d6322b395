import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { routingResolver } from '../../src/api/plan.js';
import { planView } from '../../src/multicast/inspect.js';
import { plannerFor } from '../../src/multicast/registry.js';
import { parseTopology } from '../../src/topology/registry.js';

/**
 * Hand-checked plans, each worked out in the comments from the scheme's definition (not copied
 * from the program's output).
 */
function plan(spec: string, algo: string, source: string, dests: string[]) {
  const topo = parseTopology(spec);
  const def = plannerFor(algo, topo);
  const base = def.routingFor?.(topo) ?? 'xy';
  const rfFor = routingResolver(topo, base);
  const p = def.plan(
    { topology: topo, routing: rfFor(base), length: 20 },
    topo.parseNode(source),
    dests.map((d) => topo.parseNode(d)),
  );
  return planView(p, topo, rfFor);
}
const hdr = (w: { destinations: Array<{ node: string; service: string }> }) =>
  w.destinations.map((d) => `${d.node}:${d.service}`);

describe('hand-checked mesh plans', () => {
  it('separate addressing: one unicast per destination, in node-id order, one per step', () => {
    const v = plan('mesh:4x4', 'separate', '0,0', ['3,3', '1,0', '0,2']);
    // ids: 1,0 -> 1; 0,2 -> 8; 3,3 -> 15.
    assert.deepEqual(v.worms.map(hdr), [['1,0:ABS'], ['0,2:ABS'], ['3,3:ABS']]);
    assert.deepEqual(
      v.worms.map((w) => w.phase),
      [1, 2, 3],
    );
    assert.equal(v.phases, 3);
    assert.equal(v.channels, 1 + 2 + 6);
  });

  it('U-mesh: chain (0,0) (1,1) (2,0) (3,3) sorted by x then y; two steps', () => {
    // Source (1,1) at position 1. Step 1: 1 <= centre 1, so it sends to position 2 = (2,0), which
    // takes over [2,3]. Step 2: the source, now with [0,1], sends to position 0 = (0,0); (2,0)
    // sends to (3,3).
    const v = plan('mesh:4x4', 'umesh', '1,1', ['0,0', '3,3', '2,0']);
    assert.equal(v.phases, 2);
    const sends = v.worms
      .map((w) => `${w.phase}:${w.source}->${w.destinations[0]!.node}:${w.destinations[0]!.service}`)
      .sort();
    assert.deepEqual(sends, ['1:1,1->2,0:PAR', '2:1,1->0,0:ABS', '2:2,0->3,3:ABS']);
  });

  it('dual-path: snake labels split the set into a high and a low worm', () => {
    // Labels on 4x4: row 0: 0 1 2 3; row 1 (reversed): x=0..3 -> 7 6 5 4; row 2: 8..11; row 3: 15..12.
    // Source (1,1) = 6. High (ascending): (0,1)=7, (0,2)=8, (3,3)=12. Low (descending): (2,0)=2.
    const v = plan('mesh:4x4', 'dual-path', '1,1', ['3,3', '0,2', '2,0', '0,1']);
    assert.deepEqual(v.worms.map(hdr), [['0,1:PAF', '0,2:PAF', '3,3:ABS'], ['2,0:ABS']]);
    // High worm: 6 -> 7 (0,1) -> 8 (0,2) -> 9 (1,2) -> 10 (2,2) -> 11 (3,2) -> 12 (3,3): the neighbour
    // with the highest label not past the target each time.
    assert.deepEqual(v.worms[0]!.path, ['1,1', '0,1', '0,2', '1,2', '2,2', '3,2', '3,3']);
    // Low worm: 6 -> 5 (2,1) -> 2 (2,0).
    assert.deepEqual(v.worms[1]!.path, ['1,1', '2,1', '2,0']);
  });

  it('multi-path: the high and low sets split again by the source column', () => {
    const v = plan('mesh:4x4', 'multi-path', '1,1', ['3,3', '0,2', '2,0', '0,1']);
    // High with x < 1: (0,1), (0,2); high with x >= 1: (3,3); low with x >= 1: (2,0).
    assert.deepEqual(v.worms.map(hdr), [['0,1:PAF', '0,2:ABS'], ['3,3:ABS'], ['2,0:ABS']]);
  });

  it('column-path: a worm per column side, columns nearest the source first', () => {
    // Source (1,1). Column 1: up (1,3), down (1,0). Column 0: up (0,2). Column 3: the row node (3,1)
    // rides with the upward worm to (3,2); (3,0) gets its own.
    const v = plan('mesh:4x4', 'column-path', '1,1', ['1,3', '1,0', '3,1', '3,2', '3,0', '0,2']);
    assert.deepEqual(v.worms.map(hdr), [
      ['1,3:ABS'],
      ['1,0:ABS'],
      ['0,2:ABS'],
      ['3,1:PAF', '3,2:ABS'],
      ['3,0:ABS'],
    ]);
    assert.deepEqual(v.worms[3]!.path, ['1,1', '2,1', '3,1', '3,2']);
  });

  it('TPM: main path to the far corner, then retransmission by main-path nodes (docs/algorithms/tpm.md)', () => {
    // 8x8, source (5,5); zone x 0..7, y 1..7, centre (3.5, 4): the source is in the upper right, so
    // the far lines are x = 0 and y = 1 and XY takes the main path west along y = 5, then south.
    //   (2,5) lies on the main row and (0,2) on the main column: phase 1.
    //   (3,7) is in subzone A: served from (3,5) up its column.
    //   (4,3) is in subzone B: served from (0,3) along row 3.
    //   (7,6) is 2 columns east of the source: entered from main-path row 5-2 = 3, so the worm
    //   from (0,3) goes on past (4,3) to column 7 and up.
    //   (6,1) is 1 column east but lower than row 4: entered from its own row 1, from (0,1).
    const v = plan('mesh:8x8', 'tpm', '5,5', ['2,5', '0,2', '3,7', '4,3', '7,6', '6,1']);
    assert.equal(v.phases, 2);
    const main = v.worms[0]!;
    assert.deepEqual(hdr(main), ['3,5:TAFR', '2,5:PAF', '0,3:TAFR', '0,2:PAF', '0,1:TAR']);
    assert.deepEqual(main.path, ['5,5', '4,5', '3,5', '2,5', '1,5', '0,5', '0,4', '0,3', '0,2', '0,1']);
    const phase2 = v.worms
      .filter((w) => w.phase === 2)
      .map((w) => `${w.source}>${hdr(w).join(' ')}`)
      .sort();
    assert.deepEqual(phase2, ['0,1>6,1:ABS', '0,3>4,3:PAF 7,6:ABS', '3,5>3,7:ABS']);
    assert.deepEqual(v.worms.find((w) => w.source === '0,3')!.path, [
      '0,3',
      '1,3',
      '2,3',
      '3,3',
      '4,3',
      '5,3',
      '6,3',
      '7,3',
      '7,4',
      '7,5',
      '7,6',
    ]);
    assert.deepEqual([...v.deliveries].sort(), ['0,2', '2,5', '3,7', '4,3', '6,1', '7,6']);
  });

  it('TPM uses YX on a mesh wider than tall (000 sec. 4)', () => {
    const v = plan('mesh:8x4', 'tpm', '0,0', ['7,3', '3,1']);
    assert.ok(v.worms.every((w) => w.routing === 'yx'));
  });
});

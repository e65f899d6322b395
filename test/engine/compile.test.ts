import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { compileWorm } from '../../src/engine/compile.js';
import {
  F_ABSORB,
  F_FORWARD,
  F_RETRANSMIT,
  SERVICE_FLAGS,
  type StopSpec,
  type WormSpec,
} from '../../src/plan/worm.js';

const N = 64;

describe('compiled worm headers', () => {
  it('a path worm with a retransmitting stop and a fork: stops in order, children by stop', () => {
    const retx: WormSpec[] = [{ source: 5, stops: [{ node: 9, service: 'ABS' }], length: 4 }];
    const spec: WormSpec = {
      source: 0,
      length: 8,
      stops: [
        { node: 3, service: 'PAF' },
        { node: 5, service: 'PAFR', retransmit: retx },
        {
          node: 7,
          service: 'FWD',
          branches: [
            [
              { node: 10, service: 'PAF' },
              { node: 11, service: 'ABS' },
            ],
            [{ node: 12, service: 'ABS' }],
          ],
        },
      ],
    };
    const cw = compileWorm(spec, N);
    assert.deepEqual([...cw.node], [3, 5, 7, 10, 11, 12]);
    assert.deepEqual(
      [...cw.flags],
      [F_ABSORB | F_FORWARD, F_ABSORB | F_FORWARD | F_RETRANSMIT, F_FORWARD, 5, 1, 1],
    );
    assert.deepEqual([...cw.childCount], [1, 1, 2, 1, 0, 0]);
    assert.deepEqual([...cw.childStart], [0, 1, 2, 4, 5, 5]);
    assert.deepEqual([...cw.children], [1, 2, 3, 5, 4]);
    assert.equal(cw.retransmit[1], retx);
    assert.equal(cw.retransmit.filter((r) => r !== undefined).length, 1);
    assert.equal(cw.deliveries, 5);
    assert.deepEqual(compileWorm(spec, N), cw, 'compiled again: the same header');
  });

  it('random tree headers: stops depth first, each list in order, children the next stop or the branch heads', () => {
    const stopList = fc.letrec<{ list: StopSpec[] }>((tie) => ({
      list: fc
        .tuple(
          fc.array(fc.nat(N - 1), { minLength: 0, maxLength: 3 }),
          fc.nat(N - 1),
          fc.oneof(
            { weight: 3, arbitrary: fc.constant([] as StopSpec[][]) },
            { weight: 1, arbitrary: fc.array(tie('list'), { minLength: 1, maxLength: 3 }) },
          ),
        )
        .map(([path, end, branches]) => [
          ...path.map((node): StopSpec => ({ node, service: 'PAF' })),
          branches.length > 0 ? { node: end, service: 'FWD', branches } : { node: end, service: 'ABS' },
        ]),
    })).list;
    fc.assert(
      fc.property(stopList, (stops) => {
        const cw = compileWorm({ source: 0, length: 5, stops }, N);
        // The numbering the engine relies on, written out plainly.
        const nodes: number[] = [];
        const kids: number[][] = [];
        const walk = (list: StopSpec[]): number => {
          const first = nodes.length;
          list.forEach((s, i) => {
            const idx = nodes.length;
            nodes.push(s.node);
            kids.push([]);
            if (i < list.length - 1) kids[idx]!.push(idx + 1);
            else for (const br of s.branches ?? []) kids[idx]!.push(walk(br));
          });
          return first;
        };
        walk(stops);
        assert.deepEqual([...cw.node], nodes);
        for (let i = 0; i < nodes.length; i++) {
          const got = [...cw.children.subarray(cw.childStart[i]!, cw.childStart[i]! + cw.childCount[i]!)];
          assert.deepEqual(got, kids[i]);
        }
        assert.equal(cw.children.length, kids.flat().length);
        assert.equal(cw.deliveries, [...cw.flags].filter((f) => f & F_ABSORB).length);
      }),
      { numRuns: 300 },
    );
  });

  it('one-stop worms (the sends of unicast-based schemes): the stop alone, its flags, its worms to retransmit', () => {
    fc.assert(
      fc.property(
        fc.nat(N - 1),
        fc.constantFrom('ABS', 'PAR', 'TAR'),
        fc.nat(N - 1),
        fc.boolean(),
        (node, service, next, routed) => {
          const retransmit: WormSpec[] = [
            { source: node, stops: [{ node: next, service: 'ABS' }], length: 3 },
          ];
          const stop: StopSpec = service === 'ABS' ? { node, service } : { node, service, retransmit };
          const spec: WormSpec = {
            source: 1,
            length: 7,
            stops: [stop],
            ...(routed ? { routing: 'xy' } : {}),
          };
          const cw = compileWorm(spec, N);
          const f = SERVICE_FLAGS[service];
          assert.equal(cw.spec, spec);
          assert.deepEqual([cw.source, cw.length, cw.routing], [1, 7, routed ? 'xy' : undefined]);
          assert.deepEqual([...cw.node], [node]);
          assert.deepEqual([...cw.flags], [f]);
          assert.deepEqual([...cw.level], [0]);
          assert.deepEqual([...cw.childStart, ...cw.childCount, cw.children.length], [0, 0, 0]);
          assert.deepEqual(cw.retransmit, [service === 'ABS' ? undefined : retransmit]);
          assert.equal(cw.deliveries, service === 'TAR' ? 0 : 1);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('an inconsistent header is refused with what is wrong', () => {
    const bad = (stops: StopSpec[]) => () => compileWorm({ source: 0, length: 4, stops }, N);
    assert.throws(bad([]), /has no stops/);
    assert.throws(
      bad([
        { node: 1, service: 'ABS' },
        { node: 2, service: 'ABS' },
      ]),
      /does not forward but is followed/,
    );
    assert.throws(bad([{ node: 1, service: 'PAF' }]), /forwards but no stop follows it/);
    assert.throws(bad([{ node: 99, service: 'ABS' }]), /stop node 99 is not a node \(0\.\.63\)/);
    assert.throws(bad([{ node: 1, service: 'PAR' }]), /nothing to retransmit/);
    assert.throws(
      bad([{ node: 1, service: 'FWD', branches: [[{ node: 2, service: 'ABS' }], []] }]),
      /a worm header \(or one of its branches\) has no stops/,
    );
    assert.throws(
      bad([
        {
          node: 1,
          service: 'PAR',
          retransmit: [{ source: 2, stops: [{ node: 3, service: 'ABS' }], length: 1 }],
        },
      ]),
      /must have it as source, got 2/,
    );
    assert.throws(bad([{ node: 1, service: 'ABS', level: 2 }]), /must be a FWD stop with branches/);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Engine } from '../../src/engine/engine.js';
import { BUF_INJ, BUF_NET } from '../../src/engine/network.js';
import { assignSls, collectiveJobs, runCollective, zeroLoadMulticast } from '../../src/ib/collective.js';
import { ibNetwork, slRouting } from '../../src/ib/fabric.js';
import { xyLft } from '../../src/ib/lft.js';
import { mftUnion } from '../../src/ib/mft.js';
import { hostLid } from '../../src/ib/subnet.js';
import { mftWorm } from '../../src/ib/tree.js';
import { slOf } from '../../src/ib/vl.js';
import { drawCollective } from '../../src/ib/workload.js';
import { unicastWorm, type WormSpec } from '../../src/plan/worm.js';
import { ibSwitch } from '../../src/router/ib.js';
import { IbaMesh } from '../../src/topology/ibmesh.js';
import { collectiveFields, IB_TEST_TIMING } from './cases.js';

/** Random small cases, as test/ib/collective.test.ts draws them, under `shared-sl` with 2 or 4 VLs. */
const caseArb = fc.record({ ...collectiveFields(6, 9), vls: fc.constantFrom(2, 4) });

describe('003 shared-sl: the IB-realizable shared VLs (docs/algorithms/ib-mcast.md)', () => {
  it('SL = (LID + j) mod k: N(3,2) of a 4x4 mesh (LID 15) sends SLs 1, 0, 1 with 2 VLs and 3, 0, 1, 2 with 4', () => {
    const t = new IbaMesh(4, 4);
    const s = 3 + 4 * 2;
    assert.equal(hostLid(t, s), 15);
    assert.deepEqual(
      [0, 1, 2].map((j) => slOf(15, j, 2)),
      [1, 0, 1],
    );
    assert.deepEqual(
      [0, 1, 2, 3].map((j) => slOf(15, j, 4)),
      [3, 0, 1, 2],
    );
    // Unicast jobs in the host's order take those SLs; the one multicast packet takes j = 0.
    const c = { sources: [s], group: [0, 5, 10, 15], dests: [[0, 5, 10, 15]] };
    const uc = collectiveJobs(t, c, 'uc');
    assignSls(t, uc, 4);
    assert.deepEqual(
      uc.map((j) => j.sl),
      [3, 0, 1, 2],
    );
    const mc = collectiveJobs(t, c, 'mc');
    assignSls(t, mc, 2);
    assert.deepEqual(
      mc.map((j) => j.sl),
      [1],
    );
  });

  it('the packet path equals the flit engine (makespan, flit-hops); one copy per member; no deadlock; same result twice', () => {
    fc.assert(
      fc.property(caseArb, (k) => {
        const t = new IbaMesh(k.m, k.n);
        const c = drawCollective(t, k, k.seed);
        const run = (engine: 'packet' | 'flit') => runCollective(t, c, { ...k, policy: 'shared-sl', engine });
        const a = run('packet');
        const b = run('flit');
        assert.equal(b.deadlock, undefined);
        assert.ok(a.exactlyOnce && b.exactlyOnce);
        assert.equal(a.makespan, b.makespan);
        assert.equal(a.flitHops, b.flitHops);
        assert.deepEqual(run('packet'), a);
        assert.deepEqual(run('flit'), b);
      }),
      { numRuns: 60 },
    );
  });

  it('a lone multicast takes the zero-load time (H + 1)(R + 1) + L - 1', () => {
    fc.assert(
      fc.property(caseArb, (k) => {
        const t = new IbaMesh(k.m, k.n);
        const c = drawCollective(t, { ...k, sources: 'one' }, k.seed);
        if (c.dests[0]!.length === 0) return;
        const want = zeroLoadMulticast(t, c.sources[0]!, c.dests[0]!, k.length, k.routingDelay);
        for (const engine of ['packet', 'flit'] as const)
          assert.equal(
            runCollective(t, c, { ...k, scheme: 'mc', policy: 'shared-sl', engine }).makespan,
            want,
          );
      }),
      { numRuns: 30 },
    );
  });

  it('in the flit engine every flit of a packet with SL sl sits in VL sl, from its host link to its last hop', () => {
    fc.assert(
      fc.property(caseArb, (k) => {
        const t = new IbaMesh(k.m, k.n);
        const c = drawCollective(t, k, k.seed);
        const net = ibNetwork(t, { policy: 'shared-sl', vls: k.vls, length: k.length });
        const jobs = collectiveJobs(t, c, k.scheme);
        assignSls(t, jobs, k.vls);
        const slOfWorm = new Map<number, number>();
        let bad = '';
        const engine = new Engine(net, ibSwitch, IB_TEST_TIMING, {
          trace: {
            wormStart(w, _msg, spec) {
              slOfWorm.set(w, spec.sl!);
            },
            flitIn(w, b) {
              const kind = net.bufKind[b];
              if (kind !== BUF_NET && kind !== BUF_INJ) return;
              const vl = kind === BUF_NET ? net.bufVc[b]! : b - net.injFirst[net.pcSrc[net.bufPc[b]!]!]!;
              if (vl !== slOfWorm.get(w)) bad = `worm ${w} with SL ${slOfWorm.get(w)} in VL ${vl}`;
            },
            release() {},
          },
        });
        const bySource = new Map<number, WormSpec[]>();
        for (const j of jobs) {
          const w =
            j.dest >= 0
              ? unicastWorm(j.source, j.dest, k.length)
              : mftWorm(t, mftUnion(t, xyLft(t), j.source, c.group), k.length);
          if (!w) continue;
          w.sl = j.sl;
          w.routing = slRouting(j.sl!);
          bySource.set(j.source, [...(bySource.get(j.source) ?? []), w]);
        }
        for (const [s, worms] of bySource)
          engine.startPhase(s, worms, 0, engine.newMessage(s, 0, 'sl', true, k.length));
        while (engine.liveMessages > 0) engine.step();
        assert.equal(bad, '');
      }),
      { numRuns: 40 },
    );
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseConfig } from '../../src/config/load.js';
import { Engine } from '../../src/engine/engine.js';
import { buildNetwork, type Network } from '../../src/engine/network.js';
import { assignSls, collectiveJobs, runCollective } from '../../src/ib/collective.js';
import { creditSlots, ibCreditSwitch } from '../../src/ib/credit.js';
import { ibNetwork, slRouting } from '../../src/ib/fabric.js';
import { xyLft } from '../../src/ib/lft.js';
import { mftUnion } from '../../src/ib/mft.js';
import { mftWorm } from '../../src/ib/tree.js';
import type { VlPolicy } from '../../src/ib/vl.js';
import { drawCollective } from '../../src/ib/workload.js';
import { unicastWorm, type WormSpec } from '../../src/plan/worm.js';
import { ibXyRouting } from '../../src/routing/ib-xy.js';
import { runSimulation } from '../../src/sim/run.js';
import { IbaMesh } from '../../src/topology/ibmesh.js';
import { collectiveFields, POLICIES_SL } from './cases.js';

const caseArb = fc.record({
  ...collectiveFields(5, 6),
  policy: fc.constantFrom(...POLICIES_SL),
  slots: fc.integer({ min: 1, max: 4 }),
});

describe('003 credit buffer mode: a FIFO of 64-byte credit blocks per VL (docs/algorithms/ib-mcast.md)', () => {
  it('a packet of b bytes takes ceil(b / 64) credits of an 8 KB buffer (128 credits)', () => {
    assert.equal(creditSlots(32, 8192), 128);
    assert.equal(creditSlots(64, 8192), 128);
    assert.equal(creditSlots(100, 8192), 64);
    assert.equal(creditSlots(4096, 8192), 2);
    assert.equal(creditSlots(8192, 8192), 1);
    assert.throws(() => creditSlots(8192, 4096), /cannot hold/);
  });

  it("the packet-level path gives the flit engine's makespans, flit-hops and deliveries exactly in credit mode", () => {
    fc.assert(
      fc.property(
        fc.record({
          ...collectiveFields(7, 12),
          policy: fc.constantFrom(...POLICIES_SL),
          slots: fc.integer({ min: 1, max: 6 }),
        }),
        (k) => {
          const t = new IbaMesh(k.m, k.n);
          const c = drawCollective(t, k, k.seed);
          const spec = { ...k, policy: k.policy[0], vls: k.policy[1], creditSlots: k.slots };
          const a = runCollective(t, c, { ...spec, engine: 'packet' });
          const b = runCollective(t, c, { ...spec, engine: 'flit' });
          assert.equal(b.deadlock, undefined);
          assert.ok(a.exactlyOnce && b.exactlyOnce);
          assert.equal(a.makespan, b.makespan);
          assert.equal(a.flitHops, b.flitHops);
          assert.equal(a.deliveries, b.deliveries);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the credit network numbers its slots as buildNetwork numbers k x S VCs a link, and goes past the 24 VCs the engine takes', () => {
    const t = new IbaMesh(3, 4);
    for (const [policy, vls] of POLICIES_SL)
      for (const slots of [2, 3, 6]) {
        const got = ibNetwork(t, { policy, vls, length: 4, creditSlots: slots });
        const rf = ibXyRouting.build(t, [vls], { vls: policy === 'dedicated' ? 'dedicated' : 'shared' });
        const want = buildNetwork(t, rf, {
          vcsPerClass: [vls * slots],
          bufferDepth: 4,
          injectionChannels: (policy === '1vl' || policy === 'dedicated' ? 1 : vls) * slots,
          consumptionChannels: 1,
        });
        for (const k of Object.keys(want) as Array<keyof Network>)
          if (ArrayBuffer.isView(want[k]) || typeof want[k] === 'number')
            assert.deepEqual(got[k], want[k], `${policy} ${vls} x ${slots}: ${k}`);
      }
    // An 8 KB VL buffer holds 128 packets of 32 B: 512 slots a link with 4 VLs.
    const deep = ibNetwork(t, { policy: 'shared', vls: 4, length: 1, creditSlots: 128 });
    assert.equal(deep.pcVcs[0], 512);
    assert.equal(deep.injPerNode, 512);
    assert.throws(
      () =>
        buildNetwork(t, ibXyRouting.build(t, [4]), {
          vcsPerClass: [512],
          bufferDepth: 1,
          injectionChannels: 1,
          consumptionChannels: 1,
        }),
      /1..24/,
    );
  });

  it('a FIFO of one packet (an 8 KB packet in an 8 KB buffer) gives the packet mode exactly', () => {
    fc.assert(
      fc.property(caseArb, (k) => {
        const t = new IbaMesh(k.m, k.n);
        const c = drawCollective(t, k, k.seed);
        const spec = { ...k, policy: k.policy[0], vls: k.policy[1], engine: 'flit' as const };
        const a = runCollective(t, c, spec);
        const b = runCollective(t, c, { ...spec, creditSlots: 1 });
        assert.deepEqual(b, a);
      }),
      { numRuns: 150 },
    );
  });

  it('random cases: one copy per member, no deadlock, credits never negative nor above capacity, FIFO order kept, same result twice', () => {
    fc.assert(
      fc.property(caseArb, (k) => {
        const t = new IbaMesh(k.m, k.n);
        const c = drawCollective(t, k, k.seed);
        const [policy, vls] = k.policy;
        const spec = { ...k, policy, vls, engine: 'flit' as const, creditSlots: k.slots };
        const a = runCollective(t, c, spec);
        assert.equal(a.deadlock, undefined);
        assert.ok(a.exactlyOnce);
        assert.deepEqual(runCollective(t, c, spec), a);
        // Step by step: the model's own accounting (queued = slots held, 0..slots, front first).
        const net = ibNetwork(t, { policy, vls, length: k.length, creditSlots: k.slots });
        const engine = new Engine(net, ibCreditSwitch(k.slots), {
          routingDelay: k.routingDelay,
          routingDelayModified: k.routingDelay,
          startup: 0,
          startupSubsequent: 0,
          deadlockCycles: 5000,
        });
        const jobs = collectiveJobs(t, c, k.scheme);
        if (policy === 'shared-sl') assignSls(t, jobs, vls);
        const bySource = new Map<number, WormSpec[]>();
        for (const j of jobs) {
          const w =
            j.dest >= 0
              ? unicastWorm(j.source, j.dest, k.length)
              : mftWorm(t, mftUnion(t, xyLft(t), j.source, c.group), k.length);
          if (!w) continue;
          if (j.sl !== undefined) Object.assign(w, { sl: j.sl, routing: slRouting(j.sl) });
          bySource.set(j.source, [...(bySource.get(j.source) ?? []), w]);
        }
        for (const [s, worms] of bySource)
          engine.startPhase(s, worms, 0, engine.newMessage(s, 0, 'credit', true, k.length));
        while (engine.liveMessages > 0) {
          engine.step();
          assert.equal(engine.checkInvariants(), undefined);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('one-source unicast of small packets: under credit FIFOs a second VL gains nothing, under packet buffers it does', () => {
    const t = new IbaMesh(8, 8);
    const c = drawCollective(t, { sources: 'one', groupFraction: 0.4, order: 'ascending' }, 7);
    const T = (policy: VlPolicy, vls: number, creditSlots?: number) =>
      runCollective(t, c, {
        scheme: 'uc',
        policy,
        vls,
        length: 1,
        routingDelay: 1,
        engine: 'flit',
        creditSlots,
      }).makespan;
    assert.ok(T('shared', 2) < T('1vl', 1));
    // 512-byte VL buffers: 8 packets of 32 B (an 8 KB buffer's 128 exceed the engine's 24 VCs a link).
    const slots = creditSlots(32, 512);
    assert.throws(() => T('shared', 2, creditSlots(32, 8192)), /at most 24 packet slots/);
    assert.equal(T('shared', 2, slots), T('1vl', 1, slots));
    assert.ok(T('1vl', 1, slots) < T('1vl', 1));
  });

  it('the ib-collective workload takes vlBuffer: credit on either engine (the same makespans), and reports packet mode unchanged', () => {
    const config = (workload: Record<string, unknown>) =>
      parseConfig({
        network: { topology: 'ibmesh:5x4' },
        timing: { routingDelay: 1, routingDelayModified: 1, startup: 0, startupSubsequent: 0 },
        workload: {
          type: 'ib-collective',
          sources: 0.4,
          variant: 'uc-shared-sl',
          vls: 2,
          messageBytes: 64,
          ...workload,
        },
      });
    const credit = runSimulation(config({ engine: 'flit', vlBuffer: 'credit', vlBufferBytes: 256 }));
    assert.equal(credit.outcome.status, 'complete');
    const packet = runSimulation(config({ engine: 'flit' }));
    assert.ok(credit.metrics.ib!.makespan.cycles <= packet.metrics.ib!.makespan.cycles);
    assert.deepEqual(runSimulation(config({ engine: 'flit', vlBuffer: 'packet' })).metrics, packet.metrics);
    const packetPath = runSimulation(config({ vlBuffer: 'credit', vlBufferBytes: 256 }));
    assert.deepEqual(packetPath.metrics.ib, credit.metrics.ib);
    // The packet path takes FIFOs deeper than the engine's 24 VCs a link: 128 packets of 64 B.
    assert.equal(runSimulation(config({ vlBuffer: 'credit' })).outcome.status, 'complete');
    assert.throws(
      () => runSimulation(config({ engine: 'flit', vlBuffer: 'credit' })),
      /at most 24 packet slots/,
    );
    assert.throws(
      () => runSimulation(config({ engine: 'flit', vlBuffer: 'credit', vlBufferBytes: 32 })),
      /cannot hold/,
    );
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Engine } from '../../src/engine/engine.js';
import { BUF_NET } from '../../src/engine/network.js';
import { collectiveJobs, type IbRunSpec, runCollective, zeroLoadMulticast } from '../../src/ib/collective.js';
import { ibNetwork } from '../../src/ib/fabric.js';
import { lftPort, xyLft } from '../../src/ib/lft.js';
import { mftUnion, networkPorts } from '../../src/ib/mft.js';
import { runPackets } from '../../src/ib/packet-sim.js';
import { hostLid } from '../../src/ib/subnet.js';
import { mftWorm } from '../../src/ib/tree.js';
import type { VlPolicy } from '../../src/ib/vl.js';
import { drawCollective } from '../../src/ib/workload.js';
import { walkWorm } from '../../src/multicast/walk.js';
import { unicastWorm } from '../../src/plan/worm.js';
import { ibSwitch } from '../../src/router/ib.js';
import { ibXyRouting } from '../../src/routing/ib-xy.js';
import { IbaMesh } from '../../src/topology/ibmesh.js';
import { collectiveFields, IB_TEST_TIMING, POLICIES } from './cases.js';

/** A small random mesh and workload of any family. */
const caseArb = fc.record({ ...collectiveFields(6, 9), policy: fc.constantFrom(...POLICIES) });

describe('003 collectives on the ib switch model', () => {
  it("the packet-level path gives the flit-level engine's makespans and flit-hops exactly; one copy per member; no deadlock", () => {
    fc.assert(
      fc.property(caseArb, (k) => {
        const t = new IbaMesh(k.m, k.n);
        const c = drawCollective(t, k, k.seed);
        const spec = (engine: 'packet' | 'flit'): IbRunSpec => ({
          scheme: k.scheme,
          policy: k.policy[0],
          vls: k.policy[1],
          length: k.length,
          routingDelay: k.routingDelay,
          engine,
        });
        const a = runCollective(t, c, spec('packet'));
        const b = runCollective(t, c, spec('flit'));
        assert.equal(b.deadlock, undefined);
        assert.ok(a.exactlyOnce && b.exactlyOnce);
        assert.equal(a.makespan, b.makespan);
        assert.equal(a.flitHops, b.flitHops);
        assert.equal(a.deliveries, b.deliveries);
      }),
      { numRuns: 60 },
    );
  });

  it('a dedicated network delivers every copy exactly when the 1-VL network does (one VL per link either way)', () => {
    fc.assert(
      fc.property(caseArb, fc.constantFrom(2, 4), (k, vls) => {
        const t = new IbaMesh(k.m, k.n);
        const c = drawCollective(t, k, k.seed);
        // Every delivery, not only the last: (packet, member, tail cycle) in the order they happen.
        const run = (policy: VlPolicy, v: number) => {
          const net = ibNetwork(t, { policy, vls: v, length: k.length });
          const times: number[][] = [];
          const jobs = collectiveJobs(t, c, k.scheme);
          const spec = { policy, vls: v, length: k.length, routingDelay: k.routingDelay };
          runPackets(t, net, spec, jobs, (j, node, tail) => times.push([j, node, tail]));
          return times;
        };
        assert.deepEqual(run('dedicated', vls), run('1vl', 1));
      }),
      { numRuns: 60 },
    );
  });

  it('a lone multicast takes the zero-load time (H + 1)(R + 1) + L - 1 under every policy (C9)', () => {
    fc.assert(
      fc.property(caseArb, (k) => {
        const t = new IbaMesh(k.m, k.n);
        const c = drawCollective(t, { ...k, sources: 'one' }, k.seed);
        if (c.dests[0]!.length === 0) return;
        const want = zeroLoadMulticast(t, c.sources[0]!, c.dests[0]!, k.length, k.routingDelay);
        for (const [policy, vls] of POLICIES)
          for (const engine of ['packet', 'flit'] as const)
            assert.equal(runCollective(t, c, { ...k, scheme: 'mc', policy, vls, engine }).makespan, want);
      }),
      { numRuns: 30 },
    );
  });

  it('zero load: the Fig. 9 multicast takes 10 cycles at 32 B and 265 at 8 KB; a broadcast from N(0,0) of 16x16, 62 and 317', () => {
    const t5 = new IbaMesh(5, 5);
    const N = (x: number, y: number) => t5.nodeAt([x, y]);
    const g = [N(0, 3), N(0, 4), N(3, 3), N(4, 0), N(4, 2)];
    const c = { sources: [N(2, 2)], group: g, dests: [g] };
    const mc = (t: IbaMesh, coll: typeof c, length: number) =>
      runCollective(t, coll, {
        scheme: 'mc',
        policy: '1vl',
        vls: 1,
        length,
        routingDelay: 1,
        engine: 'packet',
      }).makespan;
    assert.equal(mc(t5, c, 1), 10);
    assert.equal(mc(t5, c, 256), 265);
    const t16 = new IbaMesh(16, 16);
    const all = Array.from({ length: 255 }, (_, i) => i + 1);
    const b = { sources: [0], group: all, dests: [all] };
    assert.equal(mc(t16, b, 1), 62);
    assert.equal(mc(t16, b, 256), 317);
  });

  it('a multicast worm crosses exactly the network ports of its MFT and stops at exactly its members', () => {
    fc.assert(
      fc.property(caseArb, (k) => {
        const t = new IbaMesh(k.m, k.n);
        const c = drawCollective(t, k, k.seed);
        const rf = ibXyRouting.build(t, [1]);
        for (const s of c.sources) {
          const mft = mftUnion(t, xyLft(t), s, c.group);
          const w = mftWorm(t, mft, 1);
          if (!w) {
            assert.equal(mft.members.length, 0);
            continue;
          }
          const used = new Uint8Array(t.numSwitches);
          let hops = 0;
          const absorbed: number[] = [];
          walkWorm(
            t,
            rf,
            w,
            0,
            (from, port) => {
              assert.ok(
                networkPorts(mft.masks[from]!).includes(port),
                `port ${port} at ${from} is not in the MFT`,
              );
              assert.equal(used[from]! & (1 << port), 0, 'a port used twice');
              used[from]! |= 1 << port;
              hops++;
            },
            (stop) => {
              if (stop.service === 'ABS' || stop.service === 'PAF') absorbed.push(stop.node);
            },
          );
          let ports = 0;
          for (let v = 0; v < t.numSwitches; v++) ports += networkPorts(mft.masks[v]!).length;
          assert.equal(hops, ports);
          assert.deepEqual(
            absorbed.sort((a, b) => a - b),
            [...mft.members],
          );
        }
      }),
      { numRuns: 60 },
    );
  });

  it('in the flit engine, multicast and unicast mixed: no flit crosses a port outside its MFT or LFT entry, flit-hops as the tables say, no deadlock', () => {
    fc.assert(
      fc.property(caseArb, (k) => {
        const t = new IbaMesh(k.m, k.n);
        const c = drawCollective(t, k, k.seed);
        const [policy, vls] = k.policy;
        const net = ibNetwork(t, { policy, vls, length: k.length });
        const lft = xyLft(t);
        const mfts = new Map(c.sources.map((s) => [s, mftUnion(t, lft, s, c.group)]));
        const sourceOf = new Map<number, number>();
        /** The unicast destination of a worm, or -1 for a multicast worm. */
        const destOf = new Map<number, number>();
        let bad = '';
        const engine = new Engine(net, ibSwitch, IB_TEST_TIMING, {
          trace: {
            wormStart(w, msg, spec) {
              sourceOf.set(w, msg.source);
              destOf.set(
                w,
                spec.stops.length === 1 && spec.stops[0]!.service === 'ABS' ? spec.stops[0]!.node : -1,
              );
            },
            flitIn(w, b) {
              if (net.bufKind[b] !== BUF_NET) return;
              const pc = net.bufPc[b]!;
              const [r, port] = [net.pcSrc[pc]!, net.pcPort[pc]!];
              const d = destOf.get(w)!;
              const ok =
                d >= 0
                  ? lftPort(lft, r, hostLid(t, d)) === port
                  : ((mfts.get(sourceOf.get(w)!)!.masks[r]! >> port) & 1) === 1;
              if (!ok) bad = `port ${port} at ${r}`;
            },
            release() {},
          },
        });
        let hops = 0;
        c.sources.forEach((s, i) => {
          const mft = mfts.get(s)!;
          for (const m of mft.masks) hops += networkPorts(m).length;
          const w = mftWorm(t, mft, k.length);
          const worms = w ? [w] : [];
          for (const d of c.dests[i]!) {
            worms.push(unicastWorm(s, d, k.length));
            const [a, b] = [t.coords(s), t.coords(d)] as [number[], number[]];
            hops += Math.abs(a[0]! - b[0]!) + Math.abs(a[1]! - b[1]!);
          }
          if (worms.length) engine.startPhase(s, worms, 0, engine.newMessage(s, 0, 'mix', true, k.length));
        });
        while (engine.liveMessages > 0) engine.step();
        assert.equal(bad, '');
        assert.equal(engine.flitHops, hops * k.length);
      }),
      { numRuns: 40 },
    );
  });

  it('one-source unicast: a second shared VL hides the per-packet stall of the host link ', () => {
    const t = new IbaMesh(8, 8);
    const c = drawCollective(t, { sources: 'one', groupFraction: 0.4, order: 'ascending' }, 7);
    for (const length of [1, 16, 256]) {
      const T = (policy: VlPolicy, vls: number) =>
        runCollective(t, c, { scheme: 'uc', policy, vls, length, routingDelay: 1, engine: 'packet' })
          .makespan;
      assert.ok(T('shared', 4) <= T('shared', 2) && T('shared', 2) <= T('1vl', 1));
      if (length === 1) assert.ok(T('shared', 2) < T('1vl', 1));
    }
  });
});

describe('003 workloads (docs/experiments/infiniband.md)', () => {
  const t = new IbaMesh(16, 16);
  it('one-source: 102 or 255 destinations, none the source', () => {
    for (const [f, k] of [
      [0.4, 102],
      [1, 255],
    ] as const) {
      const c = drawCollective(t, { sources: 'one', groupFraction: f, order: 'ascending' }, 5);
      assert.equal(c.sources.length, 1);
      assert.equal(c.dests[0]!.length, k);
      assert.ok(!c.dests[0]!.includes(c.sources[0]!));
    }
  });

  it('multi-source: 102 sources, a group of 102 (or 256); each sends to the group without itself', () => {
    const c = drawCollective(t, { sources: 0.4, groupFraction: 0.4, order: 'ascending' }, 5);
    assert.equal(c.sources.length, 102);
    assert.equal(c.group.length, 102);
    for (let i = 0; i < c.sources.length; i++)
      assert.equal(c.dests[i]!.length, c.group.includes(c.sources[i]!) ? 101 : 102);
    const full = drawCollective(t, { sources: 0.4, groupFraction: 1, order: 'ascending' }, 5);
    assert.ok(full.dests.every((d) => d.length === 255));
  });

  it('all-source unicast packets: 65,280 at 100% and 26,010 at 40% (102*101 + 154*102)', () => {
    const n = (f: number) =>
      collectiveJobs(t, drawCollective(t, { sources: 1, groupFraction: f, order: 'ascending' }, 2), 'uc')
        .length;
    assert.equal(n(1), 65280);
    assert.equal(n(0.4), 26010);
  });

  it("the unicast orders: ascending LID, rotated past the source's own LID, random; same sources and group for every order", () => {
    const a = drawCollective(t, { sources: 0.4, groupFraction: 0.4, order: 'ascending' }, 9);
    const r = drawCollective(t, { sources: 0.4, groupFraction: 0.4, order: 'rotated' }, 9);
    const x = drawCollective(t, { sources: 0.4, groupFraction: 0.4, order: 'random' }, 9);
    assert.deepEqual(a.sources, r.sources);
    assert.deepEqual(a.group, x.group);
    for (let i = 0; i < a.sources.length; i++) {
      assert.deepEqual(
        [...r.dests[i]!].sort((p, q) => p - q),
        [...a.dests[i]!].sort((p, q) => p - q),
      );
      assert.deepEqual(
        [...x.dests[i]!].sort((p, q) => p - q),
        [...a.dests[i]!].sort((p, q) => p - q),
      );
    }
  });
});

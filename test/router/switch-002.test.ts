import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseConfig } from '../../src/config/load.js';
import { Engine } from '../../src/engine/engine.js';
import { bitstringWorm } from '../../src/multicast/bitstring.js';
import { reachability } from '../../src/multicast/bitstring-header.js';
import { umin } from '../../src/multicast/umin.js';
import { unicastWorm } from '../../src/plan/worm.js';
import { routerModel } from '../../src/router/registry.js';
import { runSimulation } from '../../src/sim/run.js';
import type { FatTree } from '../../src/topology/fattree.js';
import { McsimError } from '../../src/util/errors.js';
import {
  makeNet,
  type NetOpts,
  runMessages,
  SWITCH_002_OPTIONS,
  SWITCH_002_TIMING,
} from '../engine/harness.js';

const SO = SWITCH_002_OPTIONS;
const TIMING = SWITCH_002_TIMING;
const MODELS: Array<[string, NetOpts]> = [
  ['central-buffer', { switching: 'central-buffer', bufferDepth: 256, vcs: [8, 8], injection: 8 }],
  ['input-fifo', { switching: 'input-fifo', bufferDepth: 320, vcs: [8, 8], injection: 8 }],
];
const opts = (o: NetOpts): NetOpts => ({ ...o, timing: TIMING, switchOptions: SO });

function tails(spec: string, o: NetOpts, source: number, worms: ReturnType<typeof bitstringWorm>[]) {
  const net = makeNet(spec, opts(o));
  const { messages } = runMessages(net, [{ at: 0, source, worms }], opts(o));
  return Object.fromEntries(messages[0]!.deliveries.map((d) => [d.node, d.tail]));
}

/**
 * The zero-load formula (docs/algorithms/central-buffer.md, "Timing"): c + 2 lambda links + sum
 * over the switches on the path to d of (6 + 7 [k >= 2] + rank of d's port among the k) + L - 1.
 */
function formula(t: FatTree, s: number, dests: number[], d: number, L: number): number {
  const reach = reachability(t);
  const header = new Uint32Array(Math.ceil(t.numNodes / 32));
  for (const x of dests) header[x >>> 5]! |= 1 << (x & 31);
  const lambda = Math.max(...dests.map((x) => t.lcaLevel(s, x)));
  let sum = 6 * (lambda - 1);
  for (let l = lambda; l >= 1; l--) {
    // The level-l switch on the way to d (any replica: reachability does not depend on it).
    const g = (l - 1) * t.perLevel + Math.floor(d / 4 ** l) * 4 ** (l - 1);
    const ports = reach.downPorts(g, header);
    const mine = Math.floor(d / 4 ** (l - 1)) % 4;
    sum += 6 + (ports.length >= 2 ? 7 + ports.indexOf(mine) : 0);
  }
  return 2 * lambda + sum + L - 1;
}

describe('002 switches at zero load: the formulas for every destination', () => {
  for (const [name, o] of MODELS) {
    it(`${name}: the bit-string worms of bitstring.md on 16 and 64 nodes, rank stagger included`, () => {
      assert.deepEqual(
        tails('fattree:16', o, 0, [bitstringWorm(makeNet('fattree:16').topology, 0, [5, 6, 13], 64)]),
        {
          5: 99,
          6: 100,
          13: 93,
        },
      );
      const t64 = makeNet('fattree:64').topology;
      assert.deepEqual(tails('fattree:64', o, 5, [bitstringWorm(t64, 5, [6, 17, 40, 41, 63], 64)]), {
        6: 106,
        17: 107,
        40: 115,
        41: 116,
        63: 109,
      });
    });

    it(`${name}: unicasts at every LCA level, 64 and 256 flits`, () => {
      const expect: Record<number, number[]> = { 64: [71, 85, 99], 256: [263, 277, 291] };
      for (const L of [64, 256])
        [1, 5, 17].forEach((d, i) => {
          assert.deepEqual(tails('fattree:64', o, 0, [unicastWorm(0, d, L)]), { [d]: expect[L]![i] });
        });
    });

    it(`${name}: U-Min, source 0, D = {5, 6, 13}`, () => {
      const t = makeNet('fattree:16').topology;
      const plan = umin.plan(
        { topology: t, routing: makeNet('fattree:16').routing, length: 64 },
        0,
        [5, 6, 13],
      );
      assert.deepEqual(tails('fattree:16', o, 0, plan.worms), { 5: 149, 6: 85, 13: 170 });
    });

    it(`${name}: random sources and sets on 16 and 64 nodes equal the formula`, () => {
      fc.assert(
        fc.property(
          fc.constantFrom(16, 64),
          fc.nat(),
          fc.array(fc.nat(), { minLength: 1, maxLength: 20 }),
          (N, s0, raw) => {
            const s = s0 % N;
            const dests = [...new Set(raw.map((x) => x % N))].filter((d) => d !== s);
            if (dests.length === 0) return;
            const t = makeNet(`fattree:${N}`).topology as FatTree;
            const got = tails(`fattree:${N}`, o, s, [bitstringWorm(t, s, dests, 64)]);
            assert.equal(Object.keys(got).length, dests.length);
            for (const d of dests)
              assert.equal(got[d], formula(t, s, dests, d, 64), `${s} -> ${d} of ${dests}`);
          },
        ),
        { numRuns: 25 },
      );
    });
  }
});

function config(switching: string, over: Record<string, unknown> = {}) {
  const ib = switching === 'input-fifo';
  return parseConfig({
    seed: 3,
    network: {
      topology: 'fattree:16',
      switching,
      vcs: 8,
      bufferDepth: ib ? 320 : 256,
      injectionChannels: 'all',
      switchOptions: {},
      ...(over.network as object),
    },
    timing: { ...TIMING, deadlockCycles: 1000 },
    workload: {
      type: 'mixed',
      algorithm: 'bitstring',
      multicastFraction: 1,
      destinations: { mean: 6, sd: 0, min: 6, max: 6 },
      load: 0.6,
      packetLength: 64,
      warmup: 0,
      measure: 3000,
      drain: 30000,
      ...(over.workload as object),
    },
  });
}

describe('002 switches under load', () => {
  for (const [name] of MODELS)
    it(`${name}: invariants every cycle, every destination exactly once, no deadlock`, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 14 }),
          fc.constantFrom(0.3, 0.9, 1.2),
          fc.nat(50),
          (m, load, seed) => {
            const net = makeNet('fattree:16', opts(MODELS.find((x) => x[0] === name)![1]));
            const got = new Map<number, number[]>();
            const e = new Engine(
              net,
              routerModel(name),
              { ...TIMING, deadlockCycles: 1000 },
              {
                onMessageDone: (msg) =>
                  got.set(
                    msg.id,
                    msg.deliveries.map((d) => d.node).sort((a, b) => a - b),
                  ),
              },
            );
            // Random multicasts (1..m destinations, unicasts included) of 64 or 256 flits for 1500
            // cycles, then drain; the checks run every cycle.
            let x = seed + 1;
            const rand = (k: number) => {
              x = (x * 1103515245 + 12345) % 2147483648;
              return x % k;
            };
            const expected = new Map<number, number[]>();
            for (let t = 0; t < 1500 || e.liveMessages > 0; t++) {
              if (t < 1500 && rand(1000) < 1000 * Math.min(1, (load * 16) / (160 * (m + 1) * 0.5))) {
                const src = rand(16);
                const pool = Array.from({ length: 16 }, (_, i) => i).filter((i) => i !== src);
                const ds: number[] = [];
                const k = 1 + rand(m);
                const L = rand(2) === 0 ? 64 : 256;
                while (ds.length < k) ds.push(pool.splice(rand(pool.length), 1)[0]!);
                const msg = e.newMessage(src, t, 'm', true, L);
                expected.set(
                  msg.id,
                  ds.sort((a, b) => a - b),
                );
                e.startPhase(src, [bitstringWorm(net.topology, src, ds, L)], t, msg);
              }
              e.step();
              const bad = e.checkInvariants();
              assert.equal(bad, undefined, bad);
              assert.ok(t < 200_000, 'drains');
            }
            assert.deepEqual(got, expected);
          },
        ),
        { numRuns: 8 },
      );
    });
});

describe('002 Fig. 2: replicated worms deadlock with buffers smaller than a packet', () => {
  it('input FIFOs of 8 flits under acceptDeadlock: the detector reports the deadlock', () => {
    const r = runSimulation(
      config('input-fifo', { network: { bufferDepth: 8, vcs: 4, switchOptions: { acceptDeadlock: true } } }),
    );
    assert.equal(r.outcome.status, 'deadlock');
    assert.match(r.metrics.deadlock!.text, /waits for/);
  });

  it('the same traffic completes with the paper conditions (input FIFOs of 320 flits, central buffer)', () => {
    for (const sw of ['input-fifo', 'central-buffer'])
      assert.equal(runSimulation(config(sw, { network: { vcs: 4 } })).outcome.status, 'complete', sw);
  });

  it('undersized buffers are refused (exit 2) unless acceptDeadlock', () => {
    const run = (sw: string, network: Record<string, unknown>) => () =>
      runSimulation(config(sw, { network }));
    assert.throws(
      run('input-fifo', { bufferDepth: 32 }),
      (e: unknown) => e instanceof McsimError && /largest packet/.test(e.message),
    );
    assert.throws(
      run('central-buffer', { switchOptions: { centralBufferChunks: 10 } }),
      (e: unknown) => e instanceof McsimError && /central buffer of 10 chunks/.test(e.message),
    );
    assert.throws(
      run('central-buffer', { switchOptions: { multicastReserveChunks: 300 } }),
      (e: unknown) => e instanceof McsimError && /multicast reserve/.test(e.message),
    );
    assert.throws(run('central-buffer', { bufferDepth: 32 }), (e: unknown) => e instanceof McsimError);
  });
});

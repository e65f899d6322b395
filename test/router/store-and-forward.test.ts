import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseConfig } from '../../src/config/load.js';
import { DeadlockError, type EngineOptions } from '../../src/engine/engine.js';
import { unicastWorm } from '../../src/plan/worm.js';
import { registerSwitchModel } from '../../src/router/registry.js';
import { tracePath } from '../../src/routing/path.js';
import { runSimulation } from '../../src/sim/run.js';
import { parseTopology } from '../../src/topology/registry.js';
import { KINDS, MAX_LENGTH } from '../engine/fast/cases.js';
import { makeNet, PAPER_TIMING, runMessages, type Submitted } from '../engine/harness.js';
import { storeAndForward } from './store-and-forward.js';

// The one line that adds the model (docs/engine.md, "Extending the engine").
registerSwitchModel(storeAndForward);

/** Zero-load latency with store-and-forward: each of the h + 1 switches holds the head until its tail is in. */
function formula(h: number, L: number, S = PAPER_TIMING.startup, R = PAPER_TIMING.routingDelay): number {
  return S + (h + 1) * Math.max(R + 1, L) + (L - 1);
}

describe('a switch model added from outside: store-and-forward (docs/engine.md, "Extending the engine")', () => {
  it("the page's code block is this model's file, verbatim", () => {
    const page = readFileSync(new URL('../../docs/engine.md', import.meta.url), 'utf8');
    const file = readFileSync(new URL('./store-and-forward.ts', import.meta.url), 'utf8');
    const block = /```ts\n([\s\S]*?)```/.exec(page.slice(page.indexOf('## Extending the engine')));
    assert.equal(block?.[1], file);
  });

  for (const [spec, from, to] of [
    ['mesh:4x4', '0,0', '3,2'],
    ['torus:6x5', '1,1', '4,3'],
    ['fattree:16', '0', '13'],
  ] as const)
    for (const L of [1, 3, 4, 9]) {
      it(`a config run on ${spec}, ${from} -> ${to}, ${L} flits: the zero-load latency, exactly`, () => {
        const config = parseConfig({
          network: { topology: spec, switching: 'store-and-forward', bufferDepth: L },
          workload: {
            type: 'messages',
            packetLength: L,
            messages: [{ at: 0, source: from, dest: to }],
          },
        });
        const topo = parseTopology(spec);
        const net = makeNet(spec, { bufferDepth: L });
        const h = tracePath(topo, net.routing, topo.parseNode(from), topo.parseNode(to)).length;
        const r = runSimulation(config);
        assert.equal(r.metrics.latency.count, 1);
        assert.equal(r.metrics.latency.mean, formula(h, L));
      });
    }

  it('refuses buffers shorter than a packet', () => {
    assert.throws(
      () =>
        runSimulation(
          parseConfig({
            network: { topology: 'mesh:4x4', switching: 'store-and-forward', bufferDepth: 3 },
            workload: {
              type: 'messages',
              packetLength: 4,
              messages: [{ at: 0, source: '0,0', dest: '1,0' }],
            },
          }),
        ),
      /store-and-forward needs buffers of at least the packet length \(4 flits\), got 3/,
    );
  });
});

/** Flit-hops after every cycle and the finishes of one run of msgs with store-and-forward switches. */
function record(spec: string, depth: number, msgs: Submitted[], engine: EngineOptions): string[] {
  const net = makeNet(spec, { bufferDepth: MAX_LENGTH * depth });
  const hops: string[] = [];
  try {
    const { finishedOrder } = runMessages(net, msgs, { switching: storeAndForward.name, engine }, (e) => {
      const bad = e.checkInvariants();
      if (bad) throw new Error(bad);
      hops.push(`${e.now}:${e.flitHops}`);
    });
    for (const m of finishedOrder)
      hops.push(`${m.id}:${m.deliveries.map((d) => `${d.node}/${d.tail}`).join(',')}`);
  } catch (err) {
    if (!(err instanceof DeadlockError)) throw err;
    hops.push(`deadlock@${err.report.cycle}`);
  }
  return hops;
}

const OFF: EngineOptions = { soleBidders: false, streams: false, packed: false, drainLines: false };
/** Each shortcut on alone (packed worms and drain lines run only beside the streams), then all. */
const VARIANTS: [string, EngineOptions][] = [
  ['soleBidders', { ...OFF, soleBidders: true }],
  ['streams', { ...OFF, streams: true }],
  ['streams and packed', { ...OFF, streams: true, packed: true }],
  ['streams and drainLines', { ...OFF, streams: true, drainLines: true }],
  ['all', {}],
];

describe('the shortcuts change nothing with store-and-forward switches (property, as test/engine/fast)', () => {
  it('random unicasts on every topology kind: the same moves every cycle with the shortcuts off, each on, all on', () => {
    const specs = Object.values(KINDS).flatMap((k) => k.specs);
    fc.assert(
      fc.property(
        fc.constantFrom(...specs),
        fc.integer({ min: 1, max: 2 }),
        fc.array(fc.tuple(fc.nat(60), fc.nat(1000), fc.nat(1000), fc.integer({ min: 1, max: MAX_LENGTH })), {
          minLength: 1,
          maxLength: 24,
        }),
        (spec, depth, raw) => {
          const topo = parseTopology(spec);
          const n = topo.numNodes;
          const msgs = raw
            .filter(([, s, d]) => s % n !== d % n)
            .map(([at, s, d, L]) => ({ at, source: s % n, worms: [unicastWorm(s % n, d % n, L)] }));
          if (msgs.length === 0) return;
          const off = record(spec, depth, msgs, OFF);
          for (const [what, options] of VARIANTS)
            assert.deepEqual(record(spec, depth, msgs, options), off, what);
        },
      ),
      { numRuns: 100 },
    );
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Engine } from '../../src/engine/engine.js';
import { BUF_INJ } from '../../src/engine/network.js';
import type { SwitchModel, SwitchPolicy } from '../../src/engine/policy.js';
import type { SwitchView } from '../../src/engine/view.js';
import { bitstringWorm } from '../../src/multicast/bitstring.js';
import { unicastWorm } from '../../src/plan/worm.js';
import { routerModel } from '../../src/router/registry.js';
import { makeNet, SWITCH_002_OPTIONS, SWITCH_002_TIMING } from '../engine/harness.js';

/**
 * The central-buffer switch under random load on the 16-node fat tree, mostly unicasts: the
 * processors' packets blocked at their inputs are written into the central buffer as any other (002
 * sec. 4.1), next to replicated packets that need the multicast reserve
 * (docs/algorithms/central-buffer.md, "Multicast reserve"). Every packet reaches each of its
 * destinations exactly once, the model's invariants hold every cycle (chunk accounting, FIFO
 * bounds, FIFO order at the switch inputs and at the processors' ports, a processor's port held to
 * a switch link's FIFO in flits and to its slots in packets, with as many injection channels as a
 * channel has VCs and with more) and the engine's deadlock detector never fires.
 */
describe('002 central-buffer switch under unicast load', () => {
  it('every packet delivered exactly once, invariants every cycle, no deadlock; processor unicasts written', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0.3, 0.8, 1.2),
        fc.constantFrom(8, 16),
        fc.nat(1000),
        (load, injection, seed) => {
          const net = makeNet('fattree:16', {
            switching: 'central-buffer',
            bufferDepth: 256,
            vcs: [8, 8],
            injection,
            switchOptions: SWITCH_002_OPTIONS,
          });
          // The model's policy and the engine state, to see which packets sit in the central buffer.
          let policy: SwitchPolicy | undefined;
          let state: SwitchView | undefined;
          const base = routerModel('central-buffer');
          const model: SwitchModel = {
            ...base,
            create: (n, s) => {
              state = s;
              policy = base.create(n, s);
              return policy;
            },
          };
          const got = new Map<number, number[]>();
          const e = new Engine(
            net,
            model,
            { ...SWITCH_002_TIMING, deadlockCycles: 1000 },
            {
              onMessageDone: (msg) =>
                got.set(
                  msg.id,
                  msg.deliveries.map((d) => d.node).sort((a, b) => a - b),
                ),
            },
          );
          let x = seed + 1;
          const rand = (k: number) => {
            x = (x * 1103515245 + 12345) % 2147483648;
            return x % k;
          };
          const expected = new Map<number, number[]>();
          const inj0 = net.injFirst[0]!;
          const injN = net.numNodes * net.injPerNode;
          let written = 0;
          // The most packets a node had in its leaf at once (its port's slots, used as a switch link's).
          let most = 0;
          // Per node and cycle a packet with probability load / (mean length 109): one in five a
          // multicast to 2-4 nodes; 8, 64 or 256 flits. 1500 cycles, then drain.
          for (let t = 0; t < 1500 || e.liveMessages > 0; t++) {
            for (let src = 0; t < 1500 && src < 16; src++) {
              if (rand(100_000) >= (100_000 * load) / 109) continue;
              const L = [8, 64, 256][rand(3)]!;
              const others = Array.from({ length: 16 }, (_, i) => i).filter((i) => i !== src);
              const k = rand(5) === 0 ? 2 + rand(3) : 1;
              const ds: number[] = [];
              while (ds.length < k) ds.push(others.splice(rand(others.length), 1)[0]!);
              ds.sort((a, b) => a - b);
              const msg = e.newMessage(src, t, 'm', true, L);
              expected.set(msg.id, ds);
              const worm = k === 1 ? unicastWorm(src, ds[0]!, L) : bitstringWorm(net.topology, src, ds, L);
              e.startPhase(src, [worm], t, msg);
            }
            e.step();
            const bad = e.checkInvariants();
            assert.equal(bad, undefined, bad);
            for (let n = 0; n < 16; n++) {
              let held = 0;
              for (let b = net.injFirst[n]!; b < net.injFirst[n]! + net.injPerNode; b++)
                if (state!.held(b)) held++;
              most = Math.max(most, held);
            }
            for (let b = inj0; b < inj0 + injN; b++)
              if (
                net.bufKind[b] === BUF_INJ &&
                state!.held(b) &&
                state!.branches(b) === 1 &&
                policy!.describe!(b)?.startsWith('in the central buffer')
              )
                written++;
            assert.ok(t < 200_000, 'drains');
          }
          assert.deepEqual(got, expected);
          // Under load some processor unicast found its output busy and was written into the buffer.
          if (load >= 0.8) assert.ok(written > 0, 'no processor unicast was written into the central buffer');
          // A processor's port holds up to 8 packets (the VCs of a channel), whatever its injection
          // channels, and under load some node has more than two in its leaf at once.
          assert.ok(most <= 8, `a node had ${most} packets in its leaf`);
          if (load >= 0.8) assert.ok(most > 2, 'no node ever had more than two packets in its leaf');
        },
      ),
      { numRuns: 10, seed: 32 },
    );
  });
});

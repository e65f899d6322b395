import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BR, BR_GROUP, BR_ROUTE } from '../../src/engine/branch-record.js';
import type { Network } from '../../src/engine/network.js';
import type { EngineState } from '../../src/engine/state.js';
import { SwitchView } from '../../src/engine/view.js';
import { ChunkReads } from '../../src/router/chunk-reads.js';

/**
 * The chunk path's read rules on their own (docs/algorithms/central-buffer.md, "The chunk path"),
 * with a stand-in for the engine: one input buffer holding a whole 32-flit packet (4 chunks of 8)
 * and its branches, granted an output from the start; this test plays the link, sending a branch's
 * next flit whenever the gate lets it and the link is not stalled. Input-buffer mode: chunk c is
 * written one cycle after it is complete, one write per cycle; the packet is all there at cycle 0,
 * so chunks are written at 1, 2, 3, 4 and readable from the cycle after.
 */
function drive(ports: number[], stalled: (t: number) => boolean, cycles = 60, grantAt = 0) {
  const MB = 2;
  const n = ports.length;
  // The engine's state as the model's view reads it. One buffer: branch k's slot is k (k * NB + b).
  const s = {
    MB,
    NB: 1,
    recv: Int32Array.from([32]),
    bufLen: Int32Array.from([32]),
    brN: Uint8Array.from([n]),
    // Outputs granted at cycle grantAt (before it: none).
    brOut: Int32Array.from(grantAt > 0 ? [-1, -1] : [0, 1]),
    brSent: new Int32Array(MB),
    // Branch records (branch-record.ts): branch k goes to group k by port ports[k].
    br: Int32Array.from({ length: MB * BR }, (_, i) =>
      i % BR === BR_GROUP ? Math.floor(i / BR) : i % BR === BR_ROUTE ? (ports[Math.floor(i / BR)] ?? 0) : 0,
    ),
    owner: Int32Array.from([0]),
  } as unknown as EngineState;
  const net = {
    numBuffers: 1,
    numNetChannels: 2,
    numNodes: 0,
    nodePort: new Int32Array(0),
  } as unknown as Network;
  const reads = new ChunkReads(net, new SwitchView(s), 8, 4, 4, () => 0);
  reads.track(0, 0, false);
  const readAt: number[][] = ports.map(() => []);
  const sentAt: number[][] = ports.map(() => []);
  const watched: number[] = [];
  for (let t = 0; t < cycles; t++) {
    if (t === grantAt && grantAt > 0)
      ports.forEach((_, k) => {
        s.brOut[k] = k;
        reads.granted(k, k);
      });
    const before = ports.map((_, k) => reads.flitsRead(k));
    reads.step(t);
    watched.push(reads.watched);
    ports.forEach((_, k) => {
      if (reads.flitsRead(k) > before[k]!) readAt[k]!.push(t);
    });
    // The link stage of cycle t: decisions from the state at its start (the gate), moves at its end.
    const go = ports.map((_, k) => s.brSent[k]! < 32 && !stalled(t) && reads.gate(k, s.brSent[k]!, t));
    go.forEach((g, k) => {
      if (!g) return;
      sentAt[k]!.push(t);
      s.brSent[k]!++;
    });
  }
  return { readAt, sentAt, watched };
}

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

describe('chunk path: writes, reads, serializer and R + 4 + f (docs/algorithms/central-buffer.md)', () => {
  it('streaming: one read every 8 cycles, flit f of a chunk read at R leaves at R + 4 + f', () => {
    const { readAt, sentAt } = drive([3], () => false);
    // Chunk 0 written at 1, read at 2; the next read when <= 4 read flits are unsent: at 10 (flits
    // 0-3 left at 6-9), and so on: the link never idles.
    assert.deepEqual(readAt[0], [2, 10, 18, 26]);
    assert.deepEqual(sentAt[0], range(6, 37));
  });

  it('serializer: reads pause while the link is stalled', () => {
    // The link stalls in cycles 8-15 after flits 0 and 1 left at 6 and 7. Without the serializer
    // chunk 1 would be read at 10 as above; with it, more than 4 read flits stay unsent until flits
    // 2 and 3 leave at 16 and 17, so chunk 1 is read at 18 and its flits follow flit 7 (at 21) from 22.
    const { readAt, sentAt } = drive([3], (t) => t >= 8 && t <= 15);
    assert.deepEqual(readAt[0], [2, 18, 26, 34]);
    assert.deepEqual(sentAt[0], [6, 7, ...range(16, 45)]);
  });

  it('one read per RAM per cycle: least recently served port first, ties by lowest port', () => {
    // Two ports read the same packet (a replicated packet in an input buffer): port 2 before port 5
    // at the tie, then each reads when its serializer allows; port 5 stays one cycle behind (rank 1).
    const { readAt, sentAt } = drive([5, 2], () => false);
    assert.deepEqual(readAt[1], [2, 10, 18, 26]);
    assert.deepEqual(readAt[0], [3, 11, 19, 27]);
    assert.deepEqual(sentAt[1], range(6, 37));
    assert.deepEqual(sentAt[0], range(7, 38));
  });

  it('a packet written whole whose ports wait for their outputs is parked until the grant', () => {
    // No output before cycle 20: the chunks are written at 1-4, then no port can read before an
    // event, and step stops looking at the packet; the grant at 20 brings it back and its ports read
    // from then on as a packet granted at the start would from cycle 2.
    const { readAt, sentAt, watched } = drive([5, 2], () => false, 60, 20);
    assert.deepEqual(watched.slice(0, 5), [1, 1, 1, 1, 1]);
    assert.deepEqual(watched.slice(5, 20), new Array(15).fill(0));
    assert.equal(watched[20], 1);
    assert.deepEqual(readAt[1], [20, 28, 36, 44]);
    assert.deepEqual(readAt[0], [21, 29, 37, 45]);
    assert.deepEqual(sentAt[1], range(24, 55));
  });
});

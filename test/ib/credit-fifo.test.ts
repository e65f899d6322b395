import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { VlFifos } from '../../src/ib/credit-fifo.js';

/** One step on FIFO `b`: a grant, the next packet's start, or the front's release. */
type Step = { op: 'grant' | 'start' | 'release'; b: number };

describe('the credit mode VL FIFOs of the packet path (VlFifos)', () => {
  it('keep grant order for starts and releases, hold at most S packets, and never give one entry to two packets', () => {
    const B = 5;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.array(
          fc.record({
            op: fc.constantFrom('grant', 'start', 'release'),
            b: fc.integer({ min: 0, max: B - 1 }),
          }),
          { maxLength: 400 },
        ),
        (S, steps: Step[]) => {
          const FIRST = 100;
          const f = new VlFifos(B, S, FIRST);
          // The model: per FIFO, its entries in grant order and how many of them have started.
          const held: number[][] = Array.from({ length: B }, () => []);
          const begun = new Array<number>(B).fill(0);
          const inUse = new Set<number>();
          let most = 0;
          for (const { op, b } of steps) {
            const q = held[b]!;
            assert.equal(f.hasRoom(b), q.length < S);
            assert.equal(f.sendable(b), begun[b]! < q.length ? q[begun[b]!] : -1);
            if (op === 'grant' && q.length < S) {
              const e = f.grant(b);
              assert.ok(e >= FIRST && e < f.entries, `entry ${e} in [${FIRST}, ${f.entries})`);
              assert.ok(!inUse.has(e), `entry ${e} given twice`);
              inUse.add(e);
              most = Math.max(most, inUse.size);
              q.push(e);
            } else if (op === 'start' && begun[b]! < q.length) {
              f.started(b, q[begun[b]!]!);
              begun[b]!++;
            } else if (op === 'release' && begun[b]! > 0) {
              // Only a started packet can leave, front first.
              const e = q.shift()!;
              begun[b]!--;
              assert.ok(f.isFront(b, e));
              for (const other of q) assert.ok(!f.isFront(b, other));
              assert.equal(f.released(b, e), q.length > 0 ? q[0] : -1);
              inUse.delete(e);
            }
          }
          // Entries are given back and taken again: as many numbers as packets were held at once.
          assert.equal(f.entries - FIRST, most);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a release out of order', () => {
    const f = new VlFifos(1, 3, 10);
    const a = f.grant(0);
    const b = f.grant(0);
    f.started(0, a);
    f.started(0, b);
    assert.throws(() => f.released(0, b), /left before the front/);
    assert.equal(f.released(0, a), b);
  });
});

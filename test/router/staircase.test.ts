import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { registerUse, splitRamReads, staircase } from '../../src/router/staircase.js';

describe('input-buffer organisations keep the crossbar rate (002 sec. 5.2, Fig. 12)', () => {
  it('Fig. 12: four ports O1..O4 ready at cycles 1..4 read one input of a 4x4 switch', () => {
    const ev = staircase(4, [1, 2, 3, 4], 3);
    // O_j reads chunk q into R0 at j + 4q and puts its i-th flit on the link at j + 2 + i.
    for (const e of ev) {
      const j = e.port + 1;
      assert.equal(e.read, j + 4 * e.chunk);
      e.emit.forEach((t, f) => {
        assert.equal(t, j + 2 + 4 * e.chunk + f);
      });
    }
    // Cycle 3: O1 puts its 1st flit on the link (chunk 0 read at 1); cycle 5: O1 reads its next chunk.
    assert.equal(ev.find((e) => e.port === 0 && e.chunk === 0)!.emit[0], 3);
    assert.equal(ev.find((e) => e.port === 0 && e.chunk === 1)!.read, 5);
    // The RAM is read exactly once per cycle from cycle 1 on, and no register holds two chunks.
    const reads = ev.map((e) => e.read).sort((a, b) => a - b);
    assert.deepEqual(
      reads,
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    for (const [, n] of registerUse(4, ev)) assert.equal(n, 1);
  });

  it('eight ports of an 8x8 switch read one input at full rate: one flit per cycle each', () => {
    const ev = staircase(8, [0, 1, 2, 3, 4, 5, 6, 7], 4);
    for (let p = 0; p < 8; p++) {
      const emits = ev.filter((e) => e.port === p).flatMap((e) => e.emit);
      emits.forEach((t, i) => {
        assert.equal(t, p + 2 + i);
      });
    }
    for (const [, n] of registerUse(8, ev)) assert.equal(n, 1);
  });

  it('split RAM: ports started one cycle apart never read the same flit-wide RAM in a cycle', () => {
    const per = splitRamReads(4, [0, 1, 2, 3], 16);
    for (let c = 0; c < 20; c++) {
      const rams = per.flatMap((m) => (m.has(c) ? [m.get(c)!] : []));
      assert.equal(new Set(rams).size, rams.length, `cycle ${c}`);
    }
  });
});

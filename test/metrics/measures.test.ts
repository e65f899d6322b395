import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MeasureBatches } from '../../src/metrics/measures.js';
import type { Interval } from '../../src/stats/interval.js';

describe('class intervals', () => {
  it("a rare class's degrees of freedom come from the batches that hold its messages", () => {
    // 32 batches of 100 cycles; a unicast in every batch, a multicast in batches 3, 11, 20 and 27.
    const mb = new MeasureBatches({ by: 'cycle', length: 100, maxBatches: 64 });
    const uni = mb.classAccs('unicast');
    const mc = mb.classAccs('multicast');
    const s = mb.series;
    for (let k = 0; k < 32; k++) {
      s.add(uni.n, 100 * k, 1);
      s.add(uni.latency, 100 * k, 50 + (k % 3));
    }
    const lat = [200, 240, 220, 180];
    [3, 11, 20, 27].forEach((k, i) => {
      s.add(mc.n, 100 * k + 50, 1);
      s.add(mc.latency, 100 * k + 50, lat[i]!);
    });
    const out: Record<string, Interval> = {};
    mb.messageIntervals(mc, 32, 'classes.multicast.', out);
    mb.messageIntervals(uni, 32, 'classes.unicast.', out);
    const m = out['classes.multicast.latency.mean']!;
    // Four batch means 200, 240, 220, 180 (mean 210, sd sqrt(2000/3)): t(3) * sd / 2.
    assert.equal(m.n, 4);
    assert.equal(m.df, 3);
    assert.equal(m.halfWidth, Math.round(((3.182 * Math.sqrt(2000 / 3)) / 2) * 1000) / 1000);
    assert.equal(out['classes.unicast.latency.mean']!.df, 31);
  });
});

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { IntHistogram } from '../../src/metrics/histogram.js';
import { mcsimInProcess } from '../cli/in-process.js';
import { tempDir } from '../temp-dir.js';

describe('latency percentiles', () => {
  it('a percentile is never above the maximum (one message of half-cycle average latency)', async () => {
    const h = new IntHistogram();
    h.add(61.5);
    assert.equal(h.quantile(0.5), 61.5);
    assert.equal(h.quantile(0.99), 61.5);
    const dir = tempDir('mcsim-pct-');
    const cfg = join(dir, 'one.yaml');
    writeFileSync(
      cfg,
      'workload:\n  type: messages\n  messages:\n    - at: 0\n      source: 0,0\n      worms:\n        - stops:\n            - { node: "1,0", service: PAF }\n            - { node: "2,0", service: ABS }\n',
    );
    const r = await mcsimInProcess(['run', cfg, '--json']);
    assert.equal(r.code, 0, r.err);
    const m = JSON.parse(r.out).metrics;
    for (const s of [m.latency, m.latencyAvgDest, m.headerLatency]) {
      assert.ok(s.p50 <= s.max && s.p99 <= s.max, JSON.stringify(s));
    }
  });
});

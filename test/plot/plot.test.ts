import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { chartFromRecords, plotExperiment, writeChart } from '../../src/plot/from-records.js';
import type { PointRecord } from '../../src/sweep/record.js';
import type { Experiment } from '../../src/sweep/schema.js';
import { tempDir } from '../temp-dir.js';

function rec(alg: string, x: number, seed: number, y: number): PointRecord {
  return {
    experiment: 't',
    key: `${alg}${x}${seed}`,
    index: 0,
    params: { 'workload.algorithm': alg, 'workload.destinations': x },
    seed,
    status: 'ok',
    metrics: { latency: { mean: y } } as never,
    version: '0',
    seconds: 0,
  };
}

describe('plots', () => {
  it('renders SVG and PNG line charts with axis labels, a legend and error bars from replications', () => {
    const records: PointRecord[] = [];
    for (const [alg, base] of [
      ['tpm', 240],
      ['dual-path', 360],
    ] as const)
      for (const x of [20, 60, 120, 250])
        for (const seed of [1, 2, 3])
          records.push(rec(alg, x, seed, base + x * (alg === 'tpm' ? 0.2 : 2) + seed * 5));
    const spec = chartFromRecords(records, {
      x: 'workload.destinations',
      y: 'metrics.latency.mean',
      series: 'workload.algorithm',
      xlabel: 'number of destinations',
      ylabel: 'multicast latency (cycles)',
    });
    assert.deepEqual(
      spec.series.map((s) => s.name),
      ['tpm', 'dual-path'],
    );
    const p = spec.series[0]!.points[0]!;
    assert.equal(p.y, 240 + 4 + 10);
    assert.ok(p.lo! < p.y && p.hi! > p.y, 'three seeds give an interval');
    const dir = tempDir('mcsim-plot-');
    const out = writeChart(spec, join(dir, 'fig'));
    const svg = readFileSync(out.svg, 'utf8');
    for (const text of ['number of destinations', 'multicast latency (cycles)', '>tpm<', '>dual-path<'])
      assert.ok(svg.includes(text), text);
    assert.ok(statSync(out.svg).size > 3000);
    const png = readFileSync(out.png);
    assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]);
    assert.ok(png.length > 20000, `PNG of ${png.length} bytes`);
  });
});

describe('plot panels', () => {
  it('one chart per panel, each over its own x range, titled (a), (b)', () => {
    const records: PointRecord[] = [];
    for (const x of [32, 64, 512, 1024, 8192]) records.push(rec('tpm', x, 1, x));
    const exp = {
      id: 'p',
      title: 'p',
      paper: '003',
      figure: '17',
      base: {},
      axes: [],
      seeds: [1],
      plot: {
        x: 'workload.destinations',
        y: ['metrics.latency.mean'],
        series: 'workload.algorithm',
        logX: true,
        logY: false,
        panels: [
          { label: 'a', from: 32, to: 512 },
          { label: 'b', from: 1024, to: 8192 },
        ],
      },
    } as Experiment;
    const dir = tempDir('mcsim-panels-');
    const out = plotExperiment(exp, records, join(dir, 'p'));
    assert.deepEqual(
      out.map((o) => o.svg),
      [join(dir, 'p-1.svg'), join(dir, 'p-2.svg')],
    );
    const a = readFileSync(out[0]!.svg, 'utf8');
    const b = readFileSync(out[1]!.svg, 'utf8');
    assert.match(a, /003 Fig\. 17 \(a\)/);
    assert.match(b, /003 Fig\. 17 \(b\)/);
    assert.ok(a.includes('>500<') || a.includes('>512<') || a.includes('>400<'));
    assert.ok(!b.includes('>50<'));
  });

  it('series of one point each draw without a warning mark (Observable Plot drew a warning sign in the chart)', async () => {
    const { renderSvg } = await import('../../src/plot/chart.js');
    const series = Array.from({ length: 8 }, (_, i) => ({
      name: `${32 * 2 ** i}`,
      points: [{ x: 1, y: i }],
    }));
    const svg = renderSvg({ xlabel: 'x', ylabel: 'y', series });
    assert.doesNotMatch(svg, /warning|⚠/);
    assert.equal((svg.match(/<circle/g) ?? []).length, 8, 'a dot per point');
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { levelOneShare, meanSwitchHops } from '../../../../reproduction/claims/002/diagnostics-data.js';
import { CLAIMS } from '../../../../reproduction/claims/index.js';
import { getPath } from '../../../../src/sweep/fields.js';
import type { PointRecord } from '../../../../src/sweep/record.js';
import { mway, rec, sweep } from './records.js';

interface Diag {
  up: number;
  down: number;
  rep?: number;
  non?: number;
  /** Injected load (default: B_i = X/m for hardware, X for software). */
  inj?: number;
}

/** Paths under metrics of the diagnostics the checks compare. */
const DIAG_PATHS = [
  'headWait.up.mean',
  'headWait.down.mean',
  'headResidence.replicating.mean',
  'headResidence.nonReplicating.mean',
  'centralBuffer.meanFlits.up',
  'centralBuffer.meanFlits.down',
  'channelLoad.up1to2',
  'channelLoad.toProcessor',
  'injected',
  'spread.mean',
].map((p) => `switchDiagnostics.${p}`);

/**
 * A synthetic unsaturated point of switch-diag with the diagnostics C35 and X3-X10 read; with `h`,
 * each diagnostic mean carries a 95% half-width of h times itself (the runs report none today).
 */
function point(alg: string, sw: string, m: number, load: number, d: Diag, h?: number): PointRecord {
  const stat = (mean: number) => ({ count: 100, mean });
  const diag = {
    headWait: { up: stat(d.up), down: stat(d.down) },
    headResidence: { replicating: stat(d.rep ?? 80), nonReplicating: stat(d.non ?? 64) },
    centralBuffer: { admitted: { down: 1, up: 1 }, meanFlits: { down: d.down, up: d.up } },
    channelLoad: { up1to2: load / m, toProcessor: load },
    injected: d.inj ?? (alg === 'bitstring' ? load / m : load),
    spread: stat(alg === 'bitstring' ? 5 : 50),
  };
  const intervals: Record<string, number> = {};
  if (h !== undefined)
    for (const p of DIAG_PATHS) {
      const v = Number(getPath({ switchDiagnostics: diag }, p));
      intervals[p] = Math.max(h * v, 1e-6);
    }
  return rec('switch-diag', mway(alg, sw, m, load), {
    lat: 100,
    traffic: alg === 'bitstring' ? 100 : 200,
    metrics: { switchDiagnostics: diag },
    intervals,
  });
}

const byId = (records: PointRecord[]) =>
  new Map(
    CLAIMS['switch-diag']!({ records, sibling: () => undefined }).map((c) => [c.claim.split(' ')[0]!, c]),
  );

function grid(d: (sw: string, m: number, x: number) => Diag, h?: number): PointRecord[] {
  return ['bitstring', 'umin'].flatMap((alg) =>
    ['central-buffer', 'input-fifo'].flatMap((sw) =>
      [2, 15].flatMap((m) => [0.1, 0.3, 0.5].map((x) => point(alg, sw, m, x, d(sw, m, x), h))),
    ),
  );
}

describe('002 diagnostics (C35, X1-X11) on synthetic records, decided beyond noise', () => {
  it('C35 and X9 hold when inputs fed from above wait and hold more beyond noise, and fail at one point where they do not', () => {
    const good = byId(grid(() => ({ up: 10, down: 2 }), 0.05));
    assert.equal(good.get('C35')!.verdict, 'holds', good.get('C35')!.detail);
    assert.equal(good.get('X9')!.verdict, 'holds');
    const bad = byId(
      grid(
        (sw, m, x) =>
          sw === 'input-fifo' && m === 2 && x === 0.5 ? { up: 1, down: 5 } : { up: 10, down: 2 },
        0.05,
      ),
    );
    assert.equal(bad.get('C35')!.verdict, 'fails');
    assert.match(bad.get('C35')!.detail, /HW-IB m=2 0\.5: up 1\.00 ± 0\.05 vs down 5\.00 ± 0\.25/);
    const close = byId(grid(() => ({ up: 10, down: 9.5 }), 0.05));
    assert.equal(close.get('C35')!.verdict, 'tie', 'a difference within the intervals');
  });

  it('records without intervals on the diagnostics tie their comparisons, and say why', () => {
    const r = byId(grid(() => ({ up: 10, down: 2 })));
    for (const id of ['C35', 'X3', 'X5', 'X8', 'X9', 'X10']) assert.equal(r.get(id)!.verdict, 'tie', id);
    assert.match(r.get('C35')!.detail, /^no 95% interval for some diagnostics/);
    // X7 compares traffic per multicast, which carries its interval.
    assert.equal(r.get('X7')!.verdict, 'holds');
  });

  it('the waits below load 0.3 are not compared (near zero load their order is noise)', () => {
    const r = byId(grid((_sw, _m, x) => (x < 0.3 ? { up: 0, down: 1 } : { up: 3, down: 1 }), 0.05));
    assert.equal(r.get('C35')!.verdict, 'holds');
  });

  it('X10 compares replicated and single-port heads of input FIFOs; X3, X5, X7, X8 read their own fields', () => {
    const r = byId(grid(() => ({ up: 1, down: 0, rep: 60, non: 64 }), 0.01));
    assert.equal(r.get('X10')!.verdict, 'fails');
    for (const id of ['X3', 'X5', 'X7', 'X8'])
      assert.equal(r.get(id)!.verdict, 'holds', `${id}: ${r.get(id)!.detail}`);
    assert.equal(r.get('X11')!.verdict, 'unchecked', 'a modelling rule, not measured');
  });

  it('X4: software injected / offered never rises with load beyond noise and falls somewhere, in every series', () => {
    const x4 = (at5: number) =>
      byId(grid((_sw, _m, x) => ({ up: 1, down: 0, inj: x === 0.5 ? at5 : x }), 0.01)).get('X4')!;
    assert.equal(x4(0.4).verdict, 'holds', x4(0.4).detail);
    assert.equal(x4(0.5).verdict, 'tie', 'no lag shown');
    assert.equal(x4(0.6).verdict, 'fails', 'injected above offered');
  });

  it('X1: the central buffer must saturate later under unicasts, on the brackets', () => {
    const x1 = (cbSat: number, ibSat: number) =>
      CLAIMS['switch-x1']!({
        records: ['central-buffer', 'input-fifo'].flatMap((sw) =>
          sweep('switch-x1', 'unicast', sw, 1, sw === 'central-buffer' ? cbSat : ibSat).map((p) => {
            delete p.params['workload.algorithm'];
            delete p.params['workload.destinations.mean'];
            return p;
          }),
        ),
        sibling: () => undefined,
      })[0]!;
    assert.equal(x1(0.6, 0.4).verdict, 'holds');
    assert.match(x1(0.6, 0.4).detail, /central buffer \(0\.6, 0\.8\] vs input FIFO \(0\.4, 0\.6\]/);
    assert.equal(x1(0.4, 0.4).verdict, 'tie');
    assert.equal(x1(0.4, 0.6).verdict, 'fails');
  });

  it('X2 and X6 from the plans and the topology: exact values', () => {
    // m = 2 on 16 nodes: 84/105 of the extra copies at level 2 (by counting the sets), so 21/105 at level 1.
    assert.ok(Math.abs(levelOneShare('fattree:16', 2) - 21 / 105) < 1e-12);
    // m = 15: 11 of the 14 extra copies at level 1 (every source alike).
    assert.ok(Math.abs(levelOneShare('fattree:16', 15) - 11 / 14) < 1e-12);
    // 2 lambda - 1 switches: 3 destinations at lambda 1, 12 at 2 (16 nodes); 3, 12, 48 (64 nodes).
    assert.equal(meanSwitchHops('fattree:16'), (3 * 1 + 12 * 3) / 15);
    assert.equal(meanSwitchHops('fattree:64'), (3 * 1 + 12 * 3 + 48 * 5) / 63);
  });
});

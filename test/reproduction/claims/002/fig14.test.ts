import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bracket, figOf, HW_CB, satOf, select } from '../../../../reproduction/claims/002/data.js';
import { CLAIMS } from '../../../../reproduction/claims/index.js';
import type { PointRecord } from '../../../../src/sweep/record.js';
import { fmtBracket } from '../../../../src/sweep/saturation.js';
import { mway, rec, sweep } from './records.js';

const F = 'switch-fig14';
const verdict = (recs: PointRecord[], id: string) =>
  CLAIMS[F]!({ records: recs, sibling: () => undefined }).find((c) => c.claim.startsWith(`${id} `))!;

/** Series of the given schemes at every m, each stable up to sat(alg, sw, m). */
function fig(
  schemes: Array<[string, string]>,
  ms: number[],
  sat: (alg: string, sw: string, m: number) => number,
  lat: (alg: string, sw: string, m: number, x: number) => number = () => 100,
): PointRecord[] {
  return schemes.flatMap(([alg, sw]) =>
    ms.flatMap((m) => sweep(F, alg, sw, m, sat(alg, sw, m), (x) => ({ lat: lat(alg, sw, m, x) }))),
  );
}

const ALL: Array<[string, string]> = [
  ['bitstring', 'central-buffer'],
  ['bitstring', 'input-fifo'],
  ['umin', 'central-buffer'],
  ['umin', 'input-fifo'],
];

describe('002 Fig. 14 claims, decided beyond noise (each can hold, tie and fail)', () => {
  it('a series lacking a load of its figure (a failed point) is unstable there: the bracket closes', () => {
    const full = sweep(F, 'bitstring', 'input-fifo', 2, 0.8);
    const cut = sweep(F, 'bitstring', 'central-buffer', 2, 0.8).filter(
      (r) => r.params['workload.load'] !== 0.8,
    );
    const f = figOf([...full, ...cut]);
    assert.equal(fmtBracket(satOf(f, HW_CB, 2)!), '(0.6, 0.8]');
    // Read alone, the same records would be stable up to their highest load.
    assert.equal(fmtBracket(bracket(select(cut, HW_CB, 2), [0.2, 0.4, 0.6])!), 'stable up to 0.6');
  });

  it('C4: hardware below software at every common load, with the intervals', () => {
    const make = (hw: number, h: number) =>
      ['central-buffer', 'input-fifo'].flatMap((sw) =>
        [2, 15].flatMap((m) => [
          rec(F, mway('bitstring', sw, m, 0.2), { lat: hw, latH: h }),
          rec(F, mway('umin', sw, m, 0.2), { lat: 200, latH: 2 }),
        ]),
      );
    assert.equal(verdict(make(100, 1), 'C4').verdict, 'holds');
    const tie = verdict(make(197, 4), 'C4');
    assert.equal(tie.verdict, 'tie', tie.detail);
    assert.match(tie.detail, /within noise or resolution: m=2 at 0\.2: HW-CB 197 ± 4 vs SW-CB 200 ± 2/);
    const bad = verdict(make(300, 3), 'C4');
    assert.equal(bad.verdict, 'fails');
    assert.match(bad.detail, /opposite beyond noise: m=2 at 0\.2: HW-CB 300 ± 3 vs SW-CB 200 ± 2/);
  });

  it('C3: hardware saturates later on the brackets; equal brackets tie, the reverse fails', () => {
    const c3 = (sw: number, hw = 0.6) =>
      verdict(
        fig(ALL, [2, 15], (alg) => (alg === 'bitstring' ? hw : sw)),
        'C3',
      );
    assert.equal(c3(0.4).verdict, 'holds');
    assert.match(c3(0.4).detail, /m=2 HW-CB \(0\.6, 0\.8\] vs SW-CB \(0\.4, 0\.6\]/);
    assert.equal(c3(0.6).verdict, 'tie');
    assert.equal(c3(0.8).verdict, 'fails');
    assert.match(c3(0.8).detail, /SW-CB stable up to 0\.8/);
  });

  it('C1: software latency up with m at every common load, and saturation down (the trend on brackets)', () => {
    const SW: Array<[string, string]> = ALL.slice(2);
    const c1 = (sat: (m: number) => number, lat = (m: number) => 100 + 50 * m) =>
      verdict(
        fig(
          SW,
          [2, 4, 15],
          (_a, _s, m) => sat(m),
          (_a, _s, m) => lat(m),
        ),
        'C1',
      );
    const down = (m: number) => (m === 2 ? 0.6 : m === 4 ? 0.4 : 0.2);
    assert.equal(c1(down).verdict, 'holds', c1(down).detail);
    // Equal brackets at every m: the grid does not show the trend.
    assert.equal(c1(() => 0.4).verdict, 'tie');
    const up = c1((m) => (m === 2 ? 0.2 : m === 4 ? 0.4 : 0.6));
    assert.equal(up.verdict, 'fails');
    assert.match(up.detail, /against the trend at SW-CB m=4/);
    // Latency equal within noise from m = 2 to 4: a tie, even with the saturation trend shown.
    assert.equal(c1(down, (m) => (m === 15 ? 900 : 100)).verdict, 'tie');
  });

  it('C5: input-FIFO replication saturates before, and is slower than, SW-CB at the smallest m', () => {
    const c5 = (ib: number, lat: number) =>
      verdict(
        [
          ...sweep(F, 'bitstring', 'input-fifo', 2, ib, () => ({ lat })),
          ...sweep(F, 'umin', 'central-buffer', 2, 0.6, () => ({ lat: 200 })),
        ],
        'C5',
      );
    assert.equal(c5(0.4, 300).verdict, 'holds');
    assert.equal(c5(0.6, 300).verdict, 'tie', 'same bracket');
    assert.equal(c5(0.4, 100).verdict, 'fails', 'faster at the highest common load');
  });

  it('C28 reads the trend over m (no m the other way, some m beyond the grid) and quotes the paper', () => {
    const three = ALL.slice(0, 3);
    const c28 = (ib: (m: number) => number, cb = 0.8) =>
      verdict(
        fig(
          three,
          [2, 15],
          (alg, sw, m) => (alg === 'umin' ? 0.4 : sw === 'input-fifo' ? ib(m) : cb),
          (alg) => (alg === 'umin' ? 200 : 100),
        ),
        'C28',
      );
    const ok = c28((m) => (m === 2 ? 0.4 : 0.8));
    assert.equal(ok.verdict, 'holds', ok.detail);
    assert.match(
      ok.paper!,
      /did not fare as well as the central-buffer-based schemes, especially at high loads/,
    );
    assert.equal(c28(() => 0.8).verdict, 'tie', 'no m where the central buffer is beyond the grid');
    assert.equal(c28(() => 0.8, 0.4).verdict, 'fails', 'input FIFOs beyond the central buffer');
  });

  it('C30: within 10% at the lightest load, on the ratio interval', () => {
    const c30 = (ib: number) =>
      verdict(
        fig(
          ALL.slice(0, 2),
          [2],
          (_a, sw) => (sw === 'input-fifo' ? 0.4 : 0.8),
          (_a, sw) => (sw === 'input-fifo' ? ib : 100),
        ),
        'C30',
      );
    assert.equal(c30(101).verdict, 'holds');
    assert.equal(c30(109).verdict, 'tie', '1.09 with an interval reaching past 1.1');
    assert.equal(c30(130).verdict, 'fails');
  });

  it('C33: B_o agrees with the applied load X within the intervals of B_o and the offered load', () => {
    const c33 = (acc: number, accH: number | null, off = 0.5) =>
      verdict(
        [
          rec(F, mway('bitstring', 'central-buffer', 2, 0.5), { off, acc, accH }),
          rec(F, mway('bitstring', 'input-fifo', 2, 0.5), { off: 0.5 }),
        ],
        'C33',
      );
    assert.equal(c33(0.497, 0.003).verdict, 'holds');
    assert.equal(c33(0.497, null).verdict, 'tie', 'no interval: agreement is not shown');
    const bad = c33(0.46, 0.003);
    assert.equal(bad.verdict, 'fails');
    assert.match(
      bad.detail,
      /HW-CB m=2 at 0\.5: B_o 0\.46 ± 0\.003 vs applied 0\.5 \(offered 0\.5 ± 0\.002\)/,
    );
    // Delivering what the sources offered is not enough when they offered less than X: the claim
    // is about the applied load, not a repeat of the stability test.
    assert.equal(c33(0.46, 0.003, 0.46).verdict, 'fails');
  });
});

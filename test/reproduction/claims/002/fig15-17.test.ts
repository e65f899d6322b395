import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { grid, rec, sweep, verdict } from './records.js';

describe('002 Figs. 15-17 claims, decided beyond noise (each can hold, tie and fail)', () => {
  it('C9: SW-CB received load keeps rising past saturation (the trend, no step down beyond noise)', () => {
    // Stable up to 0.4 (B_o = 0.4 there), then B_o at 0.6 and 0.8 as given.
    const c9 = (at6: number, at8: number) =>
      verdict(
        'switch-fig15',
        'C9',
        sweep('switch-fig15', 'umin', 'central-buffer', 2, 0.4, (x) => ({
          acc: x === 0.6 ? at6 : x === 0.8 ? at8 : x,
        })),
      );
    assert.equal(c9(0.45, 0.56).verdict, 'holds', c9(0.45, 0.56).detail);
    // A flat line past saturation: the rise from 0.4 is within the intervals (± 0.002 each).
    assert.equal(c9(0.401, 0.402).verdict, 'tie', c9(0.401, 0.402).detail);
    // A rise overall but a step down beyond noise on the way.
    const bad = c9(0.5, 0.45);
    assert.equal(bad.verdict, 'fails');
    assert.match(bad.detail, /m=2 falls beyond noise at 0\.8/);
    // A fall overall.
    assert.equal(c9(0.39, 0.38).verdict, 'fails');
  });

  it('C12: below 0.9 for m = 2, 4 and above it for m = 6, 9, on the brackets', () => {
    const c12 = (sat6: number, loads = grid(0.8, 0.95)) =>
      verdict(
        'switch-fig16',
        'C12',
        [2, 4, 6, 9].flatMap((m) =>
          sweep(
            'switch-fig16',
            'bitstring',
            'central-buffer',
            m,
            m < 6 ? 0.85 : m === 6 ? sat6 : 0.95,
            () => ({}),
            loads,
          ),
        ),
      );
    assert.equal(c12(0.95).verdict, 'holds', c12(0.95).detail);
    assert.equal(c12(0.85).verdict, 'fails', 'm = 6 unstable at 0.9');
    // Without 0.9 on the grid, m = 6's bracket (0.85, 0.95] straddles it.
    assert.equal(c12(0.85, [0.8, 0.85, 0.95]).verdict, 'tie');
  });

  it('C13: earlier with 512-byte messages at some m and at no m later (Fig. 14 as the sibling)', () => {
    const fig14 = [2, 4].flatMap((m) => sweep('switch-fig14', 'bitstring', 'input-fifo', m, 0.4));
    const c13 = (s2: number, s4: number) =>
      verdict(
        'switch-fig16',
        'C13',
        [2, 4].flatMap((m) => sweep('switch-fig16', 'bitstring', 'input-fifo', m, m === 2 ? s2 : s4)),
        { 'switch-fig14': fig14 },
      );
    assert.equal(c13(0.2, 0.4).verdict, 'holds');
    assert.equal(c13(0.4, 0.4).verdict, 'tie');
    assert.equal(c13(0.2, 0.6).verdict, 'fails');
  });

  it('C32: the largest ratio of saturation loads lies in [1.5, 2.5], its range taken from the brackets', () => {
    const c32 = (cb: number, ib: number) =>
      verdict('switch-fig16', 'C32', [
        ...sweep('switch-fig16', 'bitstring', 'central-buffer', 2, cb, () => ({}), grid(0.4, 0.9)),
        ...sweep('switch-fig16', 'bitstring', 'input-fifo', 2, ib, () => ({}), grid(0.4, 0.9)),
      ]);
    // (0.8, 0.85] / (0.4, 0.45]: the ratio lies in (1.78, 2.13].
    assert.equal(c32(0.8, 0.4).verdict, 'holds', c32(0.8, 0.4).detail);
    assert.match(c32(0.8, 0.4).detail, /lies in \(1\.78, 2\.13\]/);
    assert.equal(c32(0.6, 0.4).verdict, 'tie', '(1.33, 1.63] straddles 1.5');
    assert.equal(c32(0.5, 0.45).verdict, 'fails', 'at most 1.22');
  });

  it('C16: 64 nodes slower at every common load, saturating lower but at least 0.8 of 16 nodes', () => {
    const part = (topo: string, sat: number, lat: number) =>
      [0.1333, 1].flatMap((share) =>
        grid(0.6, 0.8).map((x) =>
          rec(
            'switch-fig17',
            { 'network.topology': topo, 'workload.destinations.ofOthers': share, 'workload.load': x },
            { lat, unstable: x > sat + 1e-9 },
          ),
        ),
      );
    const c16 = (s64: number, l64: number) =>
      verdict('switch-fig17', 'C16', [...part('fattree:16', 0.75, 300), ...part('fattree:64', s64, l64)]);
    assert.equal(c16(0.65, 400).verdict, 'holds', c16(0.65, 400).detail);
    assert.equal(c16(0.75, 400).verdict, 'tie', 'the same bracket');
    assert.equal(c16(0.65, 250).verdict, 'fails');
  });
});

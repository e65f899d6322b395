import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { grid, rec, sweep, verdict } from './records.js';

describe('002 Figs. 18-19 claims, decided beyond noise (each can hold, tie and fail)', () => {
  it("C21 decides on the paper's words (lightest load nearly equal, almost 60% at the highest) and quotes them", () => {
    const c21 = (lo: number, hi: number) =>
      verdict(
        'switch-fig19',
        'C21',
        sweep('switch-fig19', 'bitstring', 'central-buffer', 6, 0.6, (x) => ({
          lat: x === 0.2 ? lo : x === 0.6 ? hi : 130,
          avg: 100,
        })),
      );
    const ok = c21(105, 160);
    assert.equal(ok.verdict, 'holds', ok.detail);
    assert.match(ok.paper!, /nearly equal for the hardware central buffer multicast at low loads/);
    assert.equal(c21(110, 160).verdict, 'tie', '1.1 at the lightest load, its interval on both sides');
    assert.equal(c21(105, 200).verdict, 'fails', '(a)/(b) of 2 near saturation');
  });

  it('C24: SW-CB saturates after HW-IB at m = 6 and the latency curves cross', () => {
    const c24 = (ib: number, ibLat: (x: number) => number) =>
      verdict('switch-fig19', 'C24', [
        ...sweep('switch-fig19', 'umin', 'central-buffer', 6, 0.6, () => ({ lat: 300 })),
        ...sweep('switch-fig19', 'bitstring', 'input-fifo', 6, ib, (x) => ({ lat: ibLat(x) })),
      ]);
    const cross = (x: number) => (x < 0.3 ? 200 : 500);
    assert.equal(c24(0.4, cross).verdict, 'holds', c24(0.4, cross).detail);
    assert.equal(c24(0.6, cross).verdict, 'tie', 'the same bracket');
    assert.equal(c24(0.4, () => 200).verdict, 'fails', 'no crossing: HW-IB lower throughout');
  });

  it('C19: unicasts and the combined latency lower with hardware multicast, per load with intervals', () => {
    const c19 = (hwUni: number) =>
      verdict(
        'switch-fig18',
        'C19',
        ['bitstring', 'umin'].flatMap((alg) =>
          grid(0.3, 0.5).map((x) =>
            rec(
              'switch-fig18',
              { 'workload.algorithm': alg, 'workload.load': x },
              {
                lat: alg === 'bitstring' ? 100 : 150,
                metrics: { classes: { unicast: { latency: { mean: alg === 'bitstring' ? hwUni : 120 } } } },
                intervals: { 'classes.unicast.latency.mean': 1 },
              },
            ),
          ),
        ),
      );
    assert.equal(c19(90).verdict, 'holds');
    assert.equal(c19(119.5).verdict, 'tie');
    assert.equal(c19(130).verdict, 'fails');
  });
});

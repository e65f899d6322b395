import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { claim, K, ONE, recs, verdict } from './records.js';

describe('003 C8: all-source results look like multi-source ones, C5a included (003 sec. 4, Case 3)', () => {
  /**
   * Noiseless Figs. 22-24 (all-source, 1/2/4 VLs) and 16-18 (multi-source): unicast 100 per 32 B
   * on 1 VL, shared k VLs faster by 20% per doubling at 32 B and 5% at 8 KB (so C5a, C6a and C6b
   * hold), multicast at a tenth; `slow4` scales multi-source unicast on 4 shared VLs at 8 KB.
   */
  const family = (first: number, slow4 = 1) => {
    const t = (v: string, vls: number, x: number) => {
      const [k, policy] = v.split('-') as [string, string];
      const base = (k === 'uc' ? 100 : 10) * (x / 32);
      if (policy !== 'shared') return base;
      const steps = Math.log2(vls);
      const f = k === 'mc' ? 0.5 : x === 32 ? 1 - 0.2 * steps : 1 - 0.05 * steps;
      return base * f * (vls === 4 && k === 'uc' && x === 8192 ? slow4 : 1);
    };
    return Object.fromEntries(
      [1, 2, 4].map((vls, i) => [
        `ib-fig${first + i}`,
        recs(vls === 1 ? ONE : K, [32, 8192], (v, x) => t(v, vls, x)),
      ]),
    );
  };

  it('C5a is compared on 4 VLs: agreeing verdicts hold, C5a failing in the multi-source figure alone fails C8', () => {
    const all = family(22);
    const agree = { ...all, ...family(16) };
    const c = claim('ib-fig24', all['ib-fig24']!, 'C8', agree)!;
    assert.equal(c.verdict, 'holds');
    assert.match(c.claim, /the verdicts of C1, C5a, C6a, C6b agree with ib-fig18/);
    assert.match(c.detail, /C5a holds here, holds in ib-fig18/);
    // Multi-source unicast on 4 shared VLs 20% slower at 8 KB than on 2: C5a fails there only.
    const differ = { ...all, ...family(16, 1.2) };
    assert.equal(verdict('ib-fig18', differ['ib-fig18']!, 'C5a', differ), 'fails');
    assert.equal(verdict('ib-fig18', differ['ib-fig18']!, 'C6b', differ), 'holds');
    const d = claim('ib-fig24', all['ib-fig24']!, 'C8', differ)!;
    assert.equal(d.verdict, 'fails');
    assert.match(d.detail, /C5a holds here, fails in ib-fig18/);
    // 2 VLs have no C5a to compare; without the 2- and 1-VL siblings C5a, so C8, is not checked.
    assert.match(claim('ib-fig23', all['ib-fig23']!, 'C8', agree)!.claim, /verdicts of C1, C6a, C6b agree/);
    const noSiblings = {
      'ib-fig18': agree['ib-fig18']!,
      'ib-fig17': agree['ib-fig17']!,
      'ib-fig16': agree['ib-fig16']!,
    };
    assert.equal(verdict('ib-fig24', all['ib-fig24']!, 'C8', noSiblings), 'unchecked');
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { applySet, readSetValue } from '../../src/config/load.js';
import { Rng } from '../../src/util/rng.js';

// `--set` reads plain decimal numbers without the YAML parser (so that `mcsim run` on the defaults
// need not load it): each value must be exactly what the parser gives.
const PLAIN = /^-?(?:0|[1-9][0-9]{0,14})(?:\.[0-9]{1,15})?$/;

function randomNumberLike(rng: Rng): string {
  const alphabet = '0123456789012345678901234567890-+.eE_x ';
  const len = 1 + rng.int(22);
  let s = '';
  for (let i = 0; i < len; i++) s += alphabet[rng.int(alphabet.length)];
  return s;
}

function randomDecimal(rng: Rng): string {
  const digits = (n: number) => Array.from({ length: n }, () => String(rng.int(10))).join('');
  const int = rng.int(4) === 0 ? '0' : String(1 + rng.int(9)) + digits(rng.int(17));
  const frac = rng.int(2) === 0 ? '' : `.${digits(1 + rng.int(17))}`;
  return (rng.int(3) === 0 ? '-' : '') + int + frac;
}

describe('--set values', () => {
  it('plain decimal numbers read as the YAML parser reads them, over random strings', () => {
    const rng = new Rng(15);
    let plain = 0;
    for (let i = 0; i < 40_000; i++) {
      const s = i % 2 === 0 ? randomDecimal(rng) : randomNumberLike(rng);
      if (PLAIN.test(s)) plain++;
      let expected: unknown;
      try {
        expected = parseYaml(s);
      } catch {
        assert.throws(() => readSetValue(s), s);
        continue;
      }
      const got = readSetValue(s);
      if (typeof expected === 'number')
        assert.ok(Object.is(got, expected), `${JSON.stringify(s)}: ${got} vs ${expected}`);
      else assert.deepEqual(got, expected, s);
    }
    assert.ok(plain > 10_000, `only ${plain} strings took the fast path`);
  });

  it('worked cases: numbers, signs, leading zeros, strings and objects', () => {
    const cases: [string, unknown][] = [
      ['0', 0],
      ['-0', -0],
      ['42', 42],
      ['0.04', 0.04],
      ['-1.50', -1.5],
      ['007', 7],
      ['+3', 3],
      ['1e3', 1000],
      ['0x10', 16],
      ['.5', 0.5],
      ['mesh:16x16', 'mesh:16x16'],
      ['true', true],
      ['[1, 2]', [1, 2]],
      ['{a: 1}', { a: 1 }],
      ['', null],
    ];
    for (const [s, v] of cases) assert.deepEqual(readSetValue(s), v, s);
    assert.ok(Object.is(readSetValue('-0'), -0));
    const obj: Record<string, unknown> = {};
    applySet(obj, 'workload.load=0.04');
    applySet(obj, 'network.topology=mesh:4x4');
    assert.deepEqual(obj, { workload: { load: 0.04 }, network: { topology: 'mesh:4x4' } });
  });
});

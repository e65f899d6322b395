import { McsimError } from '../src/util/errors.js';

/** `--cycles A:B`: a window of cycles, both ends included (either may be left out: `:B`, `A:`). */
export function parseCycles(s: string): [number, number] {
  const m = /^(\d*):(\d*)$/.exec(s.trim());
  if (!m || (m[1] === '' && m[2] === ''))
    throw new McsimError(`expected A:B (whole numbers, A <= B), got "${s}"`, '--cycles');
  const a = m[1] === '' ? 0 : Number(m[1]);
  const b = m[2] === '' ? Number.MAX_SAFE_INTEGER : Number(m[2]);
  if (a > b) throw new McsimError(`the window ends before it starts: "${s}"`, '--cycles');
  return [a, b];
}

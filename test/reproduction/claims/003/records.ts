import { CLAIMS } from '../../../../reproduction/claims/index.js';
import type { PointRecord } from '../../../../src/sweep/record.js';

/** Synthetic records of 003's figures for the claim tests (figures.test.ts, claims-resolution.test.ts). */

/** Deterministic per-seed noise with mean zero over seeds 1-5. */
const NOISE = [0.3, -0.2, 0.1, -0.4, 0.2];
export const SEEDS = [1, 2, 3, 4, 5];

type Us = (variant: string, bytes: number, seed: number) => number;

/** The interval an ib-collective run reports for its makespan when it draws nothing at random. */
const EXACT = { n: 1, halfWidth: 0, method: 'exact', df: 0 };

/**
 * Completed points of an IB figure: `us` gives each run's makespan (us, and as cycles), `zero` its
 * zero-load time. With `exact`, each run says its makespan is exact (a workload that draws nothing
 * at random, src/ib/run.ts), as a figure run on one seed does.
 */
export function recs(
  variants: string[],
  sizes: number[],
  us: Us,
  {
    buffer = 'packet',
    zero = () => 0,
    seeds = SEEDS,
    exact = false,
  }: { buffer?: string; zero?: Us; seeds?: number[]; exact?: boolean } = {},
): PointRecord[] {
  const out: PointRecord[] = [];
  for (const variant of variants)
    for (const bytes of sizes)
      for (const seed of seeds) {
        const v = us(variant, bytes, seed);
        out.push({
          experiment: 'x',
          key: `${variant}-${bytes}-${buffer}-${seed}`,
          index: 0,
          params: {
            'workload.variant': variant,
            'workload.messageBytes': bytes,
            'workload.vlBuffer': buffer,
          },
          seed,
          status: 'ok',
          metrics: {
            intervals: exact
              ? { 'ib.makespan.us': EXACT, 'ib.makespan.cycles': EXACT, 'ib.makespan.ns': EXACT }
              : {},
            ib: {
              makespan: { us: v, cycles: v, ns: v * 1000 },
              zeroLoad: { cycles: zero(variant, bytes, seed), us: 0 },
            },
          } as never,
          version: '0',
          seconds: 0,
        });
      }
  return out;
}

export const ONE = ['uc-1vl', 'mc-1vl'];
export const K = ['uc-shared', 'uc-dedicated', 'mc-shared', 'mc-dedicated'];
export const n = (seed: number) => NOISE[seed - 1]!;

/** Every claim of a figure on these records and siblings. */
export const claimsOf = (id: string, records: PointRecord[], sibling: Record<string, PointRecord[]> = {}) =>
  CLAIMS[id]!({ records, sibling: (s) => sibling[s] });

/** The first claim starting with `prefix` under `buffer` (the tag follows the claim's number). */
export function claim(
  id: string,
  records: PointRecord[],
  prefix: string,
  sibling: Record<string, PointRecord[]> = {},
  buffer = 'packet',
) {
  const [num, ...rest] = prefix.split(' ');
  const want = [num, `(${buffer} buffers)`, ...rest].join(' ');
  return claimsOf(id, records, sibling).find((c) => c.claim.startsWith(want));
}

/** The verdict of `claim`. */
export function verdict(
  id: string,
  records: PointRecord[],
  prefix: string,
  sibling: Record<string, PointRecord[]> = {},
  buffer = 'packet',
) {
  return claim(id, records, prefix, sibling, buffer)?.verdict;
}

import type { ClaimResult } from '../../../../reproduction/claims/index.js';
import { CLAIMS } from '../../../../reproduction/claims/index.js';
import type { PointRecord } from '../../../../src/sweep/record.js';

/**
 * Synthetic records of 002's sweeps for the claim tests: each mean with the 95% half-width a run
 * reports for it (metrics.intervals; null: none reported), and the stability verdict the
 * saturation brackets read (metrics.stability).
 */
export interface Opts {
  /** Latency (a) and its half-width. */
  lat?: number;
  latH?: number | null;
  /** Latency (b), the mean over destinations. */
  avg?: number;
  avgH?: number | null;
  /** Offered and accepted throughput (default: both the load). */
  off?: number;
  offH?: number | null;
  acc?: number;
  accH?: number | null;
  traffic?: number;
  trafficH?: number | null;
  /** Past saturation: accepted short of offered beyond its interval (default: stable). */
  unstable?: boolean;
  /** Further metrics (classes, switchDiagnostics) and intervals keyed by path under metrics. */
  metrics?: Record<string, unknown>;
  intervals?: Record<string, number>;
}

const iv = (h: number) => ({ n: 1000, halfWidth: h, method: 'batch-means', df: 20 });

export function rec(experiment: string, params: Record<string, unknown>, o: Opts = {}): PointRecord {
  const load = Number(params['workload.load'] ?? 0);
  const lat = o.lat ?? 100;
  const off = o.off ?? load;
  const acc = o.acc ?? (o.unstable ? off * 0.8 : off);
  const intervals: Record<string, unknown> = {};
  const put = (path: string, h: number | null | undefined, dflt: number) => {
    const w = h === undefined ? dflt : h;
    if (w !== null) intervals[path] = iv(w);
  };
  put('latency.mean', o.latH, lat * 0.01);
  put('latencyAvgDest.mean', o.avgH, (o.avg ?? lat * 0.9) * 0.01);
  put('throughput.offered', o.offH, 0.002);
  put('throughput.accepted', o.accH, 0.002);
  put('traffic.perMessage', o.trafficH, 1);
  for (const [k, h] of Object.entries(o.intervals ?? {})) intervals[k] = iv(h);
  const shortfall = o.unstable
    ? { mean: 0.1, halfWidth: 0.01, df: 20 }
    : { mean: 0, halfWidth: 0.01, df: 20 };
  return {
    experiment,
    key: JSON.stringify({ params, seed: 1 }),
    index: 0,
    params,
    seed: 1,
    status: 'ok',
    metrics: {
      latency: { mean: lat },
      latencyAvgDest: { mean: o.avg ?? lat * 0.9 },
      throughput: { offered: off, accepted: acc },
      traffic: { perMessage: o.traffic ?? 100 },
      intervals,
      stability: {
        stable: !o.unstable,
        shortfall,
        latencyGrowth: { mean: 0, halfWidth: 1, df: 20, lag1: 0 },
      },
      ...o.metrics,
    } as unknown as PointRecord['metrics'],
    version: 'test',
    seconds: 0,
  };
}

/** Params of an m-way 002 point. */
export const mway = (alg: string, sw: string, m: number, load: number) => ({
  'workload.algorithm': alg,
  'network.switching': sw,
  'workload.destinations.mean': m,
  'workload.load': load,
});

export const LOADS = [0.2, 0.4, 0.6, 0.8];

/**
 * One m-way series on `loads`, stable up to `sat` and unstable above it; `o(x)` gives each point's
 * other values.
 */
export function sweep(
  experiment: string,
  alg: string,
  sw: string,
  m: number,
  sat: number,
  o: (x: number) => Opts = () => ({}),
  loads: readonly number[] = LOADS,
): PointRecord[] {
  return loads.map((x) => rec(experiment, mway(alg, sw, m, x), { ...o(x), unstable: x > sat + 1e-9 }));
}

/** Loads from `from` to `to` in steps of 0.05. */
export const grid = (from: number, to: number): number[] =>
  Array.from({ length: Math.round((to - from) / 0.05) + 1 }, (_, i) => Number((from + 0.05 * i).toFixed(2)));

/** The claim of experiment `id` whose text starts with `claim` (its id, e.g. "C9"), on these records. */
export function verdict(
  id: string,
  claim: string,
  records: PointRecord[],
  sib: Record<string, PointRecord[]> = {},
): ClaimResult {
  const all = CLAIMS[id]!({ records, sibling: (s) => sib[s] });
  return all.find((c) => c.claim.startsWith(`${claim} `))!;
}

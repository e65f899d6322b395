import { TORUS_CLAIMS } from './claims-torus.js';
import type { PointRecord } from './sweep.js';

/** One of a paper's claims about a figure, checked on the data of a run. */
export interface ClaimResult {
  claim: string;
  holds: boolean;
  /** The numbers behind the verdict. */
  detail: string;
}

type Series = Map<string, Array<{ x: number; y: number }>>;

/** Mean of a metric per (series value, x value) over seeds. */
export function seriesOf(
  records: PointRecord[],
  seriesPath: string,
  xPath: string,
  metric: (r: PointRecord) => number | undefined,
): Series {
  const acc = new Map<string, Map<number, number[]>>();
  for (const r of records) {
    if (r.status !== 'ok') continue;
    const y = metric(r);
    if (y === undefined || Number.isNaN(y)) continue;
    const s = String(r.params[seriesPath]);
    const x = Number(r.params[xPath]);
    let m = acc.get(s);
    if (!m) acc.set(s, (m = new Map()));
    m.set(x, [...(m.get(x) ?? []), y]);
  }
  const out: Series = new Map();
  for (const [s, m] of acc)
    out.set(
      s,
      [...m]
        .sort((a, b) => a[0] - b[0])
        .map(([x, ys]) => ({ x, y: ys.reduce((a, b) => a + b, 0) / ys.length })),
    );
  return out;
}

const fmt = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(1));
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** `best` has the lowest value at every x among `among`. */
export function lowestEverywhere(s: Series, best: string, among: string[], what: string): ClaimResult {
  const b = s.get(best) ?? [];
  const losses: string[] = [];
  for (const p of b) {
    for (const o of among) {
      if (o === best) continue;
      const q = s.get(o)?.find((x) => x.x === p.x);
      if (q && q.y < p.y) losses.push(`at ${p.x}: ${o} ${fmt(q.y)} < ${best} ${fmt(p.y)}`);
    }
  }
  const range = b.map((p) => `${p.x}:${fmt(p.y)}`).join(' ');
  return {
    claim: `${best} has the lowest ${what} at every point (against ${among.filter((a) => a !== best).join(', ')})`,
    holds: b.length > 0 && losses.length === 0,
    detail: losses.length ? losses.join('; ') : `${best}: ${range}`,
  };
}

/** Relative growth (last / first) of each series. */
function growth(s: Series, name: string): number {
  const p = s.get(name) ?? [];
  return p.length < 2 ? 1 : p[p.length - 1]!.y / p[0]!.y;
}

export function flattestOf(s: Series, best: string, among: string[], what: string): ClaimResult {
  const g = new Map(among.map((a) => [a, growth(s, a)]));
  const gb = g.get(best)!;
  const steeper = among.filter((a) => a !== best && g.get(a)! < gb);
  return {
    claim: `${best} ${what} grows least with the number of destinations (nearly constant)`,
    holds: steeper.length === 0,
    detail: `${among.map((a) => `${a} x${g.get(a)!.toFixed(2)}`).join(', ')} from the first to the last point`,
  };
}

export function degrades(s: Series, names: string[], factor: number, what: string): ClaimResult {
  const g = names.map((n) => [n, growth(s, n)] as const);
  return {
    claim: `${names.join(' and ')} degrade with the number of destinations (${what} grows at least x${factor})`,
    holds: g.every(([, x]) => x >= factor),
    detail: g.map(([n, x]) => `${n} x${x.toFixed(2)}`).join(', '),
  };
}

export function notMoreOnAverage(
  s: Series,
  a: string,
  b: string,
  tolerance: number,
  what: string,
): ClaimResult {
  const ma = mean((s.get(a) ?? []).map((p) => p.y));
  const mb = mean((s.get(b) ?? []).map((p) => p.y));
  return {
    claim: `${a} uses no more ${what} than ${b} on average${tolerance > 0 ? ` (within ${(tolerance * 100).toFixed(0)}%)` : ''}`,
    holds: ma <= mb * (1 + tolerance),
    detail: `${a} ${fmt(ma)} vs ${b} ${fmt(mb)} (ratio ${(ma / mb).toFixed(3)})`,
  };
}

export function moreThan(s: Series, heavy: string[], light: string[], what: string): ClaimResult {
  const m = (n: string) => mean((s.get(n) ?? []).map((p) => p.y));
  const fails = heavy.flatMap((h) =>
    light.filter((l) => m(h) <= m(l)).map((l) => `${h} ${fmt(m(h))} <= ${l} ${fmt(m(l))}`),
  );
  return {
    claim: `${heavy.join(' and ')} use more ${what} than ${light.join(' and ')}`,
    holds: fails.length === 0,
    detail: fails.length
      ? fails.join('; ')
      : heavy
          .concat(light)
          .map((n) => `${n} ${fmt(m(n))}`)
          .join(', '),
  };
}

/** `a` performs "as good as" `b`: within a relative tolerance at every point. */
export function closeTo(s: Series, a: string, b: string, tol: number, what: string): ClaimResult {
  const pa = s.get(a) ?? [];
  const off: string[] = [];
  const all: string[] = [];
  for (const p of pa) {
    const q = s.get(b)?.find((x) => x.x === p.x);
    if (!q) continue;
    const r = p.y / q.y;
    all.push(`${p.x}: ${r.toFixed(2)}`);
    if (Math.abs(r - 1) > tol) off.push(`at ${p.x}: ${fmt(p.y)} vs ${fmt(q.y)}`);
  }
  return {
    claim: `${a} performs as well as ${b} (${what} within ${(tol * 100).toFixed(0)}% at every point)`,
    holds: pa.length > 0 && off.length === 0,
    detail: off.length ? off.join('; ') : `ratios ${all.join(', ')}`,
  };
}

const PAPER_SET = ['tpm', 'dual-path', 'column-path', 'separate'];
const alg = 'workload.algorithm';

/** The claims of 000 sec. 5 for each reproduced figure, as checks on the data. */
export const CLAIMS: Record<string, (records: PointRecord[]) => ClaimResult[]> = {
  'tpm-fig10': (recs) => contentionFreeClaims(recs),
  'tpm-fig11': (recs) => {
    const lat = seriesOf(recs, alg, 'workload.destinations', (r) => r.metrics?.latency.mean);
    return [...contentionFreeClaims(recs), closeTo(lat, 'column-path', 'dual-path', 0.15, 'latency')];
  },
  'ccc-fig8': stepClaims,
  'ccc-fig9': stepClaims,
  'ccc-fig10': (recs) => {
    const worst = seriesOf(recs, alg, size, (r) => r.metrics?.steps?.max);
    const worstNo = seriesOf(recs, alg, size, (r) => r.metrics?.steps?.maxNoSharing);
    const u = worst.get('uccc') ?? [];
    const sep = worst.get('separate') ?? [];
    const ratios = u.map((p) => ({ x: p.x, r: p.y / (sep.find((q) => q.x === p.x)?.y ?? Number.NaN) }));
    const gaps = u.map((p) => {
      const no = worstNo.get('uccc')?.find((q) => q.x === p.x)?.y ?? p.y;
      const s = sep.find((q) => q.x === p.x)?.y ?? Number.NaN;
      return { x: p.x, frac: (p.y - no) / (s - no) };
    });
    return [
      {
        claim:
          'U-CCC, even in its worst observed case with link sharing, needs far fewer steps than separate addressing (under a quarter)',
        holds: ratios.length > 0 && ratios.every((x) => x.r < 0.25),
        detail: u.map((p, i) => `${p.x}: ${p.y} vs ${sep[i]?.y}`).join(', '),
      },
      {
        claim:
          'the difference with and without link sharing is very small next to separate addressing (under 10% of the gap)',
        holds: gaps.length > 0 && gaps.every((g) => g.frac < 0.1),
        detail: gaps.map((g) => `${g.x}: ${(g.frac * 100).toFixed(1)}%`).join(', '),
      },
    ];
  },
  'ccc-fig11': (recs) => {
    const pts = recs
      .filter((r) => r.status === 'ok' && r.metrics?.steps)
      .map((r) => ({ x: Number(r.params[size]), s: r.metrics!.steps! }))
      .sort((a, b) => a.x - b.x);
    const last = pts[pts.length - 1];
    const excess = pts.map((p) => p.s.mean - p.s.lowerBound);
    return [
      {
        claim: 'a broadcast (the whole network) meets the lower bound exactly, with link sharing',
        holds: !!last && last.s.max === last.s.lowerBound && last.s.maxNoSharing === last.s.lowerBound,
        detail: last
          ? `${last.x} nodes: mean ${last.s.mean}, worst ${last.s.max}, bound ${last.s.lowerBound}`
          : 'no data',
      },
      {
        claim:
          'for sets large enough, steps approach the lower bound as the set grows (the largest set is the closest)',
        holds: excess.length > 1 && excess[excess.length - 1]! <= Math.min(...excess),
        detail: pts.map((p) => `${p.x}: +${(p.s.mean - p.s.lowerBound).toFixed(2)}`).join(', '),
      },
    ];
  },
  'tpm-fig12': (recs) => {
    const uni = seriesOf(recs, alg, 'workload.load', (r) => r.metrics?.classes.unicast?.latency.mean);
    const mc = seriesOf(recs, alg, 'workload.load', (r) => r.metrics?.classes.multicast?.latency.mean);
    return [
      lowestEverywhere(mc, 'tpm', PAPER_SET, 'multicast latency'),
      lowestEverywhere(uni, 'tpm', PAPER_SET, 'unicast latency'),
    ];
  },
  ...TORUS_CLAIMS,
};

const net = 'network.topology';
const size = 'workload.setSize';

/** 004 sec. 6, Figs. 8-9: steps of U-CCC against the lower bound, per network. */
function stepClaims(recs: PointRecord[]): ClaimResult[] {
  const out: ClaimResult[] = [];
  const steps = seriesOf(recs, net, size, (r) => r.metrics?.steps?.mean);
  const noShare = seriesOf(recs, net, size, (r) => r.metrics?.steps?.meanNoSharing);
  const bound = seriesOf(recs, net, size, (r) => r.metrics?.steps?.lowerBound);
  const off: string[] = [];
  const far: string[] = [];
  const all: string[] = [];
  for (const [name, pts] of bound) {
    for (const p of pts) {
      const ns = noShare.get(name)?.find((q) => q.x === p.x)?.y;
      const st = steps.get(name)?.find((q) => q.x === p.x)?.y;
      if (ns !== p.y) off.push(`${name} at ${p.x}: ${ns} vs ${p.y}`);
      if (st !== undefined) {
        all.push(`${name}@${p.x}: ${fmt(st)}/${p.y}`);
        if (st > p.y * 1.25)
          far.push(
            `${name} at ${p.x}: ${st} steps, bound ${p.y} (+${(((st - p.y) / p.y) * 100).toFixed(0)}%)`,
          );
      }
    }
  }
  out.push({
    claim: 'without link sharing U-CCC takes exactly ceil(log2 m) steps (Theorem 3)',
    holds: off.length === 0,
    detail: off.length ? off.join('; ') : 'every set of every point',
  });
  out.push({
    claim: 'with link sharing the average number of steps stays close to the lower bound (within 25%)',
    holds: far.length === 0,
    detail: far.length ? far.join('; ') : all.join(', '),
  });
  return out;
}

function contentionFreeClaims(recs: PointRecord[]): ClaimResult[] {
  const lat = seriesOf(recs, alg, 'workload.destinations', (r) => r.metrics?.latency.mean);
  const tr = seriesOf(recs, alg, 'workload.destinations', (r) => r.metrics?.traffic.perMessage);
  return [
    lowestEverywhere(lat, 'tpm', PAPER_SET, 'multicast latency'),
    flattestOf(lat, 'tpm', PAPER_SET, 'latency'),
    degrades(lat, ['column-path', 'separate'], 1.5, 'latency'),
    notMoreOnAverage(tr, 'tpm', 'dual-path', 0, 'traffic'),
    moreThan(tr, ['separate', 'column-path'], ['tpm', 'dual-path'], 'traffic'),
  ];
}

/**
 * How often mcsim's 95% intervals cover the truth, and how often a stable load is judged unstable
 * (docs/results.md, "How well the intervals hold"). For each case: one long reference run gives the
 * "true" mean latency (its own interval is reported, and should be far narrower than the short
 * runs'); then `--seeds` runs that end by convergence (the default target) each give an interval,
 * counted as covering when it contains the reference mean. Throughput needs no reference: below
 * saturation the true accepted and offered rates are the nominal load, exactly.
 *
 *   npx tsx reproduction/scripts/interval-coverage.ts [--seeds 100] [--reference 2000000]
 */
import { parseConfig } from '../../src/config/load.js';
import { runSimulation } from '../../src/sim/run.js';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
};
const SEEDS = arg('seeds', 100);
const REFERENCE = arg('reference', 2_000_000);

const ONLY = process.argv.includes('--only')
  ? Number(process.argv[process.argv.indexOf('--only') + 1])
  : undefined;
const CASES = [
  { name: '8x8 mesh, 8-flit buffers, load 0.2 (about 60% of saturation)', topology: 'mesh:8x8', load: 0.2 },
  { name: '8x8 mesh, 8-flit buffers, load 0.28 (about 85% of saturation)', topology: 'mesh:8x8', load: 0.28 },
];

function config(topology: string, load: number, seed: number, workload: Record<string, unknown>) {
  return parseConfig({
    seed,
    network: { topology, routing: 'xy', vcs: 2, bufferDepth: 8 },
    workload: { type: 'uniform', load, packetLength: 20, warmup: 10000, drain: 50000, ...workload },
  });
}

for (const c of CASES.filter((x) => ONLY === undefined || x.load === ONLY)) {
  const ref = runSimulation(config(c.topology, c.load, 1_000_001, { measure: REFERENCE })).metrics;
  const truth = ref.latency.mean;
  let covered = 0;
  let accCovered = 0;
  let offCovered = 0;
  let unstable = 0;
  let relHalf = 0;
  let cycles = 0;
  const ended: Record<string, number> = {};
  for (let seed = 1; seed <= SEEDS; seed++) {
    const m = runSimulation(
      config(c.topology, c.load, seed, { measure: 1_000_000, convergence: {} }),
    ).metrics;
    const h = m.intervals['latency.mean']!.halfWidth ?? Number.POSITIVE_INFINITY;
    if (Math.abs(m.latency.mean - truth) <= h) covered++;
    const ha = m.intervals['throughput.accepted']!.halfWidth ?? Number.POSITIVE_INFINITY;
    if (Math.abs(m.throughput.accepted - c.load) <= ha) accCovered++;
    const ho = m.intervals['throughput.offered']!.halfWidth ?? Number.POSITIVE_INFINITY;
    if (Math.abs(m.throughput.offered - c.load) <= ho) offCovered++;
    if (!m.stability!.stable) unstable++;
    relHalf += h / m.latency.mean;
    cycles += m.window!.end - m.window!.start;
    ended[m.window!.endedBy] = (ended[m.window!.endedBy] ?? 0) + 1;
  }
  const pct = (k: number) => `${((100 * k) / SEEDS).toFixed(0)}%`;
  console.log(
    [
      `## ${c.name}`,
      `reference: ${REFERENCE} cycles, latency ${truth} ± ${ref.intervals['latency.mean']!.halfWidth}`,
      `${SEEDS} runs ending by convergence: windows ${(cycles / SEEDS).toFixed(0)} cycles on average, ended ${JSON.stringify(ended)}, mean relative half-width ${((100 * relHalf) / SEEDS).toFixed(2)}%`,
      `latency interval covers the reference mean: ${covered}/${SEEDS} (${pct(covered)})`,
      `accepted throughput interval covers the load: ${accCovered}/${SEEDS} (${pct(accCovered)})`,
      `offered throughput interval covers the load: ${offCovered}/${SEEDS} (${pct(offCovered)})`,
      `judged unstable (a stable load): ${unstable}/${SEEDS} (${pct(unstable)})`,
      '',
    ].join('\n'),
  );
}

/**
 * The benchmark's points: one network and load each, as a plain configuration object so that an
 * older revision of mcsim (`mcsim bench --compare REF`) can run exactly the same point.
 *
 * The 16x16 mesh is the reference network of the engine issues (XY, 2 VCs, 20-flit packets,
 * uniform random unicast) at a light, a moderate and a saturating load, with 1-flit buffers (what
 * the 000 experiments use) and 8-flit buffers. The other points watch that a change helping one
 * network does not hurt another: a 64x64 mesh at a very low load (the work must follow what moves,
 * not the size of the network), a cube-connected cycles, a torus and a fat tree of switches, each
 * with its topology's default routing and VCs.
 */
export interface BenchSpec {
  /** Short stable name, used to pair points across revisions. */
  id: string;
  topology: string;
  bufferDepth: number;
  /** Offered load, flits per node per cycle. */
  load: number;
  /** Measured cycles of the timed run (a warm-up run of the same point comes first). */
  measure: number;
  /** Extra network settings (routing, VCs) when the topology's defaults are not meant. */
  network?: Record<string, unknown>;
  /** Timing, when not the defaults (000 sec. 5.1). */
  timing?: Record<string, unknown>;
  /** Workload settings over uniform random unicast (a multicast workload, another packet length). */
  workload?: Record<string, unknown>;
}

const MESH = { routing: 'xy', vcs: 2 };

/**
 * 002's switch network as its figures run it (switch-fig14): a 16-node fat tree of 8-port
 * switches, 64-flit messages to m = 6 destinations, central-buffer switches with bit-string
 * multicast worms, input-buffer switches with U-min's unicasts. Small networks over long runs,
 * where the cost per cycle of the switch models shows; these figures take most of
 * `npm run reproduction`.
 */
const SWITCH_002 = { topology: 'fattree:16', bufferDepth: 320, load: 0.5, measure: 40000 };
const NET_002 = { vcs: 16, injectionChannels: 16, switchOptions: {} };
const TIMING_002 = {
  routingDelay: 6,
  routingDelayModified: 6,
  startup: 1,
  startupSubsequent: 0,
  deadlockCycles: 5000,
};
function workload002(algorithm: string): Record<string, unknown> {
  const destinations = { mean: 6, sd: 0, min: 1, max: 63 };
  return { type: 'mixed', algorithm, multicastFraction: 1, packetLength: 64, destinations };
}

export const BENCH_POINTS: readonly BenchSpec[] = [
  { id: 'mesh16-b1-0.01', topology: 'mesh:16x16', bufferDepth: 1, load: 0.01, measure: 20000, network: MESH },
  { id: 'mesh16-b1-0.04', topology: 'mesh:16x16', bufferDepth: 1, load: 0.04, measure: 20000, network: MESH },
  { id: 'mesh16-b1-0.14', topology: 'mesh:16x16', bufferDepth: 1, load: 0.14, measure: 20000, network: MESH },
  { id: 'mesh16-b8-0.01', topology: 'mesh:16x16', bufferDepth: 8, load: 0.01, measure: 20000, network: MESH },
  { id: 'mesh16-b8-0.04', topology: 'mesh:16x16', bufferDepth: 8, load: 0.04, measure: 20000, network: MESH },
  { id: 'mesh16-b8-0.22', topology: 'mesh:16x16', bufferDepth: 8, load: 0.22, measure: 20000, network: MESH },
  {
    id: 'mesh64-b8-0.002',
    topology: 'mesh:64x64',
    bufferDepth: 8,
    load: 0.002,
    measure: 5000,
    network: MESH,
  },
  { id: 'ccc5-b4-0.05', topology: 'ccc:5', bufferDepth: 4, load: 0.05, measure: 20000 },
  { id: 'torus10-b4-0.1', topology: 'torus:10x10', bufferDepth: 4, load: 0.1, measure: 20000 },
  { id: 'fattree64-b8-0.3', topology: 'fattree:64', bufferDepth: 8, load: 0.3, measure: 20000 },
  {
    id: 'fattree16-cb-bitstring-0.5',
    ...SWITCH_002,
    network: { ...NET_002, switching: 'central-buffer' },
    timing: TIMING_002,
    workload: workload002('bitstring'),
  },
  {
    id: 'fattree16-if-umin-0.5',
    ...SWITCH_002,
    network: { ...NET_002, switching: 'input-fifo' },
    timing: TIMING_002,
    workload: workload002('umin'),
  },
  {
    id: 'ibmesh16-ib-0.1',
    topology: 'ibmesh:16x16',
    bufferDepth: 20,
    load: 0.1,
    measure: 20000,
    network: { vcs: 2, switching: 'ib' },
  },
];

/**
 * The direct engine's twin of a switch-model point: the same network, traffic, load and timing
 * under the engine's own wormhole rules (no `switching`, no `switchOptions`), or undefined for a
 * point that has no switch model. A switch model's speed is its flit-hops per second against its
 * twin's, timed in turn in one process: that ratio isolates the model's own cost, where a
 * comparison with another point would also compare networks and traffic (docs/bench.md, "Switch
 * models against the direct engine").
 */
export function directTwin(p: BenchSpec): BenchSpec | undefined {
  const sw = p.network?.switching;
  if (sw === undefined || sw === 'wormhole') return undefined;
  const { switching: _, switchOptions: __, ...network } = p.network!;
  return { ...p, id: `${p.id}~direct`, network };
}

/**
 * The configuration object of a point (seed 7, 2000 warm-up and 4000 drain cycles; uniform
 * 20-flit unicasts unless the point says otherwise).
 */
export function benchConfig(p: BenchSpec, measure = p.measure): Record<string, unknown> {
  return {
    seed: 7,
    network: { topology: p.topology, bufferDepth: p.bufferDepth, ...p.network },
    ...(p.timing ? { timing: p.timing } : {}),
    workload: {
      type: 'uniform',
      load: p.load,
      packetLength: 20,
      ...p.workload,
      warmup: 2000,
      measure,
      drain: 4000,
    },
  };
}

/**
 * Flit-hops the warm-up runs of a point must simulate before its timed run (at most WARMUP_RUNS
 * runs of the short warm-up window). Warming up by work rather than by cycles: at load 0.01 one
 * short run moves a quarter of a million flits and V8 is still compiling the engine when the timed
 * run starts (the 8-flit point then read 4-9 M flit-hops/s against 17 M once compiled), while at
 * saturation one short run moves millions.
 */
export const WARMUP_FLIT_HOPS = 2_000_000;
export const WARMUP_RUNS = 12;

/**
 * Timed runs of each point after its warm-up; the table gives the median run and the range. One
 * timed run of a tenth of a second is one sample of a machine whose speed moves by 10-20% from one
 * second to the next (docs/bench.md): five make the figure steady enough to compare against a target.
 */
export const TIMED_RUNS = 5;

/** Measured cycles of each warm-up run of a point. */
export function warmupMeasure(p: BenchSpec): number {
  return Math.min(3000, p.measure);
}

import { drawsAtRandom } from '../src/ib/workload.js';

/**
 * Figs. 10-27 of 003 as one parameterised experiment (docs/experiments/infiniband.md):
 * fig = 10 + 6f + 3g + v with family f (one-, multi-, all-source), group g (40%, 100%) and VL index
 * v (1, 2, 4 VLs). The experiment files experiments/ib-fig10.yaml .. ib-fig27.yaml are written from
 * here by reproduction/scripts/ib-figures.ts (a test keeps them equal), and the claims read the same parameters.
 *
 * Every figure runs under both VL buffer models (an axis of the experiment;
 * docs/algorithms/ib-mcast.md, "VL buffers"): the paper's one packet per VL buffer (`packet`, its
 * "a packet will stay in a channel (buffer)") and InfiniBand's own credit flow control (`credit`,
 * an 8 KB FIFO per VL in 64-byte credits), so that every claim is reported under each and no
 * verdict rests silently on the choice.
 */
export interface IbFigure {
  id: string;
  figure: number;
  family: 'one' | 'multi' | 'all';
  /** Workload `sources`. */
  sources: 'one' | number;
  groupFraction: number;
  vls: 1 | 2 | 4;
  /** Series of the figure: {uc, mc} with 1 VL; shared and dedicated of each with 2 or 4. */
  variants: string[];
  caption: string;
}

export const IB_SIZES = [32, 64, 128, 256, 512, 1024, 2048, 4096, 8192];
/** VL buffer models (workload.vlBuffer), the paper's first. */
export const IB_BUFFERS = ['packet', 'credit'] as const;
export type IbBuffer = (typeof IB_BUFFERS)[number];
/**
 * Seeds per point of a figure whose workload draws at random (ibSeeds). A point is one collective
 * per seed (no within-run interval), so its interval is Student's t over the seeds; 30 seeds halve
 * the width 10 give (t / sqrt(n): 0.37 against 0.71), e.g. multi-source unicast at 8 KB from ±5% to
 * ±2.5% (docs/experiments/infiniband.md, "Seeds and how claims are decided").
 */
export const IB_SEEDS = Array.from({ length: 30 }, (_, i) => i + 1);
/** Seeds of the quick form: enough for its 8x8 mesh's comparisons to leave the noise. */
export const IB_QUICK_SEEDS = Array.from({ length: 8 }, (_, i) => i + 1);

/** Whether a figure's workload draws nothing at random (Figs. 25-27: all sources, whole group). */
export const isExact = (f: IbFigure): boolean =>
  !drawsAtRandom({ sources: f.sources, groupFraction: f.groupFraction, order: 'ascending' });

/**
 * The seeds of a figure (full or quick): one where the workload draws nothing at random, since
 * every seed runs the same collective and its makespan is exact (src/ib/run.ts).
 */
export const ibSeeds = (f: IbFigure, quick: boolean): number[] =>
  isExact(f) ? [1] : quick ? IB_QUICK_SEEDS : IB_SEEDS;
const FAMILIES = ['one', 'multi', 'all'] as const;
const VLS = [1, 2, 4] as const;

/** The figure's parameters, from its number (10..27). */
export function ibFigure(figure: number): IbFigure {
  const k = figure - 10;
  if (!Number.isInteger(k) || k < 0 || k > 17) throw new RangeError(`003 has Figs. 10-27, not ${figure}`);
  const family = FAMILIES[Math.floor(k / 6)]!;
  const g = Math.floor((k % 6) / 3);
  const vls = VLS[k % 3]!;
  const groupFraction = g === 0 ? 0.4 : 1;
  const lanes = vls === 1 ? '1 virtual lane' : `${vls} virtual lanes`;
  const group = `destination group size: ${g === 0 ? '40%' : '100%'}`;
  // Figs. 22-24 are captioned "source size: 100%, destination group size: 100%", but sec. 4's text
  // gives them the 40% group; the captions of 25-27 are the same, with 100%.
  const caption =
    family === 'one'
      ? `One-source multicast with ${lanes} (${group})`
      : family === 'multi'
        ? `Multi-source multicast with ${lanes} (source size: 40%, ${group})`
        : `All-source multicast with ${lanes} (source size: 100%, ${group})`;
  return {
    id: `ib-fig${figure}`,
    figure,
    family,
    sources: family === 'one' ? 'one' : family === 'multi' ? 0.4 : 1,
    groupFraction,
    vls,
    variants: vls === 1 ? ['uc-1vl', 'mc-1vl'] : ['uc-shared', 'uc-dedicated', 'mc-shared', 'mc-dedicated'],
    caption,
  };
}

export const IB_FIGURES: readonly IbFigure[] = Array.from({ length: 18 }, (_, i) => ibFigure(10 + i));

/** The experiment file of a figure (YAML text). */
export function ibFigureYaml(f: IbFigure): string {
  const wl = [
    'type: ib-collective',
    `sources: ${typeof f.sources === 'string' ? f.sources : f.sources}`,
    `groupFraction: ${f.groupFraction}`,
    ...(f.vls > 1 ? [`vls: ${f.vls}`] : []),
    'unicastOrder: ascending',
  ].join(', ');
  const seedsText = isExact(f)
    ? 'one seed per point:\n  every node a source and the whole group, the workload draws nothing at random and every seed\n  runs the same collective.'
    : `${IB_SEEDS.length} seeds per point.`;
  const note =
    f.family === 'all' && f.groupFraction < 1
      ? ' The caption says "destination group size: 100%"; sec. 4 gives these figures the 40% group.'
      : '';
  return `# 003 Fig. ${f.figure}, one of Figs. 10-27 written from one template by reproduction/scripts/ib-figures.ts
# (reproduction/ib-figures.ts); edit the template, not this file. Run: mcsim reproduce ${f.id}   (scaled down: --quick)
id: ${f.id}
title: "${f.caption}"
paper: "003"
figure: "${f.figure}"
description: >
  ${f.family === 'one' ? 'One source' : f.family === 'multi' ? '102 sources (40% of the nodes)' : 'All 256 nodes as sources'}
  multicast one message each to a group of ${f.groupFraction === 1 ? 'all nodes' : '40% of the nodes (102)'} on a 16x16
  InfiniBand mesh (003 sec. 4) with ${f.vls === 1 ? '1 virtual lane' : `${f.vls} virtual lanes, shared ("NESW: VL0${f.vls === 2 ? ', VL1' : ', VL1, VL2, VL3'}") or dedicated per port`};
  hardware multicast by the MFT of each source (mc) against one unicast per member in ascending
  LID order (uc). Makespan until the last member holds the last byte, 1X SDR (4 ns per byte),
  32-byte flits, routing 1 flit time per switch, whole-packet VL arbitration (our readings,
  docs/algorithms/ib-mcast.md); under both VL buffer models: one packet per VL buffer (packet,
  the paper's) and an 8 KB credit FIFO per VL (credit, InfiniBand's flow control); ${seedsText}${note}
base:
  network: { topology: "ibmesh:16x16" }
  timing: { routingDelay: 1, routingDelayModified: 1, startup: 0, startupSubsequent: 0 }
  workload: { ${wl} }
series: { path: workload.variant, label: variant, values: [${f.variants.join(', ')}] }
axes:
  - { path: workload.vlBuffer, label: "VL buffer model", values: [${IB_BUFFERS.join(', ')}] }
  - { path: workload.messageBytes, label: "message size (bytes)", values: [${IB_SIZES.join(', ')}] }
seeds: [${ibSeeds(f, false).join(', ')}]
plot:
  x: workload.messageBytes
  xlabel: "packet size (bytes)"
  y: [metrics.ib.makespan.us]
  ylabels: ["time to complete the operation (us)"]
  series: workload.variant+workload.vlBuffer
  logX: true
  panels:
${IB_BUFFERS.flatMap((b) =>
  [
    ['a', 32, 512],
    ['b', 1024, 8192],
  ].map(
    ([l, lo, hi]) =>
      `    - { label: ${l}, title: "${b} VL buffers", where: { workload.vlBuffer: ${b} }, from: ${lo}, to: ${hi} }`,
  ),
).join('\n')}
quick:
  base:
    network: { topology: "ibmesh:8x8" }
  axes:
    - { path: workload.vlBuffer, label: "VL buffer model", values: [${IB_BUFFERS.join(', ')}] }
    - { path: workload.messageBytes, label: "message size (bytes)", values: [32, 512, 8192] }
  seeds: [${ibSeeds(f, true).join(', ')}]
`;
}

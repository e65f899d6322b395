import type { Timing } from '../../../src/engine/engine.js';
import type { Network } from '../../../src/engine/network.js';
import { ibCreditSwitch } from '../../../src/ib/credit.js';
import { ibNetwork } from '../../../src/ib/fabric.js';
import { xyLft } from '../../../src/ib/lft.js';
import { mftUnion } from '../../../src/ib/mft.js';
import { withSlots } from '../../../src/ib/slots.js';
import { mftWorm } from '../../../src/ib/tree.js';
import type { VlPolicy } from '../../../src/ib/vl.js';
import type { WormSpec } from '../../../src/plan/worm.js';
import { type ROUTER_MODELS, routerModel } from '../../../src/router/registry.js';
import type { IbaMesh } from '../../../src/topology/ibmesh.js';
import { defaultVcs, parseTopology } from '../../../src/topology/registry.js';
import type { Topology } from '../../../src/topology/topology.js';
import { makeNet, PAPER_TIMING, SWITCH_002_OPTIONS, SWITCH_002_TIMING } from '../harness.js';

/**
 * The cases of the shortcut-equivalence test (equivalence.test.ts): small networks of every
 * registered topology kind, and every registered switch model with the options its experiments
 * run it with. Both tables must name every registered kind and model (the test checks), so a kind
 * or model added later fails that test until it is listed here.
 */

/** The longest packet of the test's traffic, in flits: buffers of whole-packet models hold it. */
export const MAX_LENGTH = 12;

export interface KindCase {
  /** Small networks of the kind. */
  readonly specs: readonly string[];
  /**
   * A multicast the kind has beyond the registered schemes (003's IB multicast: one tree worm by
   * the source's MFT, src/ib/tree.ts), or undefined where it sends none.
   */
  hardware?(topo: Topology, source: number, dests: readonly number[], length: number): WormSpec | undefined;
}

/** Small sizes of every topology kind (src/topology/registry.ts TOPOLOGIES). */
export const KINDS: Readonly<Record<string, KindCase>> = {
  mesh: { specs: ['mesh:4x4', 'mesh:6x5', 'mesh:3x3x2'] },
  torus: { specs: ['torus:4x4', 'torus:6x5'] },
  // Mixed wrap-around: a torus dimension beside a mesh one.
  kary: { specs: ['kary:4tx3', 'kary:3x3tx2'] },
  ccc: { specs: ['ccc:3', 'ccc:4'] },
  fattree: { specs: ['fattree:16'] },
  ibmesh: {
    specs: ['ibmesh:4x3', 'ibmesh:3x3'],
    hardware(topo, source, dests, length) {
      const t = topo as IbaMesh;
      return mftWorm(t, mftUnion(t, xyLft(t), source, dests), length);
    },
  },
};

/** The unit shortcuts of the link stage (unit-worms.ts), which work only where links are plain. */
export type Unit = 'streams' | 'packed' | 'drainLines';

/** A case's drawn sizes, each model taking what it uses. */
export interface Sizes {
  /** 1..4 */
  depth: number;
  /** 1..2 */
  injection: number;
  /** 1..3 */
  consumption: number;
  /** Any natural number, for a model's own choices. */
  pick: number;
}

export interface SwitchCase {
  readonly label: string;
  readonly model: (typeof ROUTER_MODELS)[number];
  readonly timing: Timing;
  /**
   * The unit shortcuts its runs use (the test requires some runs to use each, and none to use the
   * others): streams, packed worms and drain lines only run where links are plain (engine.ts
   * plainLinks), which shared buffers, per-flit gates and whole-packet links are not.
   */
  readonly units: readonly Unit[];
  /** Its network on `spec` for a case's sizes. */
  net(spec: string, z: Sizes): Network;
}

/**
 * Cycles without a move that end a run as deadlocked. Shorter than the experiments' (500, 5,000):
 * the runs of the default cases that finish go at most 30 cycles without a move, and runs that
 * deadlock (FIFO switches on rings, whose VCs are then slots of one queue and break no cycle) end
 * sooner. A run stopped early is still compared: every variant must stop in the same cycle.
 */
const DEADLOCK_CYCLES = 100;
/** 000's timing (PAPER_TIMING). */
const TIMING_000: Timing = { ...PAPER_TIMING, deadlockCycles: DEADLOCK_CYCLES };
/** 002's switches on 002's parameters (SWITCH_002_OPTIONS, SWITCH_002_TIMING). */
const TIMING_002: Timing = { ...TIMING_000, ...SWITCH_002_TIMING };
/** 003's IB runs: 1 cycle to route at a switch, no start-up (src/ib/collective.ts). */
const TIMING_IB: Timing = {
  routingDelay: 1,
  routingDelayModified: 1,
  startup: 0,
  startupSubsequent: 0,
  deadlockCycles: DEADLOCK_CYCLES,
};

/**
 * 002's switches: input FIFOs that hold the longest packet (002 sec. 5), as many packet slots per
 * input as a channel has VCs (1 to 3 here, at least the routing's), and the processor's port with
 * as many (injection channels = VCs, 002 sec. 4.1).
 */
function net002(spec: string, z: Sizes): Network {
  const vcs = defaultVcs(parseTopology(spec)).map((v) => Math.max(v, 1 + (z.pick % 3)));
  return makeNet(spec, {
    bufferDepth: MAX_LENGTH * z.depth,
    vcs,
    injection: Math.max(...vcs),
    consumption: z.consumption,
    switchOptions: SWITCH_002_OPTIONS,
  });
}

const IB_POLICIES: readonly [VlPolicy, number][] = [
  ['1vl', 1],
  ['shared', 2],
  ['dedicated', 2],
  ['shared', 4],
];

/**
 * 003's fabric on an IB mesh (src/ib/fabric.ts): a VL policy with its VLs, buffers of one packet
 * per VL (or `slots` packets in credit mode); other kinds get one-packet buffers of the drawn
 * channel counts.
 */
function ibNet(spec: string, z: Sizes, slots: number): Network {
  const topo = parseTopology(spec);
  if (topo.kind !== 'ibmesh') {
    // A host link has no more VLs than a switch link (as on an IB mesh): its VL FIFOs are counted
    // among the links' (ibCreditSwitch).
    const injection = Math.min(z.injection, ...defaultVcs(topo));
    return withSlots(
      makeNet(spec, { bufferDepth: MAX_LENGTH, injection, consumption: z.consumption }),
      slots,
    );
  }
  const [policy, vls] = IB_POLICIES[z.pick % IB_POLICIES.length]!;
  return ibNetwork(topo as IbaMesh, { policy, vls, length: MAX_LENGTH, creditSlots: slots });
}

/** Every registered switch model, some in more than one configuration. */
export const SWITCHES: readonly SwitchCase[] = [
  {
    label: 'wormhole',
    model: routerModel('wormhole'),
    timing: TIMING_000,
    units: ['streams', 'packed', 'drainLines'],
    net: (spec, z) =>
      makeNet(spec, { bufferDepth: z.depth, injection: z.injection, consumption: z.consumption }),
  },
  {
    label: 'vct',
    model: routerModel('vct'),
    timing: TIMING_000,
    // Whole packets fit one buffer: no worm spans full buffers to be packed or drained.
    units: ['streams'],
    net: (spec, z) =>
      makeNet(spec, { bufferDepth: MAX_LENGTH, injection: z.injection, consumption: z.consumption }),
  },
  {
    label: 'input-fifo',
    model: routerModel('input-fifo'),
    timing: TIMING_000,
    units: [],
    net: (spec, z) =>
      makeNet(spec, { bufferDepth: z.depth * 3, injection: z.injection, consumption: z.consumption }),
  },
  { label: 'input-fifo 002', model: routerModel('input-fifo'), timing: TIMING_002, units: [], net: net002 },
  {
    label: 'central-buffer 002',
    model: routerModel('central-buffer'),
    timing: TIMING_002,
    units: [],
    net: net002,
  },
  {
    label: 'ib',
    model: routerModel('ib'),
    timing: TIMING_IB,
    units: [],
    net: (spec, z) => ibNet(spec, z, 1),
  },
  {
    label: 'ib credit 2',
    model: ibCreditSwitch(2),
    timing: TIMING_IB,
    units: [],
    net: (spec, z) => ibNet(spec, z, 2),
  },
];

import assert from 'node:assert/strict';
import { Engine, type EngineOptions, type Timing } from '../../src/engine/engine.js';
import type { MessageState } from '../../src/engine/message.js';
import { buildNetwork, type Network, type SwitchOptions } from '../../src/engine/network.js';
import { unicastWorm, type WormSpec } from '../../src/plan/worm.js';
import { routerModel } from '../../src/router/registry.js';
import { buildRouting, defaultRoutingName } from '../../src/routing/registry.js';
import { defaultVcs, parseTopology } from '../../src/topology/registry.js';

export const PAPER_TIMING: Timing = {
  routingDelay: 2,
  routingDelayModified: 3,
  startup: 33,
  startupSubsequent: 8,
  deadlockCycles: 500,
};

/** 002 sec. 7.1's switch parameters: 8-flit chunks, 7 cycles to deserialise, 256 chunks, 64-flit FIFOs. */
export const SWITCH_002_OPTIONS: SwitchOptions = {
  chunkFlits: 8,
  chunkDelay: 7,
  centralBufferChunks: 256,
  inputFifoFlits: 64,
  organisation: 'chunk-crossbar',
  acceptDeadlock: false,
};
// routingDelay 6 + the link = 7 cycles per switch; startup 1 = the processor's link into its leaf.
export const SWITCH_002_TIMING = {
  routingDelay: 6,
  routingDelayModified: 6,
  startup: 1,
  startupSubsequent: 0,
};

/**
 * Lone-worm routes on an 8x8 mesh the unit tests walk (sleep, packed): along a row, corner to
 * corner, and back against both dimensions.
 */
export const LONE_ROUTES = [
  ['0,0', '7,0'],
  ['0,0', '7,7'],
  ['5,6', '1,2'],
] as const;

export interface NetOpts {
  routing?: string;
  vcs?: number[];
  bufferDepth?: number;
  injection?: number;
  consumption?: number;
  /** Link latency and credit delay of every network channel (default 1 and 0). */
  latency?: number;
  creditDelay?: number;
  switching?: string;
  timing?: Partial<Timing>;
  /** The link stage's shortcuts (all on by default). */
  engine?: EngineOptions;
  /** 002's switch parameters (network.switchOptions). */
  switchOptions?: SwitchOptions;
}

export function makeNet(spec: string, o: NetOpts = {}): Network {
  const topo = parseTopology(spec);
  const vcs = o.vcs ?? defaultVcs(topo);
  const rf = buildRouting(topo, o.routing ?? defaultRoutingName(topo), vcs);
  return buildNetwork(topo, rf, {
    vcsPerClass: vcs,
    bufferDepth: o.bufferDepth ?? 1,
    injectionChannels: o.injection ?? 1,
    consumptionChannels: o.consumption ?? 1,
    // Worms that name another routing (dual-path's label routing, TASNEM's tree routing) find it.
    routingByName: (name) => buildRouting(topo, name, vcs),
    linkLatency: topo.channelClasses.map(() => o.latency ?? 1),
    linkCreditDelay: topo.channelClasses.map(() => o.creditDelay ?? 0),
    switchOptions: o.switchOptions,
  });
}

export interface Submitted {
  at: number;
  source: number;
  worms: WormSpec[];
}

/** Runs a fixed set of messages to completion (or deadlock, which throws) and returns them finished. */
export function runMessages(net: Network, msgs: Submitted[], o: NetOpts = {}, check?: (e: Engine) => void) {
  const done: MessageState[] = [];
  const e = new Engine(
    net,
    routerModel(o.switching ?? 'wormhole'),
    { ...PAPER_TIMING, ...o.timing },
    {
      onMessageDone: (m) => done.push(m),
    },
    o.engine,
  );
  // Submit in creation order (a node's processor serves phases in that order); return in input order.
  const all: MessageState[] = new Array(msgs.length);
  const order = msgs.map((_, i) => i).sort((a, b) => msgs[a]!.at - msgs[b]!.at || a - b);
  for (const i of order) {
    const m = msgs[i]!;
    const st = e.newMessage(m.source, m.at, 'test', true, m.worms[0]!.length);
    all[i] = st;
    e.startPhase(m.source, m.worms, m.at, st);
  }
  let guard = 0;
  while (e.liveMessages > 0) {
    if (e.idle) e.skipIdle(Number.MAX_SAFE_INTEGER);
    e.step();
    check?.(e);
    if (++guard > 5_000_000) throw new Error('runMessages: no progress');
  }
  return { engine: e, messages: all, finishedOrder: done };
}

/**
 * Unicasts of `length` flits between named nodes of net's topology ([source, destination, cycle]).
 */
export function unicasts(net: Network, worms: [string, string, number][], length = 20): Submitted[] {
  const t = net.topology;
  return worms.map(([from, to, at]) => {
    const s = t.parseNode(from);
    return { at, source: s, worms: [unicastWorm(s, t.parseNode(to), length)] };
  });
}

/**
 * Runs msgs with every link-stage shortcut on, checking the engine's invariants after each cycle
 * (and calling `each`), and again with the shortcuts `off` names off: the deliveries and the
 * flit-hops must be the same. Returns the run with them on.
 */
export function runShortcutOnOff(
  net: Network,
  msgs: Submitted[],
  off: EngineOptions,
  each?: (e: Engine) => void,
) {
  const on = runMessages(net, msgs, {}, (e) => {
    const bad = e.checkInvariants();
    if (bad) throw new Error(bad);
    each?.(e);
  });
  const plain = runMessages(net, msgs, { engine: off });
  assert.deepEqual(
    on.messages.map((m) => m.deliveries),
    plain.messages.map((m) => m.deliveries),
  );
  assert.equal(on.engine.flitHops, plain.engine.flitHops);
  return on;
}

/** Latency of a message: last tail arrival minus creation. */
export function latencyOf(m: MessageState): number {
  return Math.max(...m.deliveries.map((d) => d.tail)) - m.created;
}

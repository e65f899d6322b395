import type { RoutingFunction } from '../routing/routing.js';
import type { Topology } from '../topology/topology.js';
import { McsimError } from '../util/errors.js';
import { layoutBuffers } from './buffer-layout.js';

/** What a buffer is: an input VC of a network channel, an injection channel, or a consumption channel. */
export const BUF_NET = 0;
export const BUF_INJ = 1;
export const BUF_SINK = 2;

/** Capacity given to consumption channels: the processor takes every flit at once. */
export const SINK_CAPACITY = 0x3fffffff;

export interface NetworkOptions {
  /** Resolves routing functions named by worms that do not follow the network's own routing. */
  routingByName?: (name: string) => RoutingFunction;
  /** Virtual channels per physical channel, per topology channel class. */
  vcsPerClass: readonly number[];
  /** Flits per VC buffer. */
  bufferDepth: number;
  injectionChannels: number;
  consumptionChannels: number;
  /** Cycles a flit spends on a network channel, per channel class (default 1). */
  linkLatency?: readonly number[];
  /** Cycles until a freed slot is seen upstream, per channel class (default 0: the same cycle). */
  linkCreditDelay?: readonly number[];
  /** Parameters of 002's switch models (network.switchOptions), read by those models only. */
  switchOptions?: SwitchOptions;
}

/** 002's switch parameters (config network.switchOptions, resolved). */
export interface SwitchOptions {
  chunkFlits: number;
  chunkDelay: number;
  centralBufferChunks: number;
  inputFifoFlits: number;
  multicastReserveChunks?: number | undefined;
  organisation: 'chunk-crossbar' | 'register-staircase' | 'split-ram';
  acceptDeadlock: boolean;
}

/**
 * The flat, integer-indexed form of a network the engine runs on. Every unidirectional physical
 * channel (network, injection, consumption) has an id `pc`; every place a flit can wait has a buffer
 * id. A network channel's VCs are the contiguous buffers pcFirstBuf[pc] .. +pcVcs[pc]-1, held at the
 * downstream router; injection channels are 1-VC channels from a processor into its router;
 * consumption channels are 1-VC channels from a router into its processor (sinks).
 */
export interface Network {
  readonly topology: Topology;
  readonly routing: RoutingFunction;
  /** 002's switch parameters when the config gives them (network.switchOptions). */
  readonly switchOptions?: SwitchOptions | undefined;
  /** Routing function of a given name on this network (worms may name their own). */
  routingByName(name: string): RoutingFunction;
  /** End nodes (processors / host adapters); each has its injection and consumption channels. */
  readonly numNodes: number;
  /** Switches (routers); on direct networks one per end node, with the same id. */
  readonly numSwitches: number;
  readonly numPorts: number;
  /** Switch and port each end node is attached to (port -1: a direct network's local port). */
  readonly nodeSwitch: Int32Array;
  readonly nodePort: Int32Array;
  /** Network channels are pc 0..numNetChannels-1. */
  readonly numNetChannels: number;
  readonly numChannels: number;
  readonly numBuffers: number;
  /** Channel id on port p of switch r (index r*numPorts+p), -1 when the port has no channel. */
  readonly portChannel: Int32Array;
  /** Per physical channel. */
  readonly pcSrc: Int32Array;
  readonly pcDst: Int32Array;
  readonly pcPort: Int32Array;
  readonly pcFirstBuf: Int32Array;
  readonly pcVcs: Int32Array;
  /** Wire latency in cycles (1 on injection and consumption channels). */
  readonly pcLatency: Int32Array;
  /** Credit delay in cycles (0 on injection and consumption channels). */
  readonly pcCreditDelay: Int32Array;
  /** Largest latency and credit delay of any channel: 1 and 0 let the engine skip their book-keeping. */
  readonly maxLatency: number;
  readonly maxCreditDelay: number;
  /** Per buffer. */
  readonly bufRouter: Int32Array;
  readonly bufPc: Int32Array;
  readonly bufVc: Int32Array;
  readonly bufKind: Uint8Array;
  readonly bufCap: Int32Array;
  /** First injection / consumption buffer of node n, and how many each node has. */
  readonly injFirst: Int32Array;
  readonly sinkFirst: Int32Array;
  readonly injPerNode: number;
  readonly sinkPerNode: number;
}

export function buildNetwork(topology: Topology, routing: RoutingFunction, opts: NetworkOptions): Network {
  const N = topology.numNodes;
  const S = topology.numSwitches;
  const P = topology.numPorts;
  if (!Number.isInteger(opts.bufferDepth) || opts.bufferDepth < 1)
    throw new McsimError(`must be a positive integer, got ${opts.bufferDepth}`, 'network.bufferDepth');
  for (const [name, v] of [
    ['network.injectionChannels', opts.injectionChannels],
    ['network.consumptionChannels', opts.consumptionChannels],
  ] as const) {
    if (!Number.isInteger(v) || v < 1) throw new McsimError(`must be a positive integer, got ${v}`, name);
  }
  const portChannel = new Int32Array(S * P).fill(-1);
  const src: number[] = [];
  const dst: number[] = [];
  const port: number[] = [];
  const vcs: number[] = [];
  const lat: number[] = [];
  const cred: number[] = [];
  for (let r = 0; r < S; r++) {
    for (let p = 0; p < P; p++) {
      const nb = topology.neighbor(r, p);
      if (nb < 0) continue;
      const v = opts.vcsPerClass[topology.portClass(r, p)];
      if (v === undefined || !Number.isInteger(v) || v < 1 || v > 24)
        throw new McsimError(
          `channel class "${topology.channelClasses[topology.portClass(r, p)]}" needs 1..24 virtual channels, got ${v}`,
          'network.vcs',
        );
      portChannel[r * P + p] = src.length;
      src.push(r);
      dst.push(nb);
      port.push(p);
      vcs.push(v);
      lat.push(opts.linkLatency?.[topology.portClass(r, p)] ?? 1);
      cred.push(opts.linkCreditDelay?.[topology.portClass(r, p)] ?? 0);
    }
  }
  const numNet = src.length;
  const I = opts.injectionChannels;
  const C = opts.consumptionChannels;
  const nodeSwitch = new Int32Array(N);
  const nodePort = new Int32Array(N);
  for (let n = 0; n < N; n++) {
    nodeSwitch[n] = topology.nodeSwitch(n);
    nodePort[n] = topology.nodePort(n);
  }
  const layout = layoutBuffers(
    { src, dst, port, vcs, latency: lat, creditDelay: cred },
    { numNodes: N, injection: I, consumption: C, nodeSwitch, nodePort },
    () => ({ kind: BUF_NET, cap: opts.bufferDepth }),
    () => ({ kind: BUF_INJ, cap: opts.bufferDepth }),
    () => ({ kind: BUF_SINK, cap: SINK_CAPACITY }),
  );
  const other = new Map<string, RoutingFunction>([[routing.name, routing]]);
  const routingByName = (name: string): RoutingFunction => {
    let rf = other.get(name);
    if (!rf) {
      if (!opts.routingByName)
        throw new McsimError(`worm routing "${name}" is not available on this network`);
      rf = opts.routingByName(name);
      other.set(name, rf);
    }
    return rf;
  };
  return {
    topology,
    routing,
    switchOptions: opts.switchOptions,
    routingByName,
    numNodes: N,
    numSwitches: S,
    numPorts: P,
    nodeSwitch,
    nodePort,
    numNetChannels: numNet,
    portChannel,
    ...layout,
    maxLatency: lat.reduce((a, x) => Math.max(a, x), 1),
    maxCreditDelay: cred.reduce((a, x) => Math.max(a, x), 0),
    injPerNode: I,
    sinkPerNode: C,
  };
}

/** Human-readable name of a buffer for reports: the channel it belongs to and its VC. */
export function describeBuffer(net: Network, b: number): string {
  const t = net.topology;
  const pc = net.bufPc[b]!;
  switch (net.bufKind[b]) {
    case BUF_INJ: {
      const n = net.pcSrc[pc]!;
      return `injection channel ${b - net.injFirst[n]!} of node ${t.formatNode(n)}`;
    }
    case BUF_SINK: {
      const n = net.pcSrc[pc]!;
      return `consumption channel ${b - net.sinkFirst[n]!} of node ${t.formatNode(n)}`;
    }
    default: {
      const from = net.pcSrc[pc]!;
      const port = net.pcPort[pc]!;
      const vc = net.routing.vcName(from, port, net.bufVc[b]!);
      const to = net.bufRouter[b]!;
      const inPort = inputPort(net, pc);
      const at = inPort < 0 ? '' : `, input port ${t.portName(inPort)} of switch ${t.formatSwitch(to)}`;
      return `VC ${vc} of channel ${t.formatSwitch(from)} -> ${t.formatSwitch(to)} (${t.portName(port)})${at}`;
    }
  }
}

/** The port of its downstream switch that network channel pc arrives on (-1 when none leads back). */
export function inputPort(net: Network, pc: number): number {
  const t = net.topology;
  const src = net.pcSrc[pc]!;
  const dst = net.pcDst[pc]!;
  for (let q = 0; q < t.numPorts; q++) if (t.neighbor(dst, q) === src) return q;
  return -1;
}

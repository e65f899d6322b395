/**
 * The trace format (docs/trace.md): JSON Lines, one header line, one line per worm, one end line.
 * Pure data types; the viewer reads these and nothing else of the simulator.
 */
export const TRACE_FORMAT = 'mcsim-trace';
export const TRACE_VERSION = 1;

/** One unidirectional channel: a network channel, or a node's injection or consumption channel. */
export interface TraceChannel {
  kind: 'net' | 'inj' | 'sink';
  /**
   * Node ids (indices into `nodes`); an injection or consumption channel has from === to. On a
   * switch-based network (the header has `switches`) a network channel's ends are switch ids.
   */
  from: number;
  to: number;
  /** Port name of a network channel at `from` (e.g. 'x+', 'cube'); '' otherwise. */
  port: string;
  vcs: number;
  /** True for a torus wrap-around channel (it joins the two ends of a ring). */
  wrap?: boolean;
}

export interface TraceHeader {
  type: 'header';
  format: typeof TRACE_FORMAT;
  version: number;
  topology: { spec: string; kind: string; dims: number[] };
  /** Node labels as the CLI writes them ('x,y', 'i,w'), by node id. */
  nodes: string[];
  /** Coordinates of every node, by node id (topology.coords). */
  coords: number[][];
  /**
   * Switch-based networks only (fat trees, InfiniBand meshes): the switches, by switch id, with a
   * placement hint (fat tree: [level, index]; mesh of switches: [x, y]), and the switch each end
   * node is attached to. Absent on direct networks, where node ids name the routers too.
   */
  switches?: { names: string[]; hints: number[][]; ofNode: number[] };
  /** Channels by id; hops name channels by these ids. */
  channels: TraceChannel[];
  /** Flits per VC buffer. */
  bufferDepth: number;
  /** Cycles shown: the window asked for, or [0, end of run]. */
  window?: [number, number];
  /** What the trace came from: 'run' (a config) or 'plan' (one multicast). */
  source: { kind: 'run' | 'plan'; description: string };
}

/** A stop of a worm's header (branches flattened in header order). */
export interface TraceStop {
  node: number;
  service: string;
  /**
   * A replication point at a switch level (fat trees: 002's bit-string worms, sec. 3.2-3.3): the
   * stop is taken at the first switch of this level the worm reaches on its way toward `node`, not
   * at `node`. Absent for a stop at its node.
   */
  level?: number;
}

/**
 * One hop: the worm held VC `vc` of channel `channel` (for injection and consumption channels,
 * which of the node's channels). `head` and `tail`: cycles its header and tail flit entered the
 * buffer (crossed the channel); `free`: cycle its tail left the buffer on every branch (-1 = never,
 * the run ended first; `tail` is -1 while the tail has not arrived). `up`: index of the hop the
 * flits came from (-1 for the injection hop), so replicated branches form a tree.
 */
export type TraceHop = [channel: number, vc: number, head: number, tail: number, free: number, up: number];

export interface TraceWorm {
  type: 'worm';
  /** Trace-wide worm id, in order of injection. */
  worm: number;
  message: number;
  tag: string;
  /** Start-up phase within its message: 1 for the source's worms, +1 per retransmission. */
  phase: number;
  source: number;
  length: number;
  stops: TraceStop[];
  hops: TraceHop[];
}

/** What a worm blocked at a deadlock waits for, and who holds it. */
export interface TraceWait {
  worm: number;
  message: number;
  /** Channel ids it waits for a VC of (consumption channels of a node: their ids). */
  channels: number[];
  /** Worms holding those VCs. */
  heldBy: number[];
}

export interface TraceEnd {
  type: 'end';
  /** Last cycle simulated. */
  cycle: number;
  outcome: 'complete' | 'deadlock' | 'unfinished';
  deadlock?: { cycle: number; text: string; waits: TraceWait[]; cycleOfWaits: number[] };
}

export type TraceLine = TraceHeader | TraceWorm | TraceEnd;

/** A whole trace in memory. */
export interface Trace {
  header: TraceHeader;
  worms: TraceWorm[];
  end: TraceEnd;
}

/** Splits parsed lines into a Trace; throws Error naming what is missing. */
export function assembleTrace(lines: readonly TraceLine[]): Trace {
  const header = lines.find((l): l is TraceHeader => l.type === 'header');
  const end = lines.find((l): l is TraceEnd => l.type === 'end');
  if (!header || header.format !== TRACE_FORMAT) throw new Error('not an mcsim trace: no header line');
  if (!end) throw new Error('the trace has no end line (the run did not finish writing it)');
  const worms = lines.filter((l): l is TraceWorm => l.type === 'worm');
  return { header, worms, end };
}

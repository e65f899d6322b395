import {
  F_ABSORB,
  F_FORWARD,
  F_RETRANSMIT,
  F_TEMP,
  SERVICE_FLAGS,
  type StopSpec,
  type WormSpec,
} from '../plan/worm.js';
import { McsimError } from '../util/errors.js';

/**
 * A worm's header flattened into arrays: the engine walks stops by index. Stops form a tree whose
 * root is stop 0 (the first target); `children` of a stop are the stops the worm goes on to after
 * it (the next stop of a path worm, or the first stop of each branch of a tree worm).
 */
export interface CompiledWorm {
  readonly spec: WormSpec;
  readonly source: number;
  readonly length: number;
  readonly node: Int32Array;
  readonly flags: Uint8Array;
  /** Per stop: the switch level it is consumed at (StopSpec.level), 0 = at its node's switch. */
  readonly level: Uint8Array;
  readonly childStart: Int32Array;
  readonly childCount: Int32Array;
  readonly children: Int32Array;
  readonly retransmit: ReadonlyArray<WormSpec[] | undefined>;
  /** Number of stops that deliver (ABSORB flag). */
  readonly deliveries: number;
  /** Routing function name the worm follows, or undefined for the network's. */
  readonly routing: string | undefined;
}

// A worm of one stop has the same header shape every time; only the node and the service differ.
const LEVEL_0 = Uint8Array.of(0);
const ZERO = Int32Array.of(0);
const NONE = new Int32Array(0);
const NO_RETRANSMIT: ReadonlyArray<WormSpec[] | undefined> = [undefined];
/** The stop list [d] of a one-stop worm to node d, one shared array per node (never written). */
const STOP_NODES: Int32Array[] = [];
/** The flags [f] of a one-stop worm whose stop has flags f, one shared array per value (never written). */
const STOP_FLAGS: Uint8Array[] = [];
/** checkList's counts for a one-stop worm: read by no one, so one object serves every call. */
const ONE_STOP_SIZE = { stops: 0, children: 0 };

/**
 * Compiles a worm; throws McsimError when the header is inconsistent. Not cached: the engine
 * compiles each spec once, when it starts (a plan's worms, a stop's worms to retransmit), and a
 * WeakMap keyed by every multicast's specs cost 13-15% of a run of bit-string or TPM multicasts
 * in the collector's work on its entries.
 */
export function compileWorm(spec: WormSpec, numNodes: number): CompiledWorm {
  const stops = spec.stops;
  const s0 = stops.length === 1 ? stops[0]! : undefined;
  if (!Number.isInteger(spec.length) || spec.length < 1)
    throw new McsimError(`worm length must be a positive integer, got ${spec.length}`);
  if (!Number.isInteger(spec.source) || spec.source < 0 || spec.source >= numNodes)
    throw new McsimError(`worm source ${spec.source} is not a node (0..${numNodes - 1})`);
  if (s0 && !s0.branches && !s0.level) return oneStop(spec, s0, numNodes);
  // Two walks of the header in the same order: the first checks it and counts stops and children,
  // the second fills arrays of exactly that size (multicast schemes compile a worm per message).
  const size = { stops: 0, children: 0 };
  checkList(spec.stops, numNodes, size);
  const n = size.stops;
  const out: Filling = {
    node: new Int32Array(n),
    flags: new Uint8Array(n),
    level: new Uint8Array(n),
    childStart: new Int32Array(n),
    childCount: new Int32Array(n),
    children: new Int32Array(size.children),
    retransmit: new Array<WormSpec[] | undefined>(n).fill(undefined),
    stops: 0,
    childrenUsed: 0,
    deliveries: 0,
  };
  fillList(spec.stops, out);
  const cw: CompiledWorm = {
    spec,
    source: spec.source,
    length: spec.length,
    node: out.node,
    flags: out.flags,
    level: out.level,
    childStart: out.childStart,
    childCount: out.childCount,
    children: out.children,
    retransmit: out.retransmit,
    deliveries: out.deliveries,
    routing: spec.routing,
  };
  return cw;
}

/**
 * A worm of one stop at a node, checked: a unicast, which uniform traffic creates by the million,
 * or a unicast-based scheme's send (U-min, U-mesh, separate addressing), some with worms for the
 * recipient to retransmit. Its arrays are shared by every such worm with that node and service,
 * so it makes little garbage.
 */
function oneStop(spec: WormSpec, stop: StopSpec, numNodes: number): CompiledWorm {
  checkList(spec.stops, numNodes, ONE_STOP_SIZE);
  const f = SERVICE_FLAGS[stop.service];
  const d = stop.node;
  return {
    spec,
    source: spec.source,
    length: spec.length,
    node: STOP_NODES[d] ?? (STOP_NODES[d] = Int32Array.of(d)),
    flags: STOP_FLAGS[f] ?? (STOP_FLAGS[f] = Uint8Array.of(f)),
    level: LEVEL_0,
    childStart: ZERO,
    childCount: ZERO,
    children: NONE,
    retransmit: f & F_RETRANSMIT ? [stop.retransmit] : NO_RETRANSMIT,
    deliveries: f & F_ABSORB ? 1 : 0,
    routing: spec.routing,
  };
}

/**
 * Checks a list of stops (and, depth first, the branches of its last stop) and counts its stops
 * and their children. Stops are numbered in this order: a list's stops one after another, then
 * each branch of its last stop in turn.
 */
function checkList(list: StopSpec[], numNodes: number, size: { stops: number; children: number }): void {
  if (list.length === 0) throw new McsimError('a worm header (or one of its branches) has no stops');
  for (let i = 0; i < list.length; i++) {
    const stop = list[i]!;
    const f = SERVICE_FLAGS[stop.service];
    if (f === undefined) throw new McsimError(`unknown service "${stop.service}"`);
    if (!Number.isInteger(stop.node) || stop.node < 0 || stop.node >= numNodes)
      throw new McsimError(`stop node ${stop.node} is not a node (0..${numNodes - 1})`);
    const lv = stop.level ?? 0;
    if (!Number.isInteger(lv) || lv < 0 || lv > 255)
      throw new McsimError(`stop ${stop.node}: level must be an integer 0..255, got ${lv}`);
    if (lv > 0 && (stop.service !== 'FWD' || !stop.branches || stop.branches.length === 0))
      throw new McsimError(
        `stop ${stop.node}: a stop at a switch level (level ${lv}) must be a FWD stop with branches`,
      );
    size.stops++;
    if (f & F_RETRANSMIT) {
      if (!stop.retransmit || stop.retransmit.length === 0)
        throw new McsimError(`stop ${stop.node} has service ${stop.service} but nothing to retransmit`);
      if (!(f & (F_ABSORB | F_TEMP)))
        throw new McsimError(`stop ${stop.node}: retransmission needs the message absorbed first`);
      for (const w of stop.retransmit)
        if (w.source !== stop.node)
          throw new McsimError(
            `a worm retransmitted by node ${stop.node} must have it as source, got ${w.source}`,
          );
    } else if (stop.retransmit && stop.retransmit.length > 0) {
      throw new McsimError(
        `stop ${stop.node} lists worms to retransmit but its service ${stop.service} has no R`,
      );
    }
    const last = i === list.length - 1;
    if (!last && !(f & F_FORWARD))
      throw new McsimError(
        `stop ${stop.node} (${stop.service}) does not forward but is followed by another stop`,
      );
    if (stop.branches && stop.branches.length > 0) {
      if (!last)
        throw new McsimError(`stop ${stop.node}: branches are allowed only on the last stop of a list`);
      if (!(f & F_FORWARD))
        throw new McsimError(`stop ${stop.node} (${stop.service}) has branches but does not forward`);
      size.children += stop.branches.length;
      for (const br of stop.branches) checkList(br, numNodes, size);
    } else if (last && f & F_FORWARD) {
      throw new McsimError(`stop ${stop.node} (${stop.service}) forwards but no stop follows it`);
    }
    if (!last) size.children++;
  }
}

/** The arrays of a CompiledWorm being filled, and how far. */
interface Filling {
  node: Int32Array;
  flags: Uint8Array;
  level: Uint8Array;
  childStart: Int32Array;
  childCount: Int32Array;
  children: Int32Array;
  retransmit: (WormSpec[] | undefined)[];
  stops: number;
  childrenUsed: number;
  deliveries: number;
}

/**
 * Fills the stops of a checked list in checkList's order; returns the index of its first stop. A
 * stop's children are the next stop of its list, or the first stop of each branch; they are laid
 * out by stop index, so each stop's place among them is known when it is numbered.
 */
function fillList(list: StopSpec[], out: Filling): number {
  const first = out.stops;
  for (let i = 0; i < list.length; i++) {
    const stop = list[i]!;
    const idx = out.stops++;
    const f = SERVICE_FLAGS[stop.service];
    out.node[idx] = stop.node;
    out.flags[idx] = f;
    out.level[idx] = stop.level ?? 0;
    if (f & F_ABSORB) out.deliveries++;
    if (f & F_RETRANSMIT) out.retransmit[idx] = stop.retransmit;
    const at = out.childrenUsed;
    out.childStart[idx] = at;
    if (i < list.length - 1) {
      out.childCount[idx] = 1;
      out.childrenUsed++;
      out.children[at] = idx + 1;
    } else if (stop.branches && stop.branches.length > 0) {
      const k = stop.branches.length;
      out.childCount[idx] = k;
      out.childrenUsed += k;
      for (let j = 0; j < k; j++) out.children[at + j] = fillList(stop.branches[j]!, out);
    }
  }
  return first;
}

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

const cache = new WeakMap<WormSpec, CompiledWorm>();

// A plain unicast has the same header shape every time; only the node differs.
const UNICAST_FLAGS = Uint8Array.of(F_ABSORB);
const LEVEL_0 = Uint8Array.of(0);
const ZERO = Int32Array.of(0);
const NONE = new Int32Array(0);
const NO_RETRANSMIT: ReadonlyArray<WormSpec[] | undefined> = [undefined];
/** The stop list [d] of a unicast to node d, one shared array per node (never written). */
const UNICAST_NODES: Int32Array[] = [];

/** Compiles (and caches) a worm; throws McsimError when the header is inconsistent. */
export function compileWorm(spec: WormSpec, numNodes: number): CompiledWorm {
  const stops = spec.stops;
  if (stops.length === 1 && stops[0]!.service === 'ABS' && !stops[0]!.branches && !stops[0]!.retransmit) {
    // Fast path for unicasts, which uniform traffic creates by the million: no cache, little garbage.
    const d = stops[0]!.node;
    if (
      Number.isInteger(d) &&
      d >= 0 &&
      d < numNodes &&
      Number.isInteger(spec.source) &&
      spec.source >= 0 &&
      spec.source < numNodes &&
      Number.isInteger(spec.length) &&
      spec.length >= 1
    ) {
      return {
        spec,
        source: spec.source,
        length: spec.length,
        node: UNICAST_NODES[d] ?? (UNICAST_NODES[d] = Int32Array.of(d)),
        flags: UNICAST_FLAGS,
        level: LEVEL_0,
        childStart: ZERO,
        childCount: ZERO,
        children: NONE,
        retransmit: NO_RETRANSMIT,
        deliveries: 1,
        routing: spec.routing,
      };
    }
  }
  const hit = cache.get(spec);
  if (hit) return hit;
  if (!Number.isInteger(spec.length) || spec.length < 1)
    throw new McsimError(`worm length must be a positive integer, got ${spec.length}`);
  if (!Number.isInteger(spec.source) || spec.source < 0 || spec.source >= numNodes)
    throw new McsimError(`worm source ${spec.source} is not a node (0..${numNodes - 1})`);
  const nodes: number[] = [];
  const flags: number[] = [];
  const levels: number[] = [];
  const kids: number[][] = [];
  const retx: (WormSpec[] | undefined)[] = [];
  let deliveries = 0;

  const addList = (list: StopSpec[]): number => {
    if (list.length === 0) throw new McsimError('a worm header (or one of its branches) has no stops');
    let first = -1;
    let prev = -1;
    list.forEach((stop, i) => {
      const idx = nodes.length;
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
      nodes.push(stop.node);
      flags.push(f);
      levels.push(lv);
      kids.push([]);
      retx.push(undefined);
      if (f & F_ABSORB) deliveries++;
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
        retx[idx] = stop.retransmit;
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
        const firsts = stop.branches.map((br) => addList(br));
        kids[idx]!.push(...firsts);
      } else if (last && f & F_FORWARD) {
        throw new McsimError(`stop ${stop.node} (${stop.service}) forwards but no stop follows it`);
      }
      if (prev >= 0) kids[prev]!.unshift(idx);
      if (first < 0) first = idx;
      prev = idx;
    });
    return first;
  };
  addList(spec.stops);

  const n = nodes.length;
  const childStart = new Int32Array(n);
  const childCount = new Int32Array(n);
  const children: number[] = [];
  for (let i = 0; i < n; i++) {
    childStart[i] = children.length;
    childCount[i] = kids[i]!.length;
    children.push(...kids[i]!);
  }
  const cw: CompiledWorm = {
    spec,
    source: spec.source,
    length: spec.length,
    node: Int32Array.from(nodes),
    flags: Uint8Array.from(flags),
    level: Uint8Array.from(levels),
    childStart,
    childCount,
    children: Int32Array.from(children),
    retransmit: retx,
    deliveries,
    routing: spec.routing,
  };
  cache.set(spec, cw);
  return cw;
}

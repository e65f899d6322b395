import type { Network } from '../engine/network.js';
import type { DeadlockReport } from '../engine/report.js';
import type { TraceWait } from './format.js';

/**
 * The wait-for relation of a deadlock, from the engine's report: for each blocked worm, the channels
 * it waits for and the worms holding them. `traceId` maps the report's engine worm ids to trace ids.
 */
export function waitsOf(net: Network, report: DeadlockReport, traceId: (w: number) => number): TraceWait[] {
  const topo = net.topology;
  const node = (s: string) => {
    try {
      return topo.parseNode(s);
    } catch {
      return -1;
    }
  };
  const out: TraceWait[] = [];
  for (const w of report.worms) {
    const channels: number[] = [];
    const heldBy: number[] = [];
    for (const x of w.waitsFor) {
      for (const m of x.matchAll(/held by message \d+ worm (\d+)/g)) heldBy.push(traceId(Number(m[1])));
      const sink = /^a consumption channel of node (\S+) \(/.exec(x);
      if (sink) {
        const n = node(sink[1]!);
        const first = net.numNetChannels + net.numNodes * net.injPerNode + n * net.sinkPerNode;
        if (n >= 0) for (let k = 0; k < net.sinkPerNode; k++) channels.push(first + k);
        continue;
      }
      const link = /^a VC of channel (\S+) -> (\S+) \(([^)]*)\)/.exec(x);
      if (link) {
        const a = node(link[1]!);
        const b = node(link[2]!);
        for (let c = 0; c < net.numNetChannels; c++)
          if (net.pcSrc[c] === a && net.pcDst[c] === b && topo.portName(net.pcPort[c]!) === link[3])
            channels.push(c);
      }
    }
    out.push({ worm: traceId(w.worm), message: w.message, channels, heldBy: [...new Set(heldBy)] });
  }
  return out;
}

/** A cycle in the wait-for graph (worm ids, first repeated at the end is left out), or []. */
export function cycleOfWaits(waits: readonly TraceWait[]): number[] {
  const next = new Map(waits.map((w) => [w.worm, w.heldBy]));
  const state = new Map<number, 1 | 2>();
  const stack: number[] = [];
  const visit = (u: number): number[] | undefined => {
    state.set(u, 1);
    stack.push(u);
    for (const v of next.get(u) ?? []) {
      if (state.get(v) === 1) return stack.slice(stack.indexOf(v));
      if (!state.has(v)) {
        const c = visit(v);
        if (c) return c;
      }
    }
    stack.pop();
    state.set(u, 2);
    return undefined;
  };
  for (const w of [...next.keys()].sort((a, b) => a - b)) {
    if (state.has(w)) continue;
    const c = visit(w);
    if (c) return c;
  }
  return [];
}

import { BUF_INJ, type Network } from '../engine/network.js';
import { FatTree } from '../topology/fattree.js';
import { topologyDef } from '../topology/registry.js';
import type { Topology } from '../topology/topology.js';
import { TRACE_FORMAT, TRACE_VERSION, type TraceChannel, type TraceHeader } from './format.js';

/** The trace's header line: the network as the viewer needs it to draw, and where the trace came from. */
export function traceHeader(
  net: Network,
  bufferDepth: number,
  source: TraceHeader['source'],
  window?: [number, number],
): TraceHeader {
  const topo = net.topology;
  const coords = Array.from({ length: net.numNodes }, (_, n) => topo.coords(n));
  // On a switch-based network, network channels join switches, and the header says where they sit.
  const switched = topologyDef(topo).network !== 'direct';
  const channels: TraceChannel[] = [];
  for (let c = 0; c < net.numChannels; c++) {
    const from = net.pcSrc[c]!;
    const to = net.pcDst[c]!;
    if (c < net.numNetChannels) {
      const ch: TraceChannel = {
        kind: 'net',
        from,
        to,
        port: topo.portName(net.pcPort[c]!),
        vcs: net.pcVcs[c]!,
      };
      if (!switched && isWrap(topo.kind, coords[from]!, coords[to]!)) ch.wrap = true;
      channels.push(ch);
    } else {
      const kind = net.bufKind[net.pcFirstBuf[c]!] === BUF_INJ ? 'inj' : 'sink';
      channels.push({ kind, from, to, port: '', vcs: 1 });
    }
  }
  const h: TraceHeader = {
    type: 'header',
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    topology: { spec: topo.spec, kind: topo.kind, dims: [...topo.dims] },
    nodes: Array.from({ length: net.numNodes }, (_, n) => topo.formatNode(n)),
    coords,
    channels,
    bufferDepth,
    source,
  };
  if (switched)
    h.switches = {
      names: Array.from({ length: topo.numSwitches }, (_, g) => topo.formatSwitch(g)),
      hints: Array.from({ length: topo.numSwitches }, (_, g) => switchHint(topo, g)),
      ofNode: Array.from({ length: net.numNodes }, (_, n) => topo.nodeSwitch(n)),
    };
  if (window) h.window = window;
  return h;
}

/** Where a switch sits: [level, index] in a fat tree, the coordinates of its host elsewhere. */
function switchHint(topo: Topology, g: number): number[] {
  if (topo instanceof FatTree) return [topo.level(g), topo.index(g)];
  return topo.coords(topo.numSwitches === topo.numNodes ? g : 0);
}

/** A k-ary n-cube channel whose ends differ by more than one in a coordinate closes a ring. */
function isWrap(kind: string, a: readonly number[], b: readonly number[]): boolean {
  if (kind !== 'torus' && kind !== 'kary') return false;
  return a.some((x, i) => Math.abs(x - b[i]!) > 1);
}

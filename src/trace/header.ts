import { BUF_INJ, type Network } from '../engine/network.js';
import { topologyDef } from '../topology/registry.js';
import { McsimError } from '../util/errors.js';
import { TRACE_FORMAT, TRACE_VERSION, type TraceChannel, type TraceHeader } from './format.js';

/** The trace's header line: the network as the viewer needs it to draw, and where the trace came from. */
export function traceHeader(
  net: Network,
  bufferDepth: number,
  source: TraceHeader['source'],
  window?: [number, number],
): TraceHeader {
  const topo = net.topology;
  // Format version 1 names channels by end node, which only a direct network can do.
  if (topologyDef(topo).network !== 'direct')
    throw new McsimError(
      `traces and views of switch-based networks (${topo.spec}) are not supported yet: the trace format names channels by end node`,
      'network.topology',
    );
  const coords = Array.from({ length: net.numNodes }, (_, n) => topo.coords(n));
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
      if (isWrap(topo.kind, coords[from]!, coords[to]!)) ch.wrap = true;
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
  if (window) h.window = window;
  return h;
}

/** A k-ary n-cube channel whose ends differ by more than one in a coordinate closes a ring. */
function isWrap(kind: string, a: readonly number[], b: readonly number[]): boolean {
  if (kind !== 'torus' && kind !== 'kary') return false;
  return a.some((x, i) => Math.abs(x - b[i]!) > 1);
}

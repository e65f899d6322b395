/**
 * How a network's physical channels and buffers are numbered, in one place: the network channels
 * first, each with its VCs' buffers consecutive (VC v of channel c is buffer pcFirstBuf[c] + v);
 * then each node's injection channels, node by node; then each node's consumption channels. An
 * injection or consumption channel has one buffer; its pcSrc and pcDst name the end node, its
 * buffer's bufRouter the switch the node is attached to. `buildNetwork` lays out a network this
 * way, and 003's credit mode (src/ib/slots.ts) lays out the same network again with more buffers.
 */

/** The network channels to lay out, one entry per channel. */
export interface NetChannels {
  src: ArrayLike<number>;
  dst: ArrayLike<number>;
  port: ArrayLike<number>;
  vcs: ArrayLike<number>;
  latency: ArrayLike<number>;
  creditDelay: ArrayLike<number>;
}

/** A buffer's kind and capacity. */
export interface BufferSpec {
  kind: number;
  cap: number;
}

/** The end nodes' channels: per node, `injection` and `consumption` channels of one buffer each. */
export interface NodeChannels {
  numNodes: number;
  injection: number;
  consumption: number;
  nodeSwitch: ArrayLike<number>;
  nodePort: ArrayLike<number>;
}

/** The numbered arrays of a layout (see Network for their meaning). */
export interface BufferLayout {
  numChannels: number;
  numBuffers: number;
  pcSrc: Int32Array;
  pcDst: Int32Array;
  pcPort: Int32Array;
  pcFirstBuf: Int32Array;
  pcVcs: Int32Array;
  pcLatency: Int32Array;
  pcCreditDelay: Int32Array;
  bufRouter: Int32Array;
  bufPc: Int32Array;
  bufVc: Int32Array;
  bufKind: Uint8Array;
  bufCap: Int32Array;
  injFirst: Int32Array;
  sinkFirst: Int32Array;
}

/**
 * Lays out `net` channels and the nodes' channels. `netBuffer(c)` gives the kind and capacity of
 * channel c's buffers, `injBuffer(n)` and `sinkBuffer(n)` those of node n's injection and
 * consumption buffers.
 */
export function layoutBuffers(
  net: NetChannels,
  nodes: NodeChannels,
  netBuffer: (c: number) => BufferSpec,
  injBuffer: (n: number) => BufferSpec,
  sinkBuffer: (n: number) => BufferSpec,
): BufferLayout {
  const NC = net.src.length;
  const { numNodes: N, injection: I, consumption: C } = nodes;
  const numChannels = NC + N * I + N * C;
  const pcSrc = new Int32Array(numChannels);
  const pcDst = new Int32Array(numChannels);
  const pcPort = new Int32Array(numChannels).fill(-1);
  const pcFirstBuf = new Int32Array(numChannels);
  const pcVcs = new Int32Array(numChannels);
  const pcLatency = new Int32Array(numChannels).fill(1);
  const pcCreditDelay = new Int32Array(numChannels);
  let nb = 0;
  for (let c = 0; c < NC; c++) {
    pcSrc[c] = net.src[c]!;
    pcDst[c] = net.dst[c]!;
    pcPort[c] = net.port[c]!;
    pcFirstBuf[c] = nb;
    pcVcs[c] = net.vcs[c]!;
    pcLatency[c] = net.latency[c]!;
    pcCreditDelay[c] = net.creditDelay[c]!;
    nb += pcVcs[c]!;
  }
  const numBuffers = nb + N * I + N * C;
  const bufRouter = new Int32Array(numBuffers);
  const bufPc = new Int32Array(numBuffers);
  const bufVc = new Int32Array(numBuffers);
  const bufKind = new Uint8Array(numBuffers);
  const bufCap = new Int32Array(numBuffers);
  for (let c = 0; c < NC; c++) {
    const spec = netBuffer(c);
    for (let v = 0; v < pcVcs[c]!; v++) {
      const b = pcFirstBuf[c]! + v;
      bufRouter[b] = pcDst[c]!;
      bufPc[b] = c;
      bufVc[b] = v;
      bufKind[b] = spec.kind;
      bufCap[b] = spec.cap;
    }
  }
  const injFirst = new Int32Array(N);
  const sinkFirst = new Int32Array(N);
  let pc = NC;
  let b = nb;
  for (const [first, per, spec] of [
    [injFirst, I, injBuffer],
    [sinkFirst, C, sinkBuffer],
  ] as const)
    for (let n = 0; n < N; n++) {
      first[n] = b;
      const s = spec(n);
      for (let k = 0; k < per; k++, pc++, b++) {
        pcSrc[pc] = n;
        pcDst[pc] = n;
        pcPort[pc] = nodes.nodePort[n]!;
        pcFirstBuf[pc] = b;
        pcVcs[pc] = 1;
        bufRouter[b] = nodes.nodeSwitch[n]!;
        bufPc[b] = pc;
        bufKind[b] = s.kind;
        bufCap[b] = s.cap;
      }
    }
  return {
    numChannels,
    numBuffers,
    pcSrc,
    pcDst,
    pcPort,
    pcFirstBuf,
    pcVcs,
    pcLatency,
    pcCreditDelay,
    bufRouter,
    bufPc,
    bufVc,
    bufKind,
    bufCap,
    injFirst,
    sinkFirst,
  };
}

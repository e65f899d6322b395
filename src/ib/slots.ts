import { layoutBuffers } from '../engine/buffer-layout.js';
import type { Network } from '../engine/network.js';

/**
 * The network `net` with every VC of its network channels and every injection channel made `slots`
 * consecutive one-packet buffers: the `credit` mode's VL FIFOs (src/ib/credit.ts: VC = vl * slots +
 * i), as the flit engine runs them. The buffers are numbered as `buildNetwork` numbers a network
 * built with `slots` times the VCs and injection channels, without its limit of 24 VCs a channel
 * (the engine's route masks' limit, which runCollective reports in its own words). The packet-level
 * path keeps each VL FIFO in one buffer of the `packet` mode's network (credit-fifo.ts).
 */
export function withSlots(net: Network, slots: number): Network {
  if (slots === 1) return net;
  const NC = net.numNetChannels;
  const first = net.pcFirstBuf;
  const spec = (b: number) => ({ kind: net.bufKind[b]!, cap: net.bufCap[b]! });
  const layout = layoutBuffers(
    {
      src: net.pcSrc.subarray(0, NC),
      dst: net.pcDst.subarray(0, NC),
      port: net.pcPort.subarray(0, NC),
      vcs: net.pcVcs.subarray(0, NC).map((v) => v * slots),
      latency: net.pcLatency.subarray(0, NC),
      creditDelay: net.pcCreditDelay.subarray(0, NC),
    },
    {
      numNodes: net.numNodes,
      injection: net.injPerNode * slots,
      consumption: net.sinkPerNode,
      nodeSwitch: net.nodeSwitch,
      nodePort: net.nodePort,
    },
    (c) => spec(first[c]!),
    (n) => spec(net.injFirst[n]!),
    (n) => spec(net.sinkFirst[n]!),
  );
  return { ...net, ...layout, injPerNode: net.injPerNode * slots };
}

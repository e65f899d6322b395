import type { Network } from '../engine/network.js';

/**
 * The network `net` with every VC of its network channels and every injection channel made `slots`
 * consecutive one-packet buffers: the `credit` mode's VL FIFOs (notes sec. 1.7, src/ib/credit.ts:
 * VC = vl * slots + i). The buffers are numbered as `buildNetwork` numbers a network built with
 * `slots` times the VCs and injection channels, without its limit of 24 VCs a channel, which only
 * the flit engine's route masks need: the packet-level path runs FIFOs of any depth (an 8 KB VL
 * buffer holds 128 packets of 32 B).
 */
export function withSlots(net: Network, slots: number): Network {
  if (slots === 1) return net;
  const N = net.numNodes;
  const NC = net.numNetChannels;
  const I = net.injPerNode * slots;
  const C = net.sinkPerNode;
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
    pcSrc[c] = net.pcSrc[c]!;
    pcDst[c] = net.pcDst[c]!;
    pcPort[c] = net.pcPort[c]!;
    pcFirstBuf[c] = nb;
    pcVcs[c] = net.pcVcs[c]! * slots;
    pcLatency[c] = net.pcLatency[c]!;
    pcCreditDelay[c] = net.pcCreditDelay[c]!;
    nb += pcVcs[c]!;
  }
  const numBuffers = nb + N * I + N * C;
  const bufRouter = new Int32Array(numBuffers);
  const bufPc = new Int32Array(numBuffers);
  const bufVc = new Int32Array(numBuffers);
  const bufKind = new Uint8Array(numBuffers);
  const bufCap = new Int32Array(numBuffers);
  for (let c = 0; c < NC; c++) {
    const old = net.pcFirstBuf[c]!;
    for (let v = 0; v < pcVcs[c]!; v++) {
      const b = pcFirstBuf[c]! + v;
      bufRouter[b] = pcDst[c]!;
      bufPc[b] = c;
      bufVc[b] = v;
      bufKind[b] = net.bufKind[old]!;
      bufCap[b] = net.bufCap[old]!;
    }
  }
  const injFirst = new Int32Array(N);
  const sinkFirst = new Int32Array(N);
  let pc = NC;
  let b = nb;
  // Injection channels, then consumption channels, node by node (each one channel of one buffer).
  for (const [first, per, from] of [
    [injFirst, I, net.injFirst],
    [sinkFirst, C, net.sinkFirst],
  ] as const)
    for (let n = 0; n < N; n++) {
      first[n] = b;
      const old = from[n]!;
      for (let k = 0; k < per; k++, pc++, b++) {
        pcSrc[pc] = n;
        pcDst[pc] = n;
        pcPort[pc] = net.nodePort[n]!;
        pcFirstBuf[pc] = b;
        pcVcs[pc] = 1;
        bufRouter[b] = net.nodeSwitch[n]!;
        bufPc[b] = pc;
        bufKind[b] = net.bufKind[old]!;
        bufCap[b] = net.bufCap[old]!;
      }
    }
  return {
    ...net,
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
    injPerNode: I,
  };
}

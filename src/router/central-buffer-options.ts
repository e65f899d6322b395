import type { Network } from '../engine/network.js';
import { McsimError } from '../util/errors.js';
import { checkProcessorSlots } from './injection-queue.js';

// The central-buffer switch's options and the checks a configuration must pass before a run
// (central-buffer.ts).

/** The most ports a packet can be replicated to at one switch: the down ports of a tree, else all but one. */
export function maxFanout(net: Network): number {
  return net.topology.switchLevel ? net.numPorts / 2 : net.numPorts - 1;
}

/** The largest packet of the run each network was validated for (the multicast reserve follows it). */
export const largestPacket = new WeakMap<Network, number>();

/** The network's switch options, or the defaults of an engine built without them (002 sec. 7.1's switch). */
export function options(net: Network) {
  const o = net.switchOptions;
  return (
    o ?? {
      chunkFlits: 8,
      chunkDelay: 7,
      centralBufferChunks: 256,
      inputFifoFlits: 64,
      multicastReserveChunks: undefined,
      organisation: 'chunk-crossbar' as const,
      acceptDeadlock: false,
    }
  );
}

/**
 * Rejects a network and largest packet the central buffer cannot run: a replicated packet that
 * cannot fit (002 sec. 4.2.2), a multicast reserve beyond the buffer, input FIFOs smaller than a
 * header chunk, packet slots smaller than a packet, too few processor slots.
 */
export function validateCentralBuffer(net: Network, maxLen: number): void {
  largestPacket.set(net, maxLen);
  const o = options(net);
  const chunks = Math.ceil(maxLen / o.chunkFlits);
  const needMax = chunks + maxFanout(net) - 1;
  const reserve = o.multicastReserveChunks ?? Math.min(needMax, o.centralBufferChunks);
  const field = 'network.switchOptions';
  if (o.centralBufferChunks < needMax && !o.acceptDeadlock)
    throw new McsimError(
      `a central buffer of ${o.centralBufferChunks} chunks cannot hold the largest replicated packet (${needMax} chunks: ${chunks} of ${o.chunkFlits} flits and ${maxFanout(net) - 1} header copies, 002 sec. 4.2.2); set switchOptions.acceptDeadlock to run it anyway`,
      field,
    );
  if (reserve > o.centralBufferChunks)
    throw new McsimError(
      `the multicast reserve (${reserve} chunks) exceeds the central buffer (${o.centralBufferChunks} chunks)`,
      field,
    );
  if (o.inputFifoFlits < Math.min(o.chunkFlits, maxLen))
    throw new McsimError(`input FIFOs of ${o.inputFifoFlits} flits cannot hold a header chunk`, field);
  const b = net.numNetChannels > 0 ? net.pcFirstBuf[0]! : -1;
  if (b >= 0 && net.bufCap[b]! < maxLen)
    throw new McsimError(
      `central-buffer needs bufferDepth of at least the largest packet (${maxLen} flits): a packet keeps its slot while it sits in the central buffer (got ${net.bufCap[b]})`,
      'network.bufferDepth',
    );
  checkProcessorSlots(net, 'central-buffer');
}

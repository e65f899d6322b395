import type { SwitchModel } from '../engine/policy.js';
import { McsimError } from '../util/errors.js';

/**
 * The InfiniBand switch of 003 (docs/algorithms/ib-mcast.md, "VL buffers" and "Arbitration"),
 * `packet` buffer mode: virtual cut-through at packet granularity ("a packet will stay in a channel
 * (buffer) until the next required channel is free", 003 sec. 3); each virtual lane (VC) of a link
 * has its own receive buffer, which takes a packet only when all of it fits and holds one packet at
 * a time (credits per VL); a link sends whole packets, choosing among its VLs round-robin at packet
 * boundaries; a host adapter's injection channels are the VLs of one link. Replication (multicast)
 * is the engine's asynchronous one: each branch leaves when its own output is granted. The `credit`
 * buffer mode (a FIFO of credit blocks per VL) is `ibCreditSwitch` in src/ib/credit.ts, built on
 * this one.
 */
export const ibSwitch: SwitchModel = {
  name: 'ib',
  description:
    "InfiniBand switch of 003: VCT per virtual lane, one packet per VL buffer, whole-packet link arbitration, a node's injection channels share one host link",
  validate(net, maxLen) {
    for (let b = 0; b < net.numBuffers; b++)
      if (net.bufCap[b]! < maxLen)
        throw new McsimError(
          `an InfiniBand VL buffer must hold a whole packet (${maxLen} flits), got ${net.bufCap[b]}`,
          'network.bufferDepth',
        );
  },
  create(net) {
    const cap = net.bufCap;
    const { bufPc, pcSrc, injFirst } = net;
    return {
      // canInject picks the VL by the worm's SL.
      needs: ['wholePackets', 'injectChoice'],
      ordered: false,
      wholePackets: true,
      oneHostLink: true,
      canAllocate: (buf, length) => cap[buf]! >= length,
      // shared-sl (docs/algorithms/ib-mcast.md): a packet with an SL enters by its host link's VL
      // sl, waiting for it in order behind the packets before it; without one, any free VL (lowest
      // first).
      canInject: (buf, worm) => worm?.sl === undefined || buf - injFirst[pcSrc[bufPc[buf]!]!]! === worm.sl,
    };
  },
};

import type { SwitchModel } from '../engine/policy.js';
import { McsimError } from '../util/errors.js';

/**
 * Virtual cut-through: a packet advances only into a VC buffer that can hold all of it, so a blocked
 * packet is absorbed whole by the router where it blocks and never holds channels behind it.
 */
export const vctRouter: SwitchModel = {
  name: 'vct',
  description: 'virtual cut-through: a packet advances only into a VC where all of it fits',
  validate(net, maxLen) {
    for (let b = 0; b < net.numBuffers; b++) {
      if (net.bufCap[b]! < maxLen)
        throw new McsimError(
          `virtual cut-through needs VC buffers of at least the packet length (${maxLen} flits), got ${net.bufCap[b]}`,
          'network.bufferDepth',
        );
    }
  },
  create(net) {
    const cap = net.bufCap;
    return { ordered: false, canAllocate: (buf, length) => cap[buf]! >= length };
  },
};

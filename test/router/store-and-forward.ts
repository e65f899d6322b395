import type { SwitchModel } from '../../src/engine/policy.js';
import { McsimError } from '../../src/util/errors.js';

/**
 * Store-and-forward switching: a packet takes a buffer only where all of it fits, and its head may
 * request an output only once its tail has arrived, so a switch holds the whole packet before it
 * sends any of it on (docs/engine.md, "Extending the engine").
 */
export const storeAndForward: SwitchModel = {
  name: 'store-and-forward',
  description: 'store-and-forward: a packet leaves a switch only once all of it has arrived',
  validate(net, maxLength) {
    for (let b = 0; b < net.numBuffers; b++)
      if (net.bufCap[b]! < maxLength)
        throw new McsimError(
          `store-and-forward needs buffers of at least the packet length (${maxLength} flits), got ${net.bufCap[b]}`,
          'network.bufferDepth',
        );
  },
  create(net, view) {
    const cap = net.bufCap;
    return {
      // Heads wait on the model before they request (ordered, mayRequest).
      needs: ['orderedRequests'],
      ordered: true,
      canAllocate: (buf, length) => cap[buf]! >= length,
      mayRequest: (buf) => view.received(buf) === view.length(buf),
    };
  },
};

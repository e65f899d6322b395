import type { SwitchModel } from '../engine/policy.js';

/**
 * Wormhole switching with VC flow control (input-VC router): any free VC will do; the worm may
 * stretch over many routers, and each VC holds one worm until its tail has left.
 */
export const wormholeRouter: SwitchModel = {
  name: 'wormhole',
  description: 'wormhole switching with virtual-channel flow control: the input-VC router of 000',
  validate() {},
  create() {
    return { ordered: false, canAllocate: () => true };
  },
};

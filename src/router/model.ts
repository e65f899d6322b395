import type { Network } from '../engine/network.js';
import { McsimError } from '../util/errors.js';

/**
 * The router model: the policy part of a router that differs between switching techniques.
 * The engine owns buffers, VC allocation order and link arbitration; a model decides which free
 * VC buffers a worm may take. Central-buffer and input-FIFO switches (002 sec. 4-5) and InfiniBand
 * virtual lanes (003 sec. 3) plug in here with their own rules.
 */
export interface RouterModel {
  readonly name: string;
  readonly description: string;
  /** Rejects configurations the model cannot run (e.g. VCT with buffers shorter than packets). */
  validate(net: Network, maxPacketLength: number): void;
  /** May a worm of `length` flits be given the free buffer `buf` (its next VC)? */
  canAllocate(net: Network, buf: number, length: number): boolean;
}

/** Wormhole switching with VC flow control: any free VC will do; the worm may stretch over many routers. */
export const wormholeRouter: RouterModel = {
  name: 'wormhole',
  description: 'wormhole switching with virtual-channel flow control',
  validate() {},
  canAllocate() {
    return true;
  },
};

/**
 * Virtual cut-through: a packet advances only into a VC buffer that can hold all of it, so a blocked
 * packet is absorbed whole by the router where it blocks and never holds channels behind it.
 */
export const vctRouter: RouterModel = {
  name: 'vct',
  description: 'virtual cut-through: a packet takes a VC only where the whole packet fits',
  validate(net, maxLen) {
    for (let b = 0; b < net.numBuffers; b++) {
      if (net.bufCap[b]! < maxLen)
        throw new McsimError(
          `virtual cut-through needs VC buffers of at least the packet length (${maxLen} flits), got ${net.bufCap[b]}`,
          'network.bufferDepth',
        );
    }
  },
  canAllocate(net, buf, length) {
    return net.bufCap[buf]! >= length;
  },
};

export const ROUTER_MODELS: readonly RouterModel[] = [wormholeRouter, vctRouter];

export function routerModel(name: string): RouterModel {
  const m = ROUTER_MODELS.find((r) => r.name === name);
  if (!m)
    throw new McsimError(
      `unknown switching "${name}" (allowed: ${ROUTER_MODELS.map((r) => r.name).join(', ')})`,
      'network.switching',
    );
  return m;
}

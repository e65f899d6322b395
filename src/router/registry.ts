import type { SwitchModel } from '../engine/policy.js';
import { McsimError } from '../util/errors.js';
import { centralBufferSwitch } from './central-buffer.js';
import { ibSwitch } from './ib.js';
import { inputFifoSwitch } from './input-fifo.js';
import { vctRouter } from './vct.js';
import { wormholeRouter } from './wormhole.js';

/** Every switch model, registered in one place (`network.switching`). */
export const ROUTER_MODELS: readonly SwitchModel[] = [
  wormholeRouter,
  vctRouter,
  inputFifoSwitch,
  centralBufferSwitch,
  ibSwitch,
];

export function routerModel(name: string): SwitchModel {
  const m = ROUTER_MODELS.find((r) => r.name === name);
  if (!m)
    throw new McsimError(
      `unknown switching "${name}" (allowed: ${ROUTER_MODELS.map((r) => r.name).join(', ')})`,
      'network.switching',
    );
  return m;
}

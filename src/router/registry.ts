import type { SwitchModel } from '../engine/policy.js';
import { McsimError } from '../util/errors.js';
import { centralBufferSwitch } from './central-buffer.js';
import { ibSwitch } from './ib.js';
import { inputFifoSwitch } from './input-fifo.js';
import { vctRouter } from './vct.js';
import { wormholeRouter } from './wormhole.js';

const models: SwitchModel[] = [wormholeRouter, vctRouter, inputFifoSwitch, centralBufferSwitch, ibSwitch];

/** The names of the registered models, in registration order (the config's `network.switching` values). */
const names: string[] = models.map((m) => m.name);

/**
 * Every switch model (`network.switching`): the built-in ones, registered here, then any a program
 * adds with `registerSwitchModel`. The config schema's list of switch models and its description
 * read this (config/network-schema.ts).
 */
export const ROUTER_MODELS: readonly SwitchModel[] = models;

/** The registered models' names, a live list (grows with `registerSwitchModel`). */
export const SWITCH_MODEL_NAMES: readonly string[] = names;

/**
 * Adds a switch model, so that configs may name it in `network.switching` (docs/engine.md,
 * "Extending the engine"): an out-of-tree model is one module and this one call.
 */
export function registerSwitchModel(model: SwitchModel): void {
  if (names.includes(model.name))
    throw new McsimError(`a switch model named "${model.name}" is already registered`, 'network.switching');
  models.push(model);
  names.push(model.name);
}

export function routerModel(name: string): SwitchModel {
  const m = models.find((r) => r.name === name);
  if (!m)
    throw new McsimError(`unknown switching "${name}" (allowed: ${names.join(', ')})`, 'network.switching');
  return m;
}

/** The config field's description: each registered model's name and description. */
export function switchingDescription(): string {
  return `Switch model: ${models.map((m) => `'${m.name}' (${m.description})`).join(', ')}. Default 'wormhole'.`;
}

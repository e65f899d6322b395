import { Engine, type EngineOptions } from '../../../src/engine/engine.js';
import type { MessageState } from '../../../src/engine/message.js';
import type { Network } from '../../../src/engine/network.js';
import type { SwitchModel, SwitchPolicy } from '../../../src/engine/policy.js';
import { routerModel } from '../../../src/router/registry.js';
import { PAPER_TIMING, SWITCH_002_TIMING } from '../harness.js';

/**
 * Registered switch model `name` whose policy counts the calls of one of its hooks (`extra` set on
 * the policy too): how the tests of the shortcuts that spare a model's questions see them spared.
 */
export function counting(
  name: string,
  hook: 'canInject' | 'canAllocate',
  extra: Partial<SwitchPolicy> = {},
): { model: SwitchModel; calls: () => number } {
  const base = routerModel(name);
  let calls = 0;
  const model: SwitchModel = {
    ...base,
    create(net, view) {
      const policy = { ...base.create(net, view), ...extra };
      const ask = policy[hook]! as (...a: unknown[]) => boolean;
      policy[hook] = ((...a: unknown[]) => {
        calls++;
        return ask(...a);
      }) as never;
      return policy;
    },
  };
  return { model, calls: () => calls };
}

/**
 * An engine of `model` on `net` with 002's switch timing, and the list it fills as messages finish
 * ("id@cycle:node/tail,..."), to compare two runs cycle by cycle.
 */
export function recording(
  net: Network,
  model: SwitchModel,
  options: EngineOptions,
): { engine: Engine; done: string[] } {
  const done: string[] = [];
  const engine = new Engine(
    net,
    model,
    { ...PAPER_TIMING, ...SWITCH_002_TIMING },
    {
      onMessageDone: (m: MessageState) =>
        done.push(`${m.id}@${engine.now}:${m.deliveries.map((d) => `${d.node}/${d.tail}`)}`),
    },
    options,
  );
  return { engine, done };
}

/** Steps `engine` until nothing is left to happen or cycle `cap`, calling `each` after every step. */
export function runToIdle(engine: Engine, cap: number, each?: () => void): void {
  while ((!engine.idle || engine.nextEventTime() < Number.POSITIVE_INFINITY) && engine.now < cap) {
    engine.step();
    each?.();
  }
}

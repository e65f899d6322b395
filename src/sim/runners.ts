import type { WorkloadType } from '../config/workload-schema.js';
import { ibCollectiveRunner } from '../ib/run.js';
import type { Runner } from '../run/runner.js';
import { messagesDriver } from './drivers/messages.js';
import { mixedDriver } from './drivers/mixed.js';
import { multicastDriver } from './drivers/multicast.js';
import { uniformDriver } from './drivers/uniform.js';
import { flitRunner } from './flit-runner.js';
import { planMetricsRunner } from './plan-metrics.js';
import { stepsRunner } from './steps.js';

/**
 * Every workload type's runner, registered in one place, one line each. Keyed by the workload
 * schema's types (config/workload-schema.ts), so a type without a runner does not compile.
 */
export const RUNNERS: { readonly [T in WorkloadType]: Runner<T> } = {
  uniform: flitRunner('uniform', 'unicast traffic at an offered load, flit by flit', uniformDriver),
  messages: flitRunner('messages', 'a given set of messages at given times, flit by flit', messagesDriver),
  multicast: flitRunner('multicast', 'contention-free multicasts, each alone, flit by flit', multicastDriver),
  mixed: flitRunner('mixed', 'unicasts and multicasts at an offered load, flit by flit', mixedDriver),
  steps: stepsRunner,
  'plan-metrics': planMetricsRunner,
  'ib-collective': ibCollectiveRunner,
};

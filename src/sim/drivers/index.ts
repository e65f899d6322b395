import type { Driver, DriverContext } from './driver.js';
import { messagesDriver } from './messages.js';
import { mixedDriver } from './mixed.js';
import { multicastDriver } from './multicast.js';
import { uniformDriver } from './uniform.js';

/** The driver of the config's workload type (one module per type). */
export function driverFor(ctx: DriverContext): Driver {
  const w = ctx.config.workload;
  switch (w.type) {
    case 'uniform':
      return uniformDriver(ctx, w);
    case 'messages':
      return messagesDriver(ctx, w);
    case 'multicast':
      return multicastDriver(ctx, w);
    case 'mixed':
      return mixedDriver(ctx, w);
    case 'steps':
      throw new Error('the steps workload is an analysis, run by sim/steps.ts');
    case 'plan-metrics':
      throw new Error('the plan-metrics workload is an analysis, run by sim/plan-metrics.ts');
    case 'ib-collective':
      throw new Error('the ib-collective workload is run by ib/run.ts');
  }
}

export type { Driver, DriverContext } from './driver.js';

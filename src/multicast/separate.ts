import type { WormSpec } from '../plan/worm.js';
import type { MulticastPlan, PlannerDef } from './plan.js';
import { pathWorm } from './plan.js';

/**
 * Separate addressing (000's "unicast-based" baseline; 004 sec. 6): the source sends one unicast
 * per destination, one after another (33 cycles of start-up for the first, 8 for each further one).
 * Destinations are taken in increasing node id. As for the other unicast-based schemes, a worm's
 * phase in the plan is its message-passing step: the i-th unicast goes in step i (one-port).
 */
export const separate: PlannerDef = {
  name: 'separate',
  description: 'separate addressing: one unicast per destination, sent one after another by the source',
  topologies: 'any',
  plan(ctx, source, destinations): MulticastPlan {
    const worms: WormSpec[] = [...destinations]
      .sort((a, b) => a - b)
      .map((d) => pathWorm(source, [d], ctx.length));
    return {
      algorithm: 'separate',
      source,
      destinations: [...destinations],
      worms,
      phase: new Map(worms.map((w, i) => [w, i + 1])),
    };
  },
};

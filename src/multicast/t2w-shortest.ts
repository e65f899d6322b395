import type { PlannerDef } from './plan.js';
import { planT2w } from './t2w.js';
import { check2dTorus } from './torus2d.js';

/**
 * T2W ([20] of 001; 001 sec. 2) in its shortest-direction reading (docs/algorithms/t2w.md): the
 * same two start-ups as 't2w', but the horizontal main path and each column path go the shorter
 * way round their ring. The HMP covers every column holding a destination, ending at the farthest
 * one in its direction; it goes + when that is no longer than going -, else - ('xy-plus' or
 * 'xy-minus'). Each column worm goes + when its farthest destination going + is no farther than
 * its farthest going -, else -; it visits the column's destinations nearest first.
 */
export const t2wShortest: PlannerDef = {
  name: 't2w-shortest',
  description: 'T2W ([20] of 001), shortest-direction reading: HMP and column worms the shorter way round',
  topologies: ['torus'],
  check: check2dTorus,
  routingFor: () => 'xy-plus',
  plan: (ctx, source, dests) => planT2w(ctx, source, dests, 'shortest'),
};

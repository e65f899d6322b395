import type { StopSpec, WormSpec } from '../plan/worm.js';
import type { MulticastPlan, PlannerDef } from './plan.js';
import { destPrep, messForward, type TasnemTree } from './tasnem-tree.js';
import { check2dTorus } from './torus2d.js';

/**
 * TASNEM (Abd El-Baky, 001 sec. 3): the source splits the destinations into the two near-equal
 * meshes on either side of it (Dest_Prep) and starts at most two tree worms together, one start-up
 * phase; each worm runs Mess_Forward at every router it reaches: absorb-and-forward at
 * destinations, a main path in label order, and a horizontal branch wherever the vertical
 * neighbour is a destination (asynchronous replication, all-port source, intermediate reception).
 *
 * mcsim encoding (docs/algorithms/tasnem.md): a worm's stops are its destinations and its forks, in
 * tree order; a destination with one child is PAF, a leaf ABS, a fork PAF (destination) or FWD with
 * branches [horizontal, vertical]; a fork at the source is a first stop at the source itself.
 * Between stops the worm follows 'tasnem-up' / 'tasnem-down', which reproduce Mess_Forward's hops.
 */
export const tasnem: PlannerDef = {
  name: 'tasnem',
  description: 'TASNEM (001 sec. 3): two tree worms, one per half of the torus, one start-up',
  topologies: ['torus'],
  check: check2dTorus,
  routingFor: () => 'xy',
  plan(ctx, source, dests): MulticastPlan {
    const [m, n] = ctx.topology.dims as [number, number];
    const worms: WormSpec[] = [];
    for (const set of destPrep(m, n, source, dests)) {
      if (set.dests.length === 0) continue;
      const tree = messForward(m, n, source, set);
      worms.push({
        source,
        stops: treeStops(tree),
        length: ctx.length,
        routing: set.dy === 1 ? 'tasnem-up' : 'tasnem-down',
      });
    }
    return {
      algorithm: 'tasnem',
      source,
      destinations: [...dests],
      worms,
      phase: new Map(worms.map((w) => [w, 1])),
    };
  },
};

/** The header of a tree worm: destinations and forks in tree order, branches at forks. */
export function treeStops(t: TasnemTree): StopSpec[] {
  const chain = (start: number): StopSpec[] => {
    const out: StopSpec[] = [];
    let i = start;
    for (;;) {
      const k0 = t.kid0[i]!;
      const k1 = t.kid1[i]!;
      if (k1 >= 0) {
        out.push({
          node: t.node[i]!,
          service: t.absorb[i] ? 'PAF' : 'FWD',
          branches: [chain(k0), chain(k1)],
        });
        return out;
      }
      if (k0 < 0) {
        out.push({ node: t.node[i]!, service: 'ABS' });
        return out;
      }
      if (t.absorb[i]) out.push({ node: t.node[i]!, service: 'PAF' });
      i = k0;
    }
  };
  if (t.kid1[0]! >= 0)
    return [{ node: t.node[0]!, service: 'FWD', branches: [chain(t.kid0[0]!), chain(t.kid1[0]!)] }];
  return chain(t.kid0[0]!);
}

import type { WormSpec } from '../plan/worm.js';
import { check2dMesh } from './mesh2d.js';
import { type MulticastPlan, type PlannerDef, pathWorm } from './plan.js';

/**
 * Column-path multicast (Boppana, Chalasani & Raghavendra, [8] of 000), conforming to XY routing:
 * for every column that holds destinations the source sends path worms that travel along the
 * source's row to that column and then along the column. An XY worm can turn only once, so a column
 * with destinations on both sides of the source's row gets one worm per side (destinations on the
 * source's row ride with the upward worm, or the downward one if there is none). All worms start in
 * the source's single phase, one after another. At most 2 worms per column.
 */
export const columnPath: PlannerDef = {
  name: 'column-path',
  description: 'column-path: XY path worms, one per column side holding destinations',
  topologies: ['mesh'],
  check: check2dMesh,
  routingFor: () => 'xy',
  plan(ctx, source, dests): MulticastPlan {
    const topo = ctx.topology;
    const [sx, sy] = topo.coords(source) as [number, number];
    const byCol = new Map<number, number[]>();
    for (const d of dests) {
      const x = topo.coords(d)[0]!;
      const l = byCol.get(x);
      if (l) l.push(d);
      else byCol.set(x, [d]);
    }
    const y = (n: number) => topo.coords(n)[1]!;
    const worms: WormSpec[] = [];
    const path = (nodes: number[]) => {
      if (nodes.length > 0) worms.push(pathWorm(source, nodes, ctx.length, 'xy'));
    };
    // Columns nearest the source first: their worms are shortest.
    const cols = [...byCol.keys()].sort((a, b) => Math.abs(a - sx) - Math.abs(b - sx) || a - b);
    for (const x of cols) {
      const list = byCol.get(x)!;
      const onRow = list.filter((d) => y(d) === sy);
      const up = list.filter((d) => y(d) > sy).sort((a, b) => y(a) - y(b));
      const down = list.filter((d) => y(d) < sy).sort((a, b) => y(b) - y(a));
      if (up.length > 0) {
        path([...onRow, ...up]);
        path(down);
      } else {
        path([...onRow, ...down]);
      }
    }
    return {
      algorithm: 'column-path',
      source,
      destinations: [...dests],
      worms,
      phase: new Map(worms.map((w) => [w, 1])),
      routing: 'xy',
    };
  },
};

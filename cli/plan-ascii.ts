import type { PlanView } from '../src/multicast/inspect.js';
import type { MulticastPlan } from '../src/multicast/plan.js';
import { topologyDef } from '../src/topology/registry.js';
import type { Topology } from '../src/topology/topology.js';

/**
 * A small picture of a 2D plan: S = source, D = destination, R = retransmitting non-destination,
 * digits = the phase of the first worm passing a node, '.' = untouched. Up to 40 columns; y grows
 * upward. Plans with tree worms (TASNEM, 001 Fig. 7) also draw the channels their worms use:
 * '-' and '|' between neighbours, and on the frame for a torus' wraparound channels.
 */
/** What the characters of the map mean, printed under it. */
export const LEGEND = [
  'S source, D destination, R non-destination that receives and retransmits (TAR/TAFR),',
  '1-9 phase of the first worm through a node, . untouched; x grows to the right, y upward',
].join('\n');

export function renderPlanAscii(topo: Topology, plan: MulticastPlan, view: PlanView): string | undefined {
  if (!topologyDef(topo).grid || topo.dims.length !== 2 || topo.dims[0]! > 40 || topo.dims[1]! > 40)
    return undefined;
  const [X, Y] = topo.dims as [number, number];
  const grid: string[][] = Array.from({ length: Y }, () => Array.from({ length: X }, () => '.'));
  const put = (id: string, ch: string, only = false) => {
    const n = topo.parseNode(id);
    const [x, y] = topo.coords(n) as [number, number];
    if (!only || grid[y]![x] === '.') grid[y]![x] = ch;
  };
  for (const w of view.worms) for (const n of w.path) put(n, String(Math.min(9, w.phase)), true);
  for (const w of view.worms)
    for (const d of w.destinations) if (d.service === 'TAR' || d.service === 'TAFR') put(d.node, 'R');
  for (const d of plan.destinations) put(topo.formatNode(d), 'D');
  put(view.source, 'S');
  if (view.worms.some((w) => w.tree)) return withEdges(topo, view, grid);
  const rows = [];
  for (let y = Y - 1; y >= 0; y--) rows.push(`${String(y).padStart(3)} ${grid[y]!.join(' ')}`);
  rows.push(`    ${Array.from({ length: X }, (_, x) => String(x % 10)).join(' ')}`);
  rows.push('', LEGEND);
  return rows.join('\n');
}

function withEdges(topo: Topology, view: PlanView, grid: string[][]): string {
  const [X, Y] = topo.dims as [number, number];
  // Links used, undirected: horizontal link (x,y)-(x+1 mod X,y) and vertical (x,y)-(x,y+1 mod Y).
  const hor = new Set<number>();
  const ver = new Set<number>();
  for (const w of view.worms) {
    const pairs: Array<[string, string]> =
      w.tree?.edges ?? w.path.slice(1).map((to, i) => [w.path[i]!, to] as [string, string]);
    for (const [a, b] of pairs) {
      const [ax, ay] = topo.coords(topo.parseNode(a)) as [number, number];
      const [bx, by] = topo.coords(topo.parseNode(b)) as [number, number];
      if (ay === by) hor.add(ay * X + ((bx - ax + X) % X === 1 ? ax : bx));
      else ver.add(((by - ay + Y) % Y === 1 ? ay : by) * X + ax);
    }
  }
  const wrapLine = () =>
    `     ${Array.from({ length: X }, (_, x) => (ver.has((Y - 1) * X + x) ? '|' : ' ')).join(' ')}`;
  const rows = [wrapLine()];
  for (let y = Y - 1; y >= 0; y--) {
    let line = `${String(y).padStart(3)} ${hor.has(y * X + X - 1) ? '-' : ' '}`;
    for (let x = 0; x < X; x++) line += grid[y]![x]! + (x < X - 1 ? (hor.has(y * X + x) ? '-' : ' ') : '');
    rows.push(`${line}${hor.has(y * X + X - 1) ? '-' : ''}`);
    if (y > 0)
      rows.push(
        `     ${Array.from({ length: X }, (_, x) => (ver.has((y - 1) * X + x) ? '|' : ' ')).join(' ')}`,
      );
  }
  rows.push(wrapLine());
  rows.push(`     ${Array.from({ length: X }, (_, x) => String(x % 10)).join(' ')}`);
  return rows.join('\n');
}

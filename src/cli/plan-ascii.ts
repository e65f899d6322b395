import type { PlanView } from '../multicast/inspect.js';
import type { MulticastPlan } from '../multicast/plan.js';
import { topologyDef } from '../topology/registry.js';
import type { Topology } from '../topology/topology.js';

/**
 * A small picture of a 2D plan: S = source, D = destination, R = retransmitting non-destination,
 * digits = the phase of the first worm passing a node, '.' = untouched. Up to 40 columns; y grows upward.
 */
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
  const rows = [];
  for (let y = Y - 1; y >= 0; y--) rows.push(`${String(y).padStart(3)} ${grid[y]!.join(' ')}`);
  rows.push(`    ${Array.from({ length: X }, (_, x) => String(x % 10)).join(' ')}`);
  return rows.join('\n');
}

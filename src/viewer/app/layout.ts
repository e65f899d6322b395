import type { TraceChannel, TraceHeader } from '../../trace/format.js';

export interface Point {
  x: number;
  y: number;
}

/** Where nodes sit and the SVG path of every channel, in user units (one grid step = STEP). */
export interface Layout {
  nodes: Point[];
  channels: string[];
  width: number;
  height: number;
}

export const STEP = 40;
const NODE_R = 7;
const SIDE = 3;

/**
 * Node placement per topology kind. Meshes and tori are grids (further dimensions side by side),
 * a CCC puts each node's cycle on a corner of the hypercube (004 Fig. 1). Switch networks (fat
 * trees as levels of switches, IB meshes as switches with hosts) register here when they exist;
 * an unknown kind falls back to a circle.
 */
const PLACERS: Record<string, (h: TraceHeader) => Point[]> = {
  mesh: grid,
  torus: grid,
  kary: grid,
  ccc: cccCorners,
};

export function layoutOf(h: TraceHeader): Layout {
  const nodes = (PLACERS[h.topology.kind] ?? circle)(h);
  const minX = Math.min(...nodes.map((p) => p.x));
  const minY = Math.min(...nodes.map((p) => p.y));
  // A margin of one step leaves room for wrap-around stubs and labels.
  for (const p of nodes) {
    p.x += STEP - minX;
    p.y += STEP - minY;
  }
  const width = Math.max(...nodes.map((p) => p.x)) + STEP;
  const height = Math.max(...nodes.map((p) => p.y)) + STEP;
  return { nodes, channels: h.channels.map((c) => channelPath(c, nodes)), width, height };
}

function grid(h: TraceHeader): Point[] {
  const dims = h.topology.dims;
  const X = dims[0] ?? 1;
  const Y = dims[1] ?? 1;
  return h.coords.map((c) => {
    let block = 0;
    let mul = 1;
    for (let i = 2; i < c.length; i++) {
      block += c[i]! * mul;
      mul *= dims[i]!;
    }
    // y grows upward as in the papers' figures; further dimensions repeat the plane to the right.
    return { x: (c[0]! + block * (X + 1)) * STEP, y: (Y - 1 - (c[1] ?? 0)) * STEP };
  });
}

function cccCorners(h: TraceHeader): Point[] {
  const n = h.topology.dims[0]!;
  const low = Math.ceil(n / 2);
  const radius = STEP * Math.max(0.6, n / 6);
  const pitch = 2 * radius + 1.6 * STEP;
  return h.coords.map(([i, w]) => {
    const cx = (w! & ((1 << low) - 1)) * pitch;
    const cy = (w! >> low) * pitch;
    const a = (2 * Math.PI * i!) / n - Math.PI / 2;
    return { x: cx + radius * Math.cos(a), y: cy + radius * Math.sin(a) };
  });
}

function circle(h: TraceHeader): Point[] {
  const n = h.nodes.length;
  const r = (STEP * n) / (2 * Math.PI);
  return h.nodes.map((_, i) => ({
    x: r * Math.cos((2 * Math.PI * i) / n),
    y: r * Math.sin((2 * Math.PI * i) / n),
  }));
}

const f = (x: number) => Math.round(x * 10) / 10;

/**
 * A channel as a line from its source node to its destination, shifted to its right so the two
 * directions of a link sit side by side. A wrap-around channel is drawn as two stubs leaving the
 * grid's edge at both ends, the way torus figures show it. Injection and consumption channels are
 * short ticks at the node (upper left and lower right).
 */
function channelPath(c: TraceChannel, nodes: Point[]): string {
  const a = nodes[c.from]!;
  if (c.kind === 'inj') return `M${f(a.x - 14)},${f(a.y - 14)}L${f(a.x - NODE_R)},${f(a.y - NODE_R)}`;
  if (c.kind === 'sink') return `M${f(a.x + NODE_R)},${f(a.y + NODE_R)}L${f(a.x + 14)},${f(a.y + 14)}`;
  const b = nodes[c.to]!;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy) || 1;
  let ux = dx / len;
  let uy = dy / len;
  if (c.wrap) {
    ux = -ux;
    uy = -uy;
    const nx = -uy * SIDE;
    const ny = ux * SIDE;
    const out = STEP * 0.55;
    return (
      `M${f(a.x + ux * NODE_R + nx)},${f(a.y + uy * NODE_R + ny)}L${f(a.x + ux * out + nx)},${f(a.y + uy * out + ny)}` +
      `M${f(b.x - ux * out + nx)},${f(b.y - uy * out + ny)}L${f(b.x - ux * NODE_R + nx)},${f(b.y - uy * NODE_R + ny)}`
    );
  }
  const nx = -uy * SIDE;
  const ny = ux * SIDE;
  return `M${f(a.x + ux * NODE_R + nx)},${f(a.y + uy * NODE_R + ny)}L${f(b.x - ux * NODE_R + nx)},${f(b.y - uy * NODE_R + ny)}`;
}

export { NODE_R };

import type { TraceChannel, TraceHeader } from '../../trace/format.js';

export interface Point {
  x: number;
  y: number;
}

/** Where nodes sit and the SVG path of every channel, in user units (one grid step = STEP). */
export interface Layout {
  nodes: Point[];
  /** Switches of a switch-based network (empty on direct networks, whose nodes are the routers). */
  switches: Point[];
  channels: string[];
  width: number;
  height: number;
}

export const STEP = 40;
const NODE_R = 7;
const SIDE = 3;

/**
 * Node placement per topology kind. Meshes and tori are grids (further dimensions side by side),
 * a CCC puts each node's cycle on a corner of the hypercube (004 Fig. 1). Switch-based networks
 * place their switches (SWITCH_PLACERS: a fat tree as levels of switches above its processors, a
 * mesh of switches as a grid with each host beside its switch); an unknown kind falls back to a circle.
 */
const PLACERS: Record<string, (h: TraceHeader) => Point[]> = {
  mesh: grid,
  torus: grid,
  kary: grid,
  ccc: cccCorners,
};

const SWITCH_PLACERS: Record<string, (h: TraceHeader) => { nodes: Point[]; switches: Point[] }> = {
  fattree: treeLevels,
  ibmesh: switchGrid,
};

export function layoutOf(h: TraceHeader): Layout {
  const placed = h.switches
    ? (SWITCH_PLACERS[h.topology.kind] ?? switchCircle)(h)
    : { nodes: (PLACERS[h.topology.kind] ?? circle)(h), switches: [] };
  const all = [...placed.nodes, ...placed.switches];
  const minX = Math.min(...all.map((p) => p.x));
  const minY = Math.min(...all.map((p) => p.y));
  // A margin of one step leaves room for wrap-around stubs and labels.
  for (const p of all) {
    p.x += STEP - minX;
    p.y += STEP - minY;
  }
  const width = Math.max(...all.map((p) => p.x)) + STEP;
  const height = Math.max(...all.map((p) => p.y)) + STEP;
  const ends = (c: TraceChannel) => (h.switches && c.kind === 'net' ? placed.switches : placed.nodes);
  return {
    nodes: placed.nodes,
    switches: placed.switches,
    channels: h.channels.map((c) =>
      h.switches && c.kind !== 'net'
        ? hostLink(c, placed.nodes[c.from]!, placed.switches[h.switches.ofNode[c.from]!]!)
        : channelPath(c, ends(c)),
    ),
    width,
    height,
  };
}

/** A fat tree (002 sec. 2): level-1 switches over their 4 processors, each level a row above. */
function treeLevels(h: TraceHeader): { nodes: Point[]; switches: Point[] } {
  const hints = h.switches!.hints;
  const top = Math.max(...hints.map(([l]) => l!));
  const switches = hints.map(([l, j]) => ({ x: (j! * 4 + 1.5) * STEP, y: (top - l!) * 2 * STEP }));
  const nodes = h.nodes.map((_, n) => ({ x: n * STEP, y: top * 2 * STEP }));
  return { nodes, switches };
}

/** A mesh of switches (003's IbaMesh): the switch grid, each host up and to the right of its switch. */
function switchGrid(h: TraceHeader): { nodes: Point[]; switches: Point[] } {
  const hints = h.switches!.hints;
  const Y = Math.max(...hints.map((c) => c[1] ?? 0)) + 1;
  const switches = hints.map(([x, y]) => ({ x: x! * 2 * STEP, y: (Y - 1 - (y ?? 0)) * 2 * STEP }));
  const nodes = h.nodes.map((_, n) => {
    const s = switches[h.switches!.ofNode[n]!]!;
    return { x: s.x + 0.8 * STEP, y: s.y - 0.8 * STEP };
  });
  return { nodes, switches };
}

function switchCircle(h: TraceHeader): { nodes: Point[]; switches: Point[] } {
  const k = h.switches!.names.length;
  const r = (2 * STEP * k) / (2 * Math.PI);
  const switches = h.switches!.names.map((_, i) => ({
    x: r * Math.cos((2 * Math.PI * i) / k),
    y: r * Math.sin((2 * Math.PI * i) / k),
  }));
  const nodes = h.nodes.map((_, n) => {
    const s = switches[h.switches!.ofNode[n]!]!;
    return { x: s.x * 1.3, y: s.y * 1.3 };
  });
  return { nodes, switches };
}

/** The host link of a switch-based network: injection toward the switch, consumption back, side by side. */
function hostLink(c: TraceChannel, node: Point, sw: Point): string {
  const [a, b] = c.kind === 'inj' ? [node, sw] : [sw, node];
  return channelPath({ ...c, kind: 'net', from: 0, to: 1 }, [a, b]);
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

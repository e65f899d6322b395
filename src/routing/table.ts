import { readFileSync } from 'node:fs';
import type { Topology } from '../topology/topology.js';
import { McsimError } from '../util/errors.js';
import type { RoutingDef, RoutingFunction } from './routing.js';
import { EJECT, packRoute } from './routing.js';

/**
 * A next-port table: ports[r * N + d] is the output port at switch r toward end node d; at d's own
 * switch, the port d is attached to (EJECT on a direct network).
 */
export interface RouteTable {
  ports: Uint8Array;
  masks: Uint32Array;
}

/** The port end node d is attached to, as a table names it: EJECT on a direct network. */
function hostPort(topo: Topology, d: number): number {
  const p = topo.nodePort(d);
  return p < 0 ? EJECT : p;
}

/** Evaluates a routing function at every (switch, destination), as seen by a worm starting there. */
export function computeRouteTable(topo: Topology, rf: RoutingFunction): RouteTable {
  const N = topo.numNodes;
  const S = topo.numSwitches;
  const ports = new Uint8Array(S * N);
  const masks = new Uint32Array(S * N);
  for (let r = 0; r < S; r++) {
    for (let d = 0; d < N; d++) {
      const packed =
        topo.nodeSwitch(d) === r && topo.nodePort(d) >= 0
          ? packRoute(hostPort(topo, d), 1)
          : rf.route(r, d, r, -1);
      ports[r * N + d] = packed & 0xff;
      masks[r * N + d] = packed >>> 8;
    }
  }
  return { ports, masks };
}

export function routeTableToJson(topo: Topology, t: RouteTable): string {
  const N = topo.numNodes;
  const rows: number[][] = [];
  for (let r = 0; r < topo.numSwitches; r++) rows.push(Array.from(t.ports.subarray(r * N, (r + 1) * N)));
  return JSON.stringify({ format: 'mcsim-route-table', topology: topo.spec, ports: rows });
}

function loadTable(topo: Topology, file: string, allVcs: number): RouteTable {
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new McsimError(
      `cannot read route table "${file}": ${(e as Error).message.split('\n')[0]}`,
      'network.routingOptions.file',
    );
  }
  const d = doc as { format?: unknown; topology?: unknown; ports?: unknown };
  const N = topo.numNodes;
  if (d.format !== 'mcsim-route-table')
    throw new McsimError(`"${file}" is not an mcsim-route-table file`, 'network.routingOptions.file');
  if (d.topology !== topo.spec)
    throw new McsimError(
      `route table "${file}" is for ${String(d.topology)}, the network is ${topo.spec}`,
      'network.routingOptions.file',
    );
  const S = topo.numSwitches;
  if (!Array.isArray(d.ports) || d.ports.length !== S)
    throw new McsimError(
      `route table "${file}" needs ${S} rows (one per switch), has ${Array.isArray(d.ports) ? d.ports.length : 'none'}`,
      'network.routingOptions.file',
    );
  const ports = new Uint8Array(S * N);
  const masks = new Uint32Array(S * N).fill(allVcs);
  d.ports.forEach((row: unknown, r: number) => {
    if (!Array.isArray(row) || row.length !== N)
      throw new McsimError(
        `route table "${file}": row ${r} (switch ${topo.formatSwitch(r)}) needs ${N} entries, one per destination, has ${Array.isArray(row) ? row.length : 'none'}`,
        'network.routingOptions.file',
      );
    row.forEach((p: unknown, dst: number) => {
      if (p === null || p === undefined)
        throw new McsimError(
          `route table "${file}": no entry at switch ${topo.formatSwitch(r)} toward ${topo.formatNode(dst)}`,
          'network.routingOptions.file',
        );
      const home = topo.nodeSwitch(dst) === r;
      const ok =
        Number.isInteger(p) &&
        ((home && p === hostPort(topo, dst)) || (!home && topo.neighbor(r, p as number) >= 0));
      if (!ok)
        throw new McsimError(
          `route table "${file}": port ${String(p)} at switch ${topo.formatSwitch(r)} toward ${topo.formatNode(dst)} has no link`,
          'network.routingOptions.file',
        );
      ports[r * N + dst] = p as number;
    });
  });
  return { ports, masks };
}

/**
 * Table-driven routing: each router looks the output port up in a next-port table, loaded from a
 * file (`routingOptions.file`) or computed from another routing function (`routingOptions.from`).
 * Deadlock freedom is the table's business; the engine's deadlock detector reports a cycle.
 */
export const tableRouting: RoutingDef = {
  name: 'table',
  description:
    'table-driven: next port per (router, destination), from a file or computed from another routing',
  topologies: 'any',
  build(topo, vcsPerClass, options = {}) {
    const N = topo.numNodes;
    let table: RouteTable;
    let base: RoutingFunction | undefined;
    if (typeof options.file === 'string')
      table = loadTable(topo, options.file, (1 << Math.min(...vcsPerClass)) - 1);
    else {
      // Imported lazily to keep the registry the single place that knows every routing function.
      const from = typeof options.from === 'string' ? options.from : undefined;
      if (!from)
        throw new McsimError(
          'table routing needs routingOptions.file or routingOptions.from',
          'network.routingOptions',
        );
      const build = (options as { resolve?: (name: string) => RoutingFunction }).resolve;
      if (!build)
        throw new McsimError('table routing: no resolver for routingOptions.from', 'network.routingOptions');
      base = build(from);
      table = computeRouteTable(topo, base);
    }
    const { ports, masks } = table;
    return {
      name: 'table',
      route(cur, dest) {
        const i = cur * N + dest;
        return packRoute(ports[i]!, masks[i]!);
      },
      vcName(cur, port, vc) {
        return base ? base.vcName(cur, port, vc) : `vc${vc}`;
      },
    };
  },
};

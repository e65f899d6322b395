import { ibXyRouting } from '../routing/ib-xy.js';
import type { RoutingFunction } from '../routing/routing.js';
import { EJECT } from '../routing/routing.js';
import { computeRouteTable, type RouteTable } from '../routing/table.js';
import type { IbaMesh } from '../topology/ibmesh.js';
import { hostLid, lidTarget, maxLid, NO_PORT } from './subnet.js';

/**
 * Linear forwarding tables of every switch of an IbaMesh (003 sec. 3.3.1): `ports[s * width + lid]`
 * is the output port (InfiniBand number) at switch `s` for DLID `lid`, NO_PORT (0xFF) for a LID
 * nobody holds; `width` = max LID + 1.
 */
export interface Lft {
  readonly width: number;
  readonly ports: Uint8Array;
}

/**
 * The LFTs a routing function gives (ib-xy: the paper's four cases, plus the host port 5 for the
 * switch's own host, docs/algorithms/ib-mcast.md, "Linear forwarding table"). A switch LID is
 * routed as its host is, except at that switch itself, where it is port 0 (the management port;
 * switch LIDs serve table export only).
 */
export function lftFromRouting(t: IbaMesh, rf: RoutingFunction): Lft {
  const N = t.numNodes;
  const table = computeRouteTable(t, rf);
  const width = maxLid(t) + 1;
  const ports = new Uint8Array(t.numSwitches * width).fill(NO_PORT);
  for (let s = 0; s < t.numSwitches; s++)
    for (let lid = 1; lid < width; lid++) {
      const target = lidTarget(t, lid)!;
      ports[s * width + lid] =
        target.kind === 'switch' && target.node === s ? 0 : table.ports[s * N + target.node]!;
    }
  return { width, ports };
}

/** The output port at switch `s` toward DLID `lid`. */
export function lftPort(lft: Lft, s: number, lid: number): number {
  return lft.ports[s * lft.width + lid]!;
}

/** One switch's table as an array indexed by LID (entry 0 unused, NO_PORT). */
export function lftRow(lft: Lft, s: number): number[] {
  return Array.from(lft.ports.subarray(s * lft.width, (s + 1) * lft.width));
}

/** The XY LFTs of 003 sec. 3.3.1 (the ib-xy routing function as tables). */
export function xyLft(t: IbaMesh): Lft {
  return lftFromRouting(t, ibXyRouting.build(t, [1]));
}

/**
 * LFTs as the `table` routing's next-port table (ports[switch * N + node], toward each host's LID),
 * so imported forwarding tables drive a simulation. VC masks allow every VC (the table routing
 * narrows them to the network's).
 */
export function lftRouteTable(t: IbaMesh, lft: Lft): RouteTable {
  const N = t.numNodes;
  const ports = new Uint8Array(t.numSwitches * N);
  for (let s = 0; s < t.numSwitches; s++)
    for (let d = 0; d < N; d++) {
      const p = lftPort(lft, s, hostLid(t, d));
      ports[s * N + d] = p === NO_PORT ? EJECT : p;
    }
  return { ports, masks: new Uint32Array(t.numSwitches * N).fill(0xffffff) };
}

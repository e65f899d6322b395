import type { IbaMesh } from '../topology/ibmesh.js';
import { McsimError } from '../util/errors.js';
import { type Lft, lftPort } from './lft.js';
import { HOST_PORT, hostLid, MLID_BASE } from './subnet.js';

/**
 * A multicast forwarding table for one MLID: `masks[s]` has bit p set when switch s forwards the
 * MLID's packets on port p (InfiniBand numbers, 1..5). One MLID serves one (source, group) pair
 * (docs/algorithms/ib-mcast.md, "Multicast forwarding table by union"): switches key only on the
 * DLID, so a union over several sources would duplicate packets and can loop.
 */
export interface Mft {
  readonly mlid: number;
  readonly source: number;
  /** Destinations: the group without the source (our reading, ib-mcast.md). */
  readonly members: readonly number[];
  readonly masks: Uint8Array;
}

/**
 * The MFT by union (003 sec. 3.3.2): at every switch on the LFT path from the source to a member,
 * the LFT port toward that member; at a member's switch, its host port. The paper's Fig. 9 list
 * leaves the host ports out; `networkPorts` gives that view.
 */
export function mftUnion(
  t: IbaMesh,
  lft: Lft,
  source: number,
  group: Iterable<number>,
  mlid = MLID_BASE,
): Mft {
  const masks = new Uint8Array(t.numSwitches);
  const members = [...new Set(group)].filter((d) => d !== source).sort((a, b) => a - b);
  for (const d of members) {
    const lid = hostLid(t, d);
    let cur = t.nodeSwitch(source);
    for (let hops = 0; ; hops++) {
      const p = lftPort(lft, cur, lid);
      masks[cur]! |= 1 << p;
      if (p === HOST_PORT && cur === t.nodeSwitch(d)) break;
      const next = t.neighbor(cur, p);
      if (next < 0 || hops > t.numSwitches)
        throw new McsimError(
          `LFT toward ${t.formatNode(d)} (LID ${lid}) ${next < 0 ? `leaves switch ${t.formatSwitch(cur)} on port ${p}, which has no link` : 'loops'}`,
        );
      cur = next;
    }
  }
  return { mlid, source, members, masks };
}

/** Ports of a mask, ascending. */
export function maskPorts(mask: number): number[] {
  const out: number[] = [];
  for (let p = 0; p < 8; p++) if ((mask >> p) & 1) out.push(p);
  return out;
}

/** The network ports only (the paper's Fig. 9 view): the host port removed. */
export function networkPorts(mask: number): number[] {
  return maskPorts(mask & ~(1 << HOST_PORT));
}

/**
 * One MLID per (source, group) pair: source number k, counted in increasing source LID, gets
 * MLID_BASE + k (docs/algorithms/ib-mcast.md).
 */
export function mlidsBySource(t: IbaMesh, sources: readonly number[], base = MLID_BASE): Map<number, number> {
  const byLid = [...new Set(sources)].sort((a, b) => hostLid(t, a) - hostLid(t, b));
  return new Map(byLid.map((s, k) => [s, base + k]));
}

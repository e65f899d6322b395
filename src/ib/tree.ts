import type { StopSpec, WormSpec } from '../plan/worm.js';
import type { IbaMesh } from '../topology/ibmesh.js';
import type { Mft } from './mft.js';
import { networkPorts } from './mft.js';

/**
 * An MFT as the engine's tree worm (docs/algorithms/ib-mcast.md, "In the simulation"): the
 * flit-level engine replicates a packet at header stops, so the MFT tree of one (source, group)
 * becomes one worm with a stop at every member (PAF where it forwards, ABS at a leaf) and at every
 * switch that branches (FWD with one branch per child); a switch with one child and no host copy
 * needs no stop, since the tree path between two stops is their XY path (a part of an XY path is
 * the XY path of its ends). The worm's hops are exactly the MFT's network ports, its deliveries
 * exactly the members.
 */
export function mftWorm(t: IbaMesh, mft: Mft, length: number): WormSpec | undefined {
  const member = new Uint8Array(t.numNodes);
  for (const d of mft.members) member[d] = 1;
  const kids = (v: number) => networkPorts(mft.masks[v]!).map((p) => t.neighbor(v, p));
  const from = (v: number): StopSpec[] => {
    const k = kids(v);
    if (k.length === 0) return [{ node: v, service: 'ABS' }];
    if (k.length === 1) return member[v] ? [{ node: v, service: 'PAF' }, ...from(k[0]!)] : from(k[0]!);
    return [{ node: v, service: member[v] ? 'PAF' : 'FWD', branches: k.map(from) }];
  };
  const s = mft.source;
  const k = kids(s);
  if (k.length === 0) return undefined;
  const stops = k.length === 1 ? from(k[0]!) : [{ node: s, service: 'FWD' as const, branches: k.map(from) }];
  return { source: s, stops, length };
}

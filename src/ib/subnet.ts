import { IB_HOST, IbaMesh } from '../topology/ibmesh.js';
import type { Topology } from '../topology/topology.js';
import { McsimError } from '../util/errors.js';

/**
 * Addresses of an IbaMesh subnet (003 sec. 3.1; docs/algorithms/ib-mcast.md, "Addresses" and "Names
 * and formats"): LIDs of the host adapters, LIDs of the switches (for table export only), multicast
 * LIDs, GUIDs and node descriptions.
 *
 * mcsim's ibmesh already numbers switch ports as InfiniBand does (E=1 N=2 W=3 S=4, host 5), so
 * an mcsim port is an IB port and no port map is needed here.
 */

/** First multicast LID (InfiniBand: 0xC000..0xFFFE). */
export const MLID_BASE = 0xc000;
/** LFT entry of a LID that is not assigned (InfiniBand's invalid port). */
export const NO_PORT = 0xff;
export const SWITCH_GUID_BASE = 0x0053000000000000n;
export const HCA_GUID_BASE = 0x0048000000000000n;

/** The topology as an IbaMesh, or McsimError naming `field` (the CLI option or config path it came from). */
export function asIbMesh(topo: Topology, field = '--topology'): IbaMesh {
  if (!(topo instanceof IbaMesh))
    throw new McsimError(`InfiniBand tables need an ibmesh topology, got ${topo.spec}`, field);
  return topo;
}

/**
 * LID of the host at node `node` (id x + m*y): x*n + y + 1. The paper's x*m + y + 1 (003 sec. 3.1)
 * collides when m != n (ib-mcast.md, "Addresses"); the two agree on every square mesh the paper uses.
 */
export function hostLid(t: IbaMesh, node: number): number {
  const x = node % t.m;
  const y = Math.floor(node / t.m);
  return x * t.n + y + 1;
}

/** The node whose host has LID `lid` (1..m*n), or -1. Inverse of hostLid: x = floor((lid-1)/n). */
export function nodeOfLid(t: IbaMesh, lid: number): number {
  if (!Number.isInteger(lid) || lid < 1 || lid > t.m * t.n) return -1;
  const x = Math.floor((lid - 1) / t.n);
  const y = (lid - 1) % t.n;
  return x + t.m * y;
}

/** LID of switch `s` on its management port 0: m*n + the LID of its host (ours, for export only). */
export function switchLid(t: IbaMesh, s: number): number {
  return t.m * t.n + hostLid(t, s);
}

/** The largest LID in use: the switch LIDs end at 2*m*n. */
export function maxLid(t: IbaMesh): number {
  return 2 * t.m * t.n;
}

/** What a LID names: the host of a node, the switch of a node, or nothing. */
export function lidTarget(t: IbaMesh, lid: number): { kind: 'hca' | 'switch'; node: number } | undefined {
  const N = t.m * t.n;
  if (lid >= 1 && lid <= N) return { kind: 'hca', node: nodeOfLid(t, lid) };
  if (lid > N && lid <= 2 * N) return { kind: 'switch', node: nodeOfLid(t, lid - N) };
  return undefined;
}

function xy(t: IbaMesh, node: number): bigint {
  return (BigInt(node % t.m) << 16n) + BigInt(Math.floor(node / t.m));
}

/** Node GUID of switch `s`: 0x0053000000000000 + (x << 16) + y (mcsim's convention). */
export function switchGuid(t: IbaMesh, s: number): bigint {
  return SWITCH_GUID_BASE + xy(t, s);
}

/** GUID of the host adapter at `node`: 0x0048000000000000 + (x << 16) + y (mcsim's convention). */
export function hcaGuid(t: IbaMesh, node: number): bigint {
  return HCA_GUID_BASE + xy(t, node);
}

export function switchDesc(t: IbaMesh, s: number): string {
  return `mcsim sw ${t.formatNode(s)}`;
}

export function hcaDesc(t: IbaMesh, node: number): string {
  return `mcsim hca ${t.formatNode(node)}`;
}

/** `0x%016x`, as OpenSM prints GUIDs. */
export function hex64(g: bigint): string {
  return `0x${g.toString(16).padStart(16, '0')}`;
}

/** The node a description `mcsim sw x,y` / `mcsim hca x,y` names, with its kind; undefined otherwise. */
export function parseDesc(t: IbaMesh, desc: string): { kind: 'hca' | 'switch'; node: number } | undefined {
  const m = /^mcsim (sw|hca) (\d+),(\d+)$/.exec(desc.trim());
  if (!m) return undefined;
  const node = t.nodeAt([Number(m[2]), Number(m[3])]);
  if (node < 0) return undefined;
  return { kind: m[1] === 'sw' ? 'switch' : 'hca', node };
}

/** The node a GUID of mcsim's convention names (switch node GUID, host port GUID), or undefined. */
export function parseGuid(t: IbaMesh, g: bigint): { kind: 'hca' | 'switch'; node: number } | undefined {
  const base = g & 0xffff000000000000n;
  const kind = base === SWITCH_GUID_BASE ? 'switch' : base === HCA_GUID_BASE ? 'hca' : undefined;
  if (!kind) return undefined;
  const node = t.nodeAt([Number((g >> 16n) & 0xffffn), Number(g & 0xffffn)]);
  return node < 0 ? undefined : { kind, node };
}

/** The port of the host adapter on every switch. */
export const HOST_PORT = IB_HOST;

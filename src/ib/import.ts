import type { IbaMesh } from '../topology/ibmesh.js';
import { McsimError } from '../util/errors.js';
import type { Lft } from './lft.js';
import { hostLid, maxLid, NO_PORT, parseDesc, parseGuid, switchLid } from './subnet.js';

/**
 * Readers of OpenSM's `opensm-lfts.dump` and `opensm.mcfdbs` (docs/algorithms/ib-mcast.md), mapped
 * onto an IbaMesh. A real subnet manager assigns its own LIDs, so entries are matched by what they
 * name: the node description (`mcsim sw x,y`, `mcsim hca x,y`, as mcsim's export and its ibsim net
 * files set them), else mcsim's GUID convention ("Names and formats" there). The result is re-keyed
 * to mcsim's LIDs, so an imported table compares entry for entry with mcsim's own.
 */

interface Named {
  kind: 'hca' | 'switch';
  node: number;
}

export interface ImportedLfts {
  /** The tables under mcsim's LIDs (entries nobody named stay NO_PORT). */
  lft: Lft;
  /** GUID of each switch as the dump gives it, for reading the same fabric's mcfdbs. */
  switchByGuid: Map<bigint, number>;
  /** Entries that name no node of the mesh (e.g. `unknown node and type`), skipped. */
  skipped: number;
}

function resolve(t: IbaMesh, desc: string | undefined, guid: bigint | undefined): Named | undefined {
  return (
    (desc !== undefined ? parseDesc(t, desc) : undefined) ??
    (guid !== undefined ? parseGuid(t, guid) : undefined)
  );
}

const HEADER = /^Unicast lids \[[^\]]*\] of switch .*?guid (0x[0-9a-f]+) \('?(.*?)'?\):\s*$/i;
const ENTRY = /^(0x[0-9a-f]+)\s+(\d+)\s*[#:]\s*(.*)$/i;
const TARGET = /(Channel Adapter|Switch|Router)\s+portguid (0x[0-9a-f]+):\s*'(.*)'/i;

/** Parses `opensm-lfts.dump` (and `ibroute`/`dump_lfts` output, which uses the same line rules). */
export function importLfts(
  t: IbaMesh,
  text: string,
  file = 'opensm-lfts.dump',
  /** The fabric's port numbers back to the mesh's (e.g. xFirstPort for an X-first cabled fabric). */
  portMap: (p: number) => number = (p) => p,
): ImportedLfts {
  const width = maxLid(t) + 1;
  const ports = new Uint8Array(t.numSwitches * width).fill(NO_PORT);
  const switchByGuid = new Map<bigint, number>();
  const seen = new Set<number>();
  let cur = -1;
  let skipped = 0;
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    const line = raw.trim();
    const h = HEADER.exec(line);
    if (h) {
      const guid = BigInt(h[1]!);
      const named = resolve(t, h[2], guid);
      if (!named || named.kind !== 'switch')
        throw new McsimError(`${file}:${i + 1}: switch guid ${h[1]} ('${h[2]}') is no switch of ${t.spec}`);
      if (seen.has(named.node))
        throw new McsimError(`${file}:${i + 1}: switch ${t.formatSwitch(named.node)} has two tables`);
      seen.add(named.node);
      switchByGuid.set(guid, named.node);
      cur = named.node;
      return;
    }
    const e = ENTRY.exec(line);
    if (!e) return;
    if (cur < 0) throw new McsimError(`${file}:${i + 1}: an entry before any "Unicast lids" header`);
    const port = portMap(Number(e[2]));
    const target = TARGET.exec(e[3]!);
    const named = target ? resolve(t, target[3], BigInt(target[2]!)) : undefined;
    if (!named) {
      skipped++;
      return;
    }
    if (port > 5 || (port !== 0 && port !== 5 && t.neighbor(cur, port) < 0))
      throw new McsimError(
        `${file}:${i + 1}: port ${port} at switch ${t.formatSwitch(cur)} has no link (${t.spec} has ports 1-4 and the host on 5)`,
      );
    const lid = named.kind === 'hca' ? hostLid(t, named.node) : switchLid(t, named.node);
    ports[cur * width + lid] = port;
  });
  for (let s = 0; s < t.numSwitches; s++) {
    if (!seen.has(s)) throw new McsimError(`${file}: no table for switch ${t.formatSwitch(s)} of ${t.spec}`);
    for (let d = 0; d < t.numNodes; d++)
      if (ports[s * width + hostLid(t, d)] === NO_PORT)
        throw new McsimError(
          `${file}: switch ${t.formatSwitch(s)} has no entry toward host ${t.formatNode(d)}`,
        );
  }
  return { lft: { width, ports }, switchByGuid, skipped };
}

/** Multicast tables read back: per MLID, the port mask of every switch. */
export type ImportedMfts = Map<number, Uint8Array>;

/** Parses `opensm.mcfdbs`; switches are named by GUID (mcsim's convention, or `switchByGuid` from the same fabric's LFT dump). */
export function importMcfdbs(
  t: IbaMesh,
  text: string,
  switchByGuid?: Map<bigint, number>,
  file = 'opensm.mcfdbs',
): ImportedMfts {
  const out: ImportedMfts = new Map();
  let cur = -1;
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    const sw = /^Switch (0x[0-9a-f]+)$/i.exec(line);
    if (sw) {
      const guid = BigInt(sw[1]!);
      const named =
        switchByGuid?.get(guid) ?? (parseGuid(t, guid)?.kind === 'switch' ? parseGuid(t, guid)!.node : -1);
      if (named < 0) throw new McsimError(`${file}:${i + 1}: switch ${sw[1]} is no switch of ${t.spec}`);
      cur = named;
      return;
    }
    const row = /^(0x[0-9a-f]+)\s*:(.*)$/i.exec(line);
    if (!row) return;
    if (cur < 0) throw new McsimError(`${file}:${i + 1}: an MLID before any "Switch" line`);
    const mlid = Number(row[1]);
    let masks = out.get(mlid);
    if (!masks) {
      masks = new Uint8Array(t.numSwitches);
      out.set(mlid, masks);
    }
    for (const tok of row[2]!.trim().split(/\s+/).filter(Boolean)) {
      const p = Number(tok);
      if (!Number.isInteger(p) || p < 0 || p > 5 || (p >= 1 && p <= 4 && t.neighbor(cur, p) < 0))
        throw new McsimError(`${file}:${i + 1}: port ${tok} at switch ${t.formatSwitch(cur)} has no link`);
      masks[cur]! |= 1 << p;
    }
  });
  return out;
}

/** Entries where two tables differ, per (switch, host LID), with both ports; switch LIDs are compared too. */
export function lftDiff(
  t: IbaMesh,
  a: Lft,
  b: Lft,
): Array<{ switch: number; lid: number; a: number; b: number }> {
  const out: Array<{ switch: number; lid: number; a: number; b: number }> = [];
  for (let s = 0; s < t.numSwitches; s++)
    for (let lid = 1; lid < a.width; lid++) {
      const pa = a.ports[s * a.width + lid]!;
      const pb = b.ports[s * b.width + lid]!;
      if (pa !== pb) out.push({ switch: s, lid, a: pa, b: pb });
    }
  return out;
}

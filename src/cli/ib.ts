import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lftsDump, mcfdbsDump } from '../ib/dump.js';
import { ibsimNetFile, portOrderFile, xFirstPort } from '../ib/ibsim.js';
import { importLfts, lftDiff } from '../ib/import.js';
import { lftRouteTable, lftRow, xyLft } from '../ib/lft.js';
import { maskPorts, mftUnion, networkPorts } from '../ib/mft.js';
import { asIbMesh, hostLid, MLID_BASE, switchLid } from '../ib/subnet.js';
import { routeTableToJson } from '../routing/table.js';
import { withField } from '../sim/build.js';
import type { IbaMesh } from '../topology/ibmesh.js';
import { parseTopology } from '../topology/registry.js';
import { McsimError } from '../util/errors.js';

export interface IbTablesOpts {
  topology: string;
  source: string;
  group: string;
  json?: boolean;
  export?: string;
}

function mesh(spec: string): IbaMesh {
  return withField('--topology', () => asIbMesh(parseTopology(spec)));
}

function parseGroup(t: IbaMesh, text: string): number[] {
  if (text.trim() === 'all') return Array.from({ length: t.numNodes }, (_, i) => i);
  const parts = text.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) throw new McsimError('give at least one member, or "all"', '--group');
  return parts.map((p) => withField('--group', () => t.parseNode(p)));
}

/**
 * `mcsim ib tables`: the subnet of one multicast on an IbaMesh: LIDs, the MLID of the (source,
 * group) pair, its MFT by union (003 sec. 3.3.2) and the source switch's LFT; `--export DIR` writes
 * every switch's LFT and the MFT in OpenSM's dump formats, and the ibsim net file of the fabric.
 */
export function ibTablesCommand(o: IbTablesOpts): void {
  const t = mesh(o.topology);
  const source = withField('--source', () => t.parseNode(o.source));
  const group = parseGroup(t, o.group);
  const lft = xyLft(t);
  const mft = mftUnion(t, lft, source, group, MLID_BASE);
  const f = (n: number) => t.formatNode(n);
  const rows = [];
  for (let s = 0; s < t.numSwitches; s++)
    if (mft.masks[s])
      rows.push({ switch: f(s), ports: maskPorts(mft.masks[s]!), network: networkPorts(mft.masks[s]!) });
  if (o.export) {
    mkdirSync(o.export, { recursive: true });
    writeFileSync(join(o.export, 'opensm-lfts.dump'), lftsDump(t, lft));
    writeFileSync(join(o.export, 'opensm.mcfdbs'), mcfdbsDump(t, [mft]));
    writeFileSync(join(o.export, 'ibsim.net'), ibsimNetFile(t));
    writeFileSync(join(o.export, 'port-order'), portOrderFile(t));
  }
  if (o.json) {
    const lfts: Record<string, number[]> = {};
    for (let s = 0; s < t.numSwitches; s++) lfts[f(s)] = lftRow(lft, s);
    const out = {
      topology: t.spec,
      source: { node: f(source), lid: hostLid(t, source) },
      group: mft.members.map((d) => ({ node: f(d), lid: hostLid(t, d) })),
      mlid: `0x${mft.mlid.toString(16).toUpperCase()}`,
      mft: rows,
      lft: lfts,
    };
    process.stdout.write(`${JSON.stringify(out)}\n`);
    return;
  }
  const s0 = t.nodeSwitch(source);
  console.log(`${t.spec}: ports E=1 N=2 W=3 S=4, host 5; host LID x*n+y+1, switch LID m*n + host LID`);
  console.log(
    `source ${f(source)} (LID ${hostLid(t, source)}), ${mft.members.length} member(s), MLID 0x${mft.mlid.toString(16).toUpperCase()}`,
  );
  console.log("MFT by union (003 sec. 3.3.2): switch, ports, network ports only (the paper's Fig. 9 view)");
  for (const r of rows)
    console.log(`  s${r.switch.padEnd(8)} ${`{${r.ports.join(',')}}`.padEnd(16)}{${r.network.join(',')}}`);
  const row = lftRow(lft, s0);
  console.log(`LFT of switch s${f(s0)} (LID ${switchLid(t, s0)}), by DLID 1..${lft.width - 1}:`);
  for (let lid = 1; lid < lft.width; lid += 16)
    console.log(`  ${String(lid).padStart(4)}: ${row.slice(lid, lid + 16).join(' ')}`);
  if (o.export) console.log(`wrote opensm-lfts.dump, opensm.mcfdbs, ibsim.net and port-order to ${o.export}`);
}

export interface IbCompareOpts {
  topology: string;
  lfts: string;
  cabling?: string;
  json?: boolean;
  routeTable?: string;
}

/**
 * `mcsim ib compare`: reads a subnet manager's `opensm-lfts.dump` for an IbaMesh fabric and counts
 * the entries that differ from the XY LFT (003 sec. 3.3.1); `--route-table FILE` writes the imported
 * tables as an mcsim route table, so a real fabric's routing can be simulated (`table` routing).
 */
export function ibCompareCommand(o: IbCompareOpts): void {
  const t = mesh(o.topology);
  const cabling = o.cabling ?? 'paper';
  if (cabling !== 'paper' && cabling !== 'x-first')
    throw new McsimError(`"${cabling}" is not a cabling (allowed: paper, x-first)`, '--cabling');
  let text: string;
  try {
    text = readFileSync(o.lfts, 'utf8');
  } catch (e) {
    throw new McsimError(`cannot read "${o.lfts}": ${(e as Error).message.split('\n')[0]}`, '--lfts');
  }
  const imported = importLfts(t, text, o.lfts, cabling === 'x-first' ? xFirstPort : undefined);
  const diff = lftDiff(t, xyLft(t), imported.lft);
  const total = t.numSwitches * (imported.lft.width - 1);
  if (o.routeTable) writeFileSync(o.routeTable, `${routeTableToJson(t, lftRouteTable(t, imported.lft))}\n`);
  if (o.json) {
    process.stdout.write(
      `${JSON.stringify({ topology: t.spec, entries: total, differ: diff.length, first: diff.slice(0, 20) })}\n`,
    );
    return;
  }
  console.log(
    `${o.lfts}: ${total} entries of ${t.numSwitches} switches, ${diff.length} differ from XY routing`,
  );
  for (const d of diff.slice(0, 20))
    console.log(`  s${t.formatNode(d.switch)} LID ${d.lid}: XY port ${d.a}, dump port ${d.b}`);
  if (o.routeTable)
    console.log(
      `wrote ${o.routeTable}: run it with network.routing: table, routingOptions: { file: ${o.routeTable} }`,
    );
}

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkLft, checkMft } from '../src/ib/check.js';
import { lftsDump, mcfdbsDump } from '../src/ib/dump.js';
import { ibsimNetFile, portOrderFile, xFirstPort } from '../src/ib/ibsim.js';
import { importLfts, importMcfdbs, lftDiff } from '../src/ib/import.js';
import { lftRouteTable, lftRow, xyLft } from '../src/ib/lft.js';
import { maskPorts, mftUnion, networkPorts } from '../src/ib/mft.js';
import { asIbMesh, hostLid, MLID_BASE, switchLid } from '../src/ib/subnet.js';
import { routeTableToJson } from '../src/routing/table.js';
import type { IbaMesh } from '../src/topology/ibmesh.js';
import { parseTopology } from '../src/topology/registry.js';
import { McsimError, withField } from '../src/util/errors.js';

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

export interface IbCheckOpts {
  topology: string;
  lfts: string;
  mcfdbs?: string;
  cabling?: string;
  json?: boolean;
}

function readText(file: string, field: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new McsimError(`cannot read "${file}": ${(e as Error).message.split('\n')[0]}`, field);
  }
}

function cablingMap(cabling: string | undefined): ((p: number) => number) | undefined {
  const c = cabling ?? 'paper';
  if (c !== 'paper' && c !== 'x-first')
    throw new McsimError(`"${c}" is not a cabling (allowed: paper, x-first)`, '--cabling');
  return c === 'x-first' ? xFirstPort : undefined;
}

/**
 * `mcsim ib check`: checks a fabric's tables before they are simulated
 * (docs/algorithms/ib-mcast.md): every LFT route reaches its host by a shortest path; every MLID's
 * MFT is one source's tree that gives each host it reaches one copy. Returns 6 when a check fails.
 */
export function ibCheckCommand(o: IbCheckOpts): number {
  const t = mesh(o.topology);
  const imported = importLfts(t, readText(o.lfts, '--lfts'), o.lfts, cablingMap(o.cabling));
  const lftProblems = checkLft(t, imported.lft);
  const mfts = o.mcfdbs
    ? importMcfdbs(t, readText(o.mcfdbs, '--mcfdbs'), imported.switchByGuid, o.mcfdbs)
    : new Map();
  const groups = [...mfts.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([mlid, masks]) => {
      const c = checkMft(t, masks);
      return {
        mlid: `0x${mlid.toString(16).toUpperCase()}`,
        root: c.root >= 0 ? t.formatSwitch(c.root) : null,
        hosts: c.reached.length,
        problems: c.problems,
      };
    });
  const failed = lftProblems.length > 0 || groups.some((g) => g.problems.length > 0);
  if (o.json) {
    process.stdout.write(
      `${JSON.stringify({ topology: t.spec, ok: !failed, lft: lftProblems, mfts: groups })}\n`,
    );
    return failed ? 6 : 0;
  }
  console.log(
    `${o.lfts}: ${lftProblems.length === 0 ? 'every route reaches its host by a shortest path' : `${lftProblems.length} route(s) fail`}`,
  );
  for (const p of lftProblems.slice(0, 20)) console.log(`  ${p}`);
  for (const g of groups)
    console.log(
      `MLID ${g.mlid}: ${g.problems.length === 0 ? `a tree from ${g.root}, one copy to each of ${g.hosts} host(s)` : g.problems.join('; ')}`,
    );
  console.log(failed ? 'FAILED: these tables are not fit to simulate' : 'ok');
  return failed ? 6 : 0;
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
  const imported = importLfts(t, readText(o.lfts, '--lfts'), o.lfts, cablingMap(o.cabling));
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

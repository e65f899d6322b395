import type { IbaMesh } from '../topology/ibmesh.js';
import { type Lft, lftPort } from './lft.js';
import { type Mft, maskPorts } from './mft.js';
import { hcaDesc, hcaGuid, hex64, lidTarget, NO_PORT, switchDesc, switchGuid, switchLid } from './subnet.js';

/**
 * Writers of OpenSM's dump formats (docs/algorithms/ib-mcast.md, "Names and formats"), so mcsim's
 * tables can be compared with a subnet manager's and loaded where OpenSM's file routing engine
 * reads them. Switches are written in (x, y) order (mcsim's convention), i.e. in order of their
 * GUIDs.
 */

/** Switch ids in (x, y) order. */
export function switchOrder(t: IbaMesh): number[] {
  const out: number[] = [];
  for (let x = 0; x < t.m; x++) for (let y = 0; y < t.n; y++) out.push(x + t.m * y);
  return out;
}

function pad(n: number, width: number, radix = 10): string {
  return n.toString(radix).padStart(width, '0');
}

/**
 * `opensm-lfts.dump`: per switch a header naming its LID, GUID and description, one line per LID
 * with a valid port (`0x%04x %03u # <type> portguid <guid>: '<desc>'`), and `<max LID> lids dumped`.
 */
export function lftsDump(t: IbaMesh, lft: Lft): string {
  const max = lft.width - 1;
  const lines: string[] = [];
  for (const s of switchOrder(t)) {
    lines.push(
      `Unicast lids [0-${max}] of switch Lid ${switchLid(t, s)} guid ${hex64(switchGuid(t, s))} ('${switchDesc(t, s)}'):`,
    );
    for (let lid = 1; lid <= max; lid++) {
      const p = lftPort(lft, s, lid);
      if (p === NO_PORT) continue;
      const target = lidTarget(t, lid)!;
      const who =
        target.kind === 'hca'
          ? `Channel Adapter portguid ${hex64(hcaGuid(t, target.node))}: '${hcaDesc(t, target.node)}'`
          : `Switch portguid ${hex64(switchGuid(t, target.node))}: '${switchDesc(t, target.node)}'`;
      lines.push(`0x${pad(lid, 4, 16)} ${pad(p, 3)} # ${who}`);
    }
    lines.push(`${max} lids dumped`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * `opensm.mcfdbs`: for each switch with a non-empty entry, an empty line, `Switch <guid>`,
 * `LID    : Out Port(s)`, then per MLID `0x%04X :` and ` 0x%03X ` per port.
 */
export function mcfdbsDump(t: IbaMesh, mfts: readonly Mft[]): string {
  const sorted = [...mfts].sort((a, b) => a.mlid - b.mlid);
  let out = '';
  for (const s of switchOrder(t)) {
    const rows = sorted.filter((m) => m.masks[s] !== 0);
    if (rows.length === 0) continue;
    out += `\nSwitch ${hex64(switchGuid(t, s))}\nLID    : Out Port(s)\n`;
    for (const m of rows) {
      out += `0x${m.mlid.toString(16).toUpperCase().padStart(4, '0')} :`;
      for (const p of maskPorts(m.masks[s]!)) out += ` 0x${p.toString(16).toUpperCase().padStart(3, '0')} `;
      out += '\n';
    }
  }
  return out;
}

import { IB_EAST, IB_HOST, IB_NORTH, IB_SOUTH, IB_WEST, type IbaMesh } from '../topology/ibmesh.js';
import { switchOrder } from './dump.js';
import { hcaDesc, hcaGuid, hex64, hostLid, switchDesc, switchGuid, switchLid } from './subnet.js';

/** Every link is 1X SDR (003 sec. 4); ibsim reads width and speed from the end of a port line. */
const LINK = '1xSDR';

/**
 * The fabric of an IbaMesh as an ibsim net file (ibnetdiscover's format): one block per switch
 * (`Switch 5 "S-<guid>" # "<desc>"`, then `[port] "peer"[peer port] # "<peer desc>" lid <peer LID> 1xSDR`
 * per link) and per host
 * adapter, preceded by `switchguid=`/`caguid=` lines so the fabric carries mcsim's GUIDs
 * (docs/algorithms/ib-mcast.md, "Names and formats"). Ports are the mesh's own: E=1 N=2 W=3 S=4 and
 * the host on 5. With `order` 'x-first' the switch ports are recabled E=1 W=2 N=3 S=4, the
 * numbering under which OpenSM's dimension-order routing picks X before Y (it takes the first
 * shortest port in port order; `npm run test:opensm` checks it).
 */
export function ibsimNetFile(t: IbaMesh, order: 'paper' | 'x-first' = 'paper'): string {
  const map = order === 'paper' ? (p: number) => p : xFirstPort;
  const sw = (s: number) => `"S-${hex64(switchGuid(t, s)).slice(2)}"`;
  const ca = (n: number) => `"H-${hex64(hcaGuid(t, n)).slice(2)}"`;
  const blocks: string[] = [];
  for (const s of switchOrder(t)) {
    const lines = [`switchguid=${hex64(switchGuid(t, s))}`, `Switch 5 ${sw(s)} # "${switchDesc(t, s)}"`];
    for (const p of [IB_EAST, IB_NORTH, IB_WEST, IB_SOUTH]) {
      const nb = t.neighbor(s, p);
      if (nb < 0) continue;
      const back = ((p + 1) % 4) + 1;
      lines.push(
        `[${map(p)}] ${sw(nb)}[${map(back)}] # "${switchDesc(t, nb)}" lid ${switchLid(t, nb)} ${LINK}`,
      );
    }
    lines.push(`[${IB_HOST}] ${ca(s)}[1] # "${hcaDesc(t, s)}" lid ${hostLid(t, s)} ${LINK}`);
    blocks.push(lines.join('\n'));
  }
  for (const s of switchOrder(t))
    blocks.push(
      [
        `caguid=${hex64(hcaGuid(t, s))}`,
        `Hca 1 ${ca(s)} # "${hcaDesc(t, s)}"`,
        `[1] ${sw(s)}[${IB_HOST}] # "${switchDesc(t, s)}" lid ${switchLid(t, s)} ${LINK}`,
      ].join('\n'),
    );
  return `${blocks.join('\n\n')}\n`;
}

/** Port numbers of the 'x-first' cabling: E=1 W=2 N=3 S=4 (host 5). */
export function xFirstPort(p: number): number {
  return p >= 2 && p <= 3 ? 5 - p : p;
}

/**
 * OpenSM's `--port_search_ordering_file` for the paper's numbering: `<switch guid> 1 3 2 4` on
 * every switch, so dimension-order routing tries the X ports (E, W) before the Y ports.
 */
export function portOrderFile(t: IbaMesh): string {
  return switchOrder(t)
    .map((s) => `${hex64(switchGuid(t, s))} ${IB_EAST} ${IB_WEST} ${IB_NORTH} ${IB_SOUTH} ${IB_HOST}`)
    .join('\n')
    .concat('\n');
}

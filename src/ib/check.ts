import type { IbaMesh } from '../topology/ibmesh.js';
import { type Lft, lftPort } from './lft.js';
import { propagate } from './propagate.js';
import { HOST_PORT, hostLid, NO_PORT } from './subnet.js';

/**
 * Checks of forwarding tables a subnet manager (or a user) wrote, before they are simulated
 * (docs/algorithms/ib-mcast.md, "Export, import and checks"): every LFT route must reach its host
 * by a shortest path, and every MFT must be a tree that gives each host it reaches exactly one
 * copy.
 */

/** LFT problems: routes that leave on a port without a link, loop, or are longer than the distance. */
export function checkLft(t: IbaMesh, lft: Lft): string[] {
  const out: string[] = [];
  for (let s = 0; s < t.numSwitches; s++)
    for (let d = 0; d < t.numNodes; d++) {
      const lid = hostLid(t, d);
      const [xs, ys] = t.coords(s) as [number, number];
      const [xd, yd] = t.coords(d) as [number, number];
      const dist = Math.abs(xs - xd) + Math.abs(ys - yd);
      let cur = s;
      let hops = 0;
      let problem = '';
      for (;;) {
        const p = lftPort(lft, cur, lid);
        if (p === HOST_PORT && cur === d) break;
        const next = p === NO_PORT || p === HOST_PORT ? -1 : t.neighbor(cur, p);
        if (next < 0) {
          problem = `port ${p} at ${t.formatSwitch(cur)} leads nowhere`;
          break;
        }
        if (++hops > t.numSwitches) {
          problem = 'loops';
          break;
        }
        cur = next;
      }
      if (!problem && hops > dist) problem = `takes ${hops} hops, the distance is ${dist}`;
      if (problem) out.push(`${t.formatSwitch(s)} toward ${t.formatNode(d)} (LID ${lid}): ${problem}`);
    }
  return out;
}

export interface MftCheck {
  /** The switch no MFT port leads to (the source's), or -1 when there is not exactly one. */
  root: number;
  /** Hosts that get a copy, and those that get more than one. */
  reached: number[];
  duplicated: number[];
  loop: boolean;
  deadPorts: string[];
  /** Problems in words; empty when the MFT is a tree with one copy per host. */
  problems: string[];
}

/** An MFT of one MLID as a per-source tree (ib-mcast.md): one root, no duplicates, no loop, no dead port. */
export function checkMft(t: IbaMesh, masks: Uint8Array): MftCheck {
  const entered = new Uint8Array(t.numSwitches);
  for (let s = 0; s < t.numSwitches; s++)
    for (let p = 1; p < HOST_PORT; p++)
      if ((masks[s]! >> p) & 1 && t.neighbor(s, p) >= 0) entered[t.neighbor(s, p)] = 1;
  const roots: number[] = [];
  for (let s = 0; s < t.numSwitches; s++) if (masks[s] && !entered[s]) roots.push(s);
  const problems: string[] = [];
  if (roots.length !== 1)
    problems.push(
      roots.length === 0
        ? 'no root: every switch of the table is entered by another (a cycle, or a shared tree)'
        : `${roots.length} roots (${roots.map((r) => t.formatSwitch(r)).join(', ')}): not one source's tree`,
    );
  const root = roots.length === 1 ? roots[0]! : -1;
  // Without one root, follow a packet from the first switch of the table, as a source there would send it.
  const from = root >= 0 ? root : masks.findIndex((m) => m !== 0);
  const run = from >= 0 ? propagate(t, masks, from) : undefined;
  const reached: number[] = [];
  const duplicated: number[] = [];
  if (run)
    run.delivered.forEach((c, v) => {
      if (c > 0) reached.push(v);
      if (c > 1) duplicated.push(v);
    });
  if (duplicated.length)
    problems.push(
      `duplicates: ${duplicated.map((v) => `${t.formatNode(v)} gets ${run!.delivered[v]}`).join(', ')}`,
    );
  if (run?.loop) problems.push(`copies circulate (a loop) from ${t.formatSwitch(from)}`);
  if (run?.deadPorts.length) problems.push(`ports without a link: ${run.deadPorts.join(', ')}`);
  return { root, reached, duplicated, loop: run?.loop ?? false, deadPorts: run?.deadPorts ?? [], problems };
}

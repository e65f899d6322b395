import type { IbaMesh } from '../topology/ibmesh.js';
import { HOST_PORT } from './subnet.js';

/** What one multicast packet does when switches replicate it by an MFT. */
export interface Propagation {
  /** Copies each host received. */
  readonly delivered: Int32Array;
  /** Copies each switch received (the source switch counts the injected packet). */
  readonly switchCopies: Int32Array;
  /** Copies sent over switch-to-switch links. */
  readonly networkHops: number;
  /** True when copies kept circulating (a switch received more copies than there are links into it, or the budget ran out). */
  readonly loop: boolean;
  /** Ports in an MFT that lead nowhere (no link), as `switch:port`. */
  readonly deadPorts: string[];
}

/**
 * Follows one multicast packet injected at `source`'s switch through switches that replicate it to
 * every port of their MFT entry except the one it arrived on, and deliver it on the host port
 * (InfiniBand's forwarding). A functional model, no timing: it counts copies, so duplicates and
 * loops show, and a table passes only when every member gets exactly one copy.
 */
export function propagate(t: IbaMesh, masks: Uint8Array, source: number): Propagation {
  const delivered = new Int32Array(t.numNodes);
  const switchCopies = new Int32Array(t.numSwitches);
  const deadPorts = new Set<string>();
  // A loop-free table sends each switch at most 4 copies (one per link into it).
  const budget = 4 * t.numSwitches + 4;
  let networkHops = 0;
  let loop = false;
  const queue: Array<[number, number]> = [[t.nodeSwitch(source), HOST_PORT]];
  while (queue.length > 0) {
    const [s, inPort] = queue.shift()!;
    if (++switchCopies[s]! > 4 || networkHops > budget) {
      loop = true;
      break;
    }
    const mask = masks[s]!;
    for (let p = 1; p <= HOST_PORT; p++) {
      if (!((mask >> p) & 1) || p === inPort) continue;
      if (p === HOST_PORT) {
        delivered[s]!++;
        continue;
      }
      const next = t.neighbor(s, p);
      if (next < 0) {
        deadPorts.add(`${t.formatSwitch(s)}:${p}`);
        continue;
      }
      networkHops++;
      queue.push([next, arrivalPort(p)]);
    }
  }
  return { delivered, switchCopies, networkHops, loop, deadPorts: [...deadPorts] };
}

/** The port a packet sent on port `p` arrives on at the neighbour: E<->W, N<->S. */
function arrivalPort(p: number): number {
  return ((p + 1) % 4) + 1;
}

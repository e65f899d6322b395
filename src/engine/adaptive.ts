import { BR, BR_ALT, BR_ROUTE } from './branch-record.js';
import type { SwitchPolicy } from './policy.js';
import type { EngineState } from './state.js';

/**
 * The choice of an adaptive routing (a branch with several candidate ports, e.g. the up ports of
 * LCA routing on a fat tree, 002 sec. 3.3). Made when the header asks for an output, from the state
 * at the start of the cycle (before any of the cycle's grants), so the order in which requests are
 * visited never changes it; a header still waiting chooses again next cycle. The policy is our
 * reading of 002's "adaptively" (docs/switched-networks.md, "Routing"): the first idle candidate in
 * cyclic order from the switch's pointer (idle: a VC the route allows is free and the switch model
 * would take the packet); if none is idle, the one holding the fewest flits, ties in the same
 * cyclic order. The pointer moves past a port when a header is granted through it.
 */
export class AdaptiveChoice {
  /** Per switch: the port the cyclic order starts from. */
  private readonly pointer: Uint8Array;

  constructor(
    private readonly s: EngineState,
    private readonly policy: SwitchPolicy,
  ) {
    this.pointer = new Uint8Array(s.net.numSwitches);
  }

  /** The port branch `slot` (at switch r, of a worm of `len` flits) asks for this cycle. */
  choose(slot: number, r: number, len: number): number {
    const s = this.s;
    const net = s.net;
    const alt = s.br[BR * slot + BR_ALT]!;
    const vcMask = s.br[BR * slot + BR_ROUTE]! >>> 8;
    const P = net.numPorts;
    let best = -1;
    let bestLoad = Number.POSITIVE_INFINITY;
    for (let i = 0; i < P; i++) {
      const port = (this.pointer[r]! + i) % P;
      if (!((alt >>> port) & 1)) continue;
      const pc = net.portChannel[r * P + port]!;
      if (pc < 0) continue;
      const first = net.pcFirstBuf[pc]!;
      let load = 0;
      for (let v = 0; v < net.pcVcs[pc]!; v++) {
        const cand = first + v;
        if (s.owner[cand] === -1) {
          const credited = cand >= s.freeAt.length || s.now >= s.freeAt[cand]!;
          if ((v >= 24 || (vcMask >>> v) & 1) && credited && this.policy.canAllocate(cand, len)) return port;
        } else load += s.recv[cand]! - s.minSent(cand);
      }
      if (load < bestLoad) {
        best = port;
        bestLoad = load;
      }
    }
    return best;
  }

  /** A header was granted an output through `port` of switch r: the next search starts after it. */
  granted(r: number, port: number): void {
    this.pointer[r] = (port + 1) % this.s.net.numPorts;
  }
}

import { F_ABSORB, F_FORWARD, F_TEMP } from '../plan/worm.js';
import { routeStep } from '../routing/follow.js';
import { EJECT } from '../routing/routing.js';
import { McsimError } from '../util/errors.js';
import { BR, BR_ALT, BR_GROUP, BR_LEG, BR_ROUTE, BR_SINK, BR_TARGET } from './branch-record.js';
import type { CompiledWorm } from './compile.js';
import { HD, HD_LEG, HD_PREV_PORT, HD_TARGET } from './head-record.js';
import { PL, PL_ROUTER } from './place-record.js';
import type { SwitchPolicy } from './policy.js';
import type { EngineState, Timing } from './state.js';

/**
 * Head processing: when a worm's header enters a buffer, the router reads it, consumes the stops
 * addressed to it and sets up the buffer's out-branches (000 Fig. 6): a consumption branch when a
 * stop absorbs, one network branch toward each next stop when it forwards (a tree worm replicates
 * here), or a single branch toward the current target. Each branch carries the route chosen by the
 * routing function; VC allocation later gives it an output buffer.
 */
export class HeadStage {
  private readonly s: EngineState;
  private readonly timing: Timing;
  private readonly policy: SwitchPolicy | undefined;
  /** Level of every switch in a tree of switches (0 elsewhere), for stops at a switch level. */
  private readonly level: Uint8Array;

  constructor(s: EngineState, timing: Timing, policy?: SwitchPolicy) {
    this.s = s;
    this.timing = timing;
    this.policy = policy?.branchDelay === undefined ? undefined : policy;
    const topo = s.net.topology;
    this.level = new Uint8Array(s.net.numSwitches);
    if (topo.switchLevel) for (let r = 0; r < this.level.length; r++) this.level[r] = topo.switchLevel(r);
  }

  /**
   * Is stop T of worm cw consumed at switch r: its node's switch, or, for a stop at a switch level,
   * the switch of that level whose subtree holds the stop's node (the first the worm reaches).
   */
  private at(cw: CompiledWorm, T: number, r: number): boolean {
    const lv = cw.level[T]!;
    if (lv === 0) return this.s.net.nodeSwitch[cw.node[T]!] === r;
    const topo = this.s.net.topology;
    if (!topo.covers)
      throw new McsimError(`${topo.spec} has no switch levels: a stop cannot name level ${lv}`);
    return this.level[r] === lv && topo.covers(r, cw.node[T]!);
  }

  /**
   * The header has arrived in buffer b (of switch r) at cycle t. A stop whose end node is attached
   * to r is consumed here; otherwise the worm is routed on toward its current target.
   */
  arrived(b: number, t: number): void {
    const s = this.s;
    const r = s.place[PL * b + PL_ROUTER]!;
    const w = s.owner[b]!;
    const cw = s.wormC[w]!;
    const T = s.head[HD * b + HD_TARGET]!;
    s.brN[b] = 0;
    let modified = false;
    let netBranches = 0;
    if (this.at(cw, T, r)) {
      // A stop at a switch level leaves the header as it is (002 sec. 5.1: the same bit string on
      // every branch), so it costs the plain routing delay.
      modified = cw.level[T] === 0;
      netBranches = this.consumeStop(b, cw, T, r);
    } else {
      this.addNetBranch(b, cw, T, s.head[HD * b + HD_LEG]!, r);
      netBranches = 1;
    }
    const tm = this.timing;
    const delay = modified && netBranches > 0 ? tm.routingDelayModified : tm.routingDelay;
    // The head entered at cycle t; it leaves after the routing decision, one cycle per link.
    s.readyAt[b] = t + delay + 1;
    if (this.policy !== undefined) this.delayBranches(b, s.readyAt[b]!);
    if (s.brN[b]! > 0) s.pendFrom(b, s.readyAt[b]!);
  }

  /**
   * The switch model's extra delay per branch (SwitchPolicy.branchDelay): branches are ranked by
   * ascending output port (a consumption branch by its end node's port), as 002's replicating
   * switches serve the ports reading one packet (docs/algorithms/central-buffer.md, "The chunk path").
   */
  private delayBranches(b: number, ready: number): void {
    const s = this.s;
    const n = s.brN[b]!;
    for (let k = 0; k < n; k++) {
      const pk = this.branchPort(s.slot(b, k));
      let rank = 0;
      for (let j = 0; j < n; j++) if (j !== k && this.branchPort(s.slot(b, j)) < pk) rank++;
      s.brReady[s.slot(b, k)] = ready + this.policy!.branchDelay!(b, n, rank);
    }
  }

  private branchPort(slot: number): number {
    const s = this.s;
    if (!s.br[BR * slot + BR_SINK]) return s.br[BR * slot + BR_ROUTE]! & 0xff;
    const w = s.owner[s.slotBuf(slot)]!;
    return s.net.nodePort[s.wormC[w]!.node[s.br[BR * slot + BR_TARGET]!]!]!;
  }

  private consumeStop(b: number, cw: CompiledWorm, T: number, r: number): number {
    const s = this.s;
    const f = cw.flags[T]!;
    let netBranches = 0;
    if (f & (F_ABSORB | F_TEMP)) {
      // A consumption branch toward the stop's end node; allocation finds its channels by the node.
      const k = this.newBranch(b, r);
      const slot = s.slot(b, k);
      const rec = BR * slot;
      s.br[rec + BR_SINK] = 1;
      s.br[rec + BR_TARGET] = T;
      s.br[rec + BR_ROUTE] = (1 << 8) | EJECT;
      s.br[rec + BR_GROUP] = s.net.numNetChannels + cw.node[T]!;
    }
    if (f & F_FORWARD) {
      const cs = cw.childStart[T]!;
      for (let i = 0; i < cw.childCount[T]!; i++) {
        const C = cw.children[cs + i]!;
        if (this.at(cw, C, r)) netBranches += this.consumeStop(b, cw, C, r);
        else {
          this.addNetBranch(b, cw, C, r, r);
          netBranches++;
        }
      }
    }
    return netBranches;
  }

  private newBranch(b: number, r: number): number {
    const s = this.s;
    const k = s.brN[b]!;
    if (k >= s.MB)
      throw new McsimError(
        `a worm replicates into more than ${s.MB} branches at switch ${s.net.topology.formatSwitch(r)}`,
      );
    s.brN[b] = k + 1;
    const slot = s.slot(b, k);
    s.brOut[slot] = -1;
    s.brSent[slot] = 0;
    s.br[BR * slot + BR_SINK] = 0;
    // A slot is reused by later worms: a branch has alternatives only if addNetBranch gives them.
    s.br[BR * slot + BR_ALT] = 0;
    return k;
  }

  private addNetBranch(b: number, cw: CompiledWorm, C: number, leg: number, r: number): void {
    const s = this.s;
    const net = s.net;
    const dest = cw.node[C]!;
    const rf = cw.routing === undefined ? net.routing : net.routingByName(cw.routing);
    const packed = routeStep(net.topology, rf, r, dest, leg, s.head[HD * b + HD_PREV_PORT]!, cw.source);
    const port = packed & 0xff;
    // Replication sends one copy per output channel; two branches on one channel would wait for
    // each other's VC (a self-deadlock with one VC), so such a header is rejected.
    for (let k = 0; k < s.brN[b]!; k++) {
      const o = s.slot(b, k);
      if (!s.br[BR * o + BR_SINK] && (s.br[BR * o + BR_ROUTE]! & 0xff) === port)
        throw new McsimError(
          `tree worm from ${net.topology.formatNode(cw.source)} replicates twice into channel ${net.topology.portName(port)} at switch ${net.topology.formatSwitch(r)}: branches must leave through different channels`,
        );
    }
    const k = this.newBranch(b, r);
    const slot = s.slot(b, k);
    const rec = BR * slot;
    s.br[rec + BR_TARGET] = C;
    s.br[rec + BR_LEG] = leg;
    s.br[rec + BR_ROUTE] = packed;
    s.br[rec + BR_GROUP] = net.portChannel[r * net.numPorts + port]!;
    // An adaptive routing offers a choice of ports; the allocator makes it (engine/adaptive.ts).
    const alt = rf.alternatives === undefined ? 0 : rf.alternatives(r, dest);
    s.br[rec + BR_ALT] = (alt & (alt - 1)) === 0 ? 0 : alt;
  }
}

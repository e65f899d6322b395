import { longer } from '../util/longer.js';
import { AdaptiveChoice } from './adaptive.js';
import { BR, BR_ALT, BR_GROUP, BR_LEG, BR_ROUTE, BR_TARGET } from './branch-record.js';
import { LONG_WAIT, type ShortcutSet } from './fast/shortcuts.js';
import { HD, HD_LEG, HD_PREV_PORT, HD_TARGET } from './head-record.js';
import { BUF_INJ, BUF_NET, inputPort } from './network.js';
import { PL, PL_GROUP, PL_KIND, PL_PC } from './place-record.js';
import type { SwitchPolicy } from './policy.js';
import { RowSort } from './row-sort.js';
import type { EngineState } from './state.js';

/**
 * Output (VC) allocation, stage 2 of a cycle. Heads past their routing delay request a free buffer
 * among the candidates of their route: a VC of the chosen channel in the set the routing function
 * allowed, or one of the node's consumption channels. Requests are grouped per channel (or per
 * node's consumption channels) and served in round-robin order of requesting buffer, each taking
 * the lowest free VC it may use and the switch model accepts; a switch model that serves its input
 * packets in order keeps a header from requesting until its packet is at the front, and one that
 * keeps per-output queues (002's switches) lets only the front of each queue compete (`onRequest`,
 * `mayClaim`). Only buffers with an unallocated
 * branch are visited (the pending list), so the cost follows what waits, not the network's size.
 */
export class Allocator {
  private readonly s: EngineState;
  private readonly policy: SwitchPolicy;
  /** The switch model serves each input's packets in order (asks `mayRequest`). */
  private readonly ordered: boolean;
  /** VCs per lane (SwitchPolicy.laneSlots): requests rotate over lanes, the input FIFOs. */
  private readonly laneSlots: number;
  /** Per allocation group (network channel, or a node's consumption channels): round-robin pointer. */
  private readonly rrAlloc: Int32Array;
  // Requests of the current cycle (slot, group, priority); grown on demand, never per cycle.
  private reqSlot = new Int32Array(64);
  private reqGroup = new Int32Array(64);
  private reqPri = new Int32Array(64);
  private readonly rowSort = new RowSort();
  private readonly adaptive: AdaptiveChoice;
  /**
   * Per-output queues of the switch model (SwitchPolicy.onRequest / mayClaim), called on the policy
   * itself, not through bound copies (LinkReadiness.gated says why).
   */
  private readonly onRequest: boolean;
  /** Adaptive branches whose choice the model commits at the request, chosen after the request loop. */
  private defer: Int32Array = new Int32Array(16);
  private inKey: Int32Array | undefined;
  private readonly mayClaim: boolean;
  /** The channelRefusal shortcut (fast/shortcuts.ts): one refusal of canAllocate covers the channel's VCs. */
  private readonly byChannel: boolean;
  /**
   * The queueWaits shortcut (fast/shortcuts.ts): a branch the model says waits in its output's queue
   * behind another packet (SwitchPolicy.waitsInQueue) is not requested; mayClaim would refuse it.
   */
  private readonly queueWaits: boolean;
  /**
   * The frontWaits shortcut (fast/shortcuts.ts): a branch at the front of its output's queue that the
   * model says its output cannot take yet (SwitchPolicy.waitsAtFront) is not requested; it would be
   * refused. Its head is passed over as queueWaits passes heads over.
   */
  private readonly frontWaits: boolean;
  /**
   * The inputWaits shortcut (fast/shortcuts.ts): a head the model says waits behind another packet
   * in its input's FIFO (SwitchPolicy.waitsInInput) is passed over as queueWaits passes a head over.
   */
  private readonly inputWaits: boolean;

  /** `shortcuts`: those of the engine (queueWaits, inputWaits, channelRefusal); absent: none. */
  constructor(s: EngineState, policy: SwitchPolicy, shortcuts?: ShortcutSet) {
    this.s = s;
    this.policy = policy;
    this.adaptive = new AdaptiveChoice(s, policy);
    this.ordered = policy.ordered;
    this.laneSlots = policy.laneSlots ?? 1;
    this.rrAlloc = new Int32Array(s.net.numNetChannels + s.net.numNodes);
    this.onRequest = policy.onRequest !== undefined;
    this.mayClaim = policy.mayClaim !== undefined;
    this.byChannel = shortcuts?.channelRefusal === true;
    this.queueWaits = shortcuts?.queueWaits === true && policy.waitsInQueue !== undefined;
    this.inputWaits = shortcuts?.inputWaits === true && policy.waitsInInput !== undefined;
    this.frontWaits = this.queueWaits && shortcuts?.frontWaits === true && policy.waitsAtFront !== undefined;
  }

  allocate(t: number): void {
    this.s.duePending(t);
    let nreq = this.collect(t);
    if (nreq === 0) return;
    if (this.mayClaim) nreq = this.claimable(nreq, t);
    this.sortRequests(nreq);
    this.grantAll(nreq, t);
    this.dropGranted();
  }

  /** The cycle's requests, from the pending heads whose routing delay is over; returns their count. */
  private collect(t: number): number {
    const s = this.s;
    const net = s.net;
    const NB = s.NB;
    const brOut = s.brOut;
    const br = s.br;
    let nreq = 0;
    let ndefer = 0;
    const waits = s.waits !== undefined;
    // Heads whose every open branch waits in its output's queue (below), or behind another packet
    // in its input, have nothing to ask until the model tells an event (queueFront): parked, their
    // places are passed over without a visit (most pending heads under heavy load).
    const asking = s.asking.words;
    for (let i = 0; i < s.pendCount; i++) {
      const w = asking[i >> 5]! >> (i & 31);
      if (w === 0) {
        i |= 31;
        continue;
      }
      i += 31 - Math.clz32(w & -w);
      if (i >= s.pendCount) break;
      const b = s.pend[i]!;
      if (t < s.readyAt[b]!) continue;
      if (this.ordered && !this.policy.mayRequest!(b)) {
        // Behind another packet in its input: nothing to ask until it is at the front (inputWaits).
        if (this.inputWaits && t >= s.readyAt[b]! + LONG_WAIT && this.policy.waitsInInput!(b)) s.park(b);
        continue;
      }
      const n = s.brN[b]!;
      // A unicast head whose group has no free buffer would not ask (request): it waits on the
      // group's list until a buffer of it is released, instead of being visited every cycle. Its
      // place in the list is taken by the last pending buffer, visited next.
      if (
        waits &&
        n === 1 &&
        brOut[b] === -1 &&
        br[BR * b + BR_ALT] === 0 &&
        s.groupFree[br[BR * b + BR_GROUP]!] === 0
      ) {
        if (b >= s.brReady.length || t >= s.brReady[b]!) {
          s.waitForGroup(b, br[BR * b + BR_GROUP]!);
          i--;
          continue;
        }
      }
      const r = net.bufRouter[b]!;
      // queueWaits takes heads that have waited LONG_WAIT cycles (fast/shortcuts.ts).
      const longWait = this.queueWaits && t >= s.readyAt[b]! + LONG_WAIT;
      let open = 0;
      let behind = 0;
      for (let k = 0; k < n; k++) {
        const slot = k * NB + b;
        if (brOut[slot] !== -1) continue;
        open++;
        if (slot < s.brReady.length && t < s.brReady[slot]!) continue;
        const alt = br[BR * slot + BR_ALT]!;
        // Behind another packet in its output's queue: mayClaim would refuse it (queueWaits). At
        // the front, with an output that cannot take it yet: the grant would refuse it (frontWaits).
        if (alt === 0 && longWait && this.waits(slot, br[BR * slot + BR_GROUP]!, t)) {
          behind++;
          continue;
        }
        if (alt !== 0) {
          // A model that commits adaptive choices at the request (onRequest) moves the switch's
          // pointer within the cycle: those choices are made after this loop, in a fixed order.
          if (this.onRequest) {
            if (ndefer === this.defer.length) this.defer = longer(this.defer, 2 * this.defer.length);
            this.defer[ndefer++] = slot;
            continue;
          }
          const port = this.adaptive.choose(slot, r, s.bufLen[b]!);
          br[BR * slot + BR_ROUTE] = (br[BR * slot + BR_ROUTE]! & ~0xff) | port;
          br[BR * slot + BR_GROUP] = net.portChannel[r * net.numPorts + port]!;
        }
        nreq = this.request(slot, b, t, nreq);
      }
      if (behind > 0 && behind === open) s.park(b);
    }
    if (ndefer > 0) nreq = this.committedChoices(ndefer, t, nreq);
    return nreq;
  }

  /**
   * Does branch `slot` wait for an event in group g's queue, behind another packet (queueWaits) or
   * at its front for an output that cannot take it yet (frontWaits)? Kept out of collect, whose
   * loop every engine runs, so that its size stays that of the engines without these models.
   */
  private waits(slot: number, g: number, t: number): boolean {
    return (
      this.policy.waitsInQueue!(slot, g, t) || (this.frontWaits && this.policy.waitsAtFront!(slot, g, t))
    );
  }

  /** Grants the sorted requests, each the lowest free VC its route allows and the switch model accepts. */
  private grantAll(nreq: number, t: number): void {
    const s = this.s;
    const net = s.net;
    const NB = s.NB;
    const br = s.br;
    const rs = this.reqSlot;
    const rg = this.reqGroup;
    for (let i = 0; i < nreq; i++) {
      const slot = rs[i]!;
      const g = rg[i]!;
      const b = slot < NB ? slot : slot % NB;
      const w = s.owner[b]!;
      // The worm's length, as every buffer of it holds (state.ts): read where grant() reads it
      // anyway, not from the worm's record (one more cache miss per header on a large network).
      const len = s.bufLen[b]!;
      let first: number;
      let count: number;
      let mask: number;
      if (g >= net.numNetChannels) {
        first = net.sinkFirst[g - net.numNetChannels]!;
        count = net.sinkPerNode;
        mask = 0xffffffff;
      } else {
        first = net.pcFirstBuf[g]!;
        count = net.pcVcs[g]!;
        mask = br[BR * slot + BR_ROUTE]! >>> 8;
      }
      const S = this.laneSlots;
      for (let v = 0; v < count; v++) {
        const bit = S === 1 || g >= net.numNetChannels ? v : Math.floor(v / S);
        if (bit < 24 && !((mask >>> bit) & 1)) continue;
        const cand = first + v;
        if (s.owner[cand] !== -1) continue;
        if (!this.policy.canAllocate(cand, len)) {
          // The model's answer holds for the whole channel (channelRefusal): no VC of it will do.
          if (this.byChannel && g < net.numNetChannels) break;
          continue;
        }
        // Under a credit delay the upstream router sees the buffer free only when the credit is in.
        if (cand < s.freeAt.length && t < s.freeAt[cand]!) continue;
        this.grant(slot, b, w, cand);
        this.rrAlloc[g] = S === 1 ? b + 1 : this.laneEnd(b);
        if (br[BR * slot + BR_ALT] !== 0)
          this.adaptive.granted(net.bufRouter[b]!, br[BR * slot + BR_ROUTE]! & 0xff);
        break;
      }
    }
  }

  /**
   * The round-robin pointer after input buffer b was served, when lanes have several slots: the
   * first buffer past b's lane, so that the next turn goes to another input FIFO (003 sec. 3 with
   * docs/algorithms/ib-mcast.md: requests of input buffers are served round-robin), not to the next packet of the same one.
   */
  private laneEnd(b: number): number {
    const net = this.s.net;
    const index = net.bufKind[b] === BUF_NET ? net.bufVc[b]! : b - net.injFirst[net.pcSrc[net.bufPc[b]!]!]!;
    return b - (index % this.laneSlots) + this.laneSlots;
  }

  /**
   * The model's allocatesByChannel holds now: canAllocate gives every VC of each network channel
   * the same answer (for tests, Engine.checkInvariants). The first channel it does not, or undefined.
   */
  check(): string | undefined {
    if (this.policy.allocatesByChannel !== true) return undefined;
    const net = this.s.net;
    for (let pc = 0; pc < net.numNetChannels; pc++) {
      const first = net.pcFirstBuf[pc]!;
      const yes = this.policy.canAllocate(first, 1);
      for (let v = 1; v < net.pcVcs[pc]!; v++)
        if (this.policy.canAllocate(first + v, 1) !== yes)
          return `allocatesByChannel: canAllocate answers VC 0 and VC ${v} of channel ${pc} differently`;
    }
    return undefined;
  }

  /** Drops from the pending list the buffers whose branches all have an output now. */
  private dropGranted(): void {
    const s = this.s;
    const NB = s.NB;
    const brOut = s.brOut;
    // Parked heads (collect) were granted nothing: passed over.
    const asking = s.asking.words;
    for (let i = 0; i < s.pendCount; i++) {
      const w = asking[i >> 5]! >> (i & 31);
      if (w === 0) {
        i |= 31;
        continue;
      }
      i += 31 - Math.clz32(w & -w);
      if (i >= s.pendCount) break;
      const b = s.pend[i]!;
      const n = s.brN[b]!;
      let open = false;
      for (let k = 0; k < n; k++) if (brOut[k * NB + b] === -1) open = true;
      // Removed: the list's last head takes its place, visited next.
      if (!open) {
        s.unpend(b);
        i--;
      }
    }
  }

  /** Branch `slot` of buffer b asks for its group's buffers (the model told first); returns the request count. */
  private request(slot: number, b: number, t: number, nreq: number): number {
    const s = this.s;
    const group = s.br[BR * slot + BR_GROUP]!;
    if (this.onRequest) this.policy.onRequest!(slot, group, t);
    // No free buffer in the group at the start of the cycle: no grant is possible (this cycle's
    // grants only take buffers, releases come later in the cycle), so the request is not made.
    if (s.groupFree[group] === 0) return nreq;
    if (nreq === this.reqSlot.length) this.growReq();
    const NBtot = s.net.numBuffers;
    this.reqSlot[nreq] = slot;
    this.reqGroup[nreq] = group;
    this.reqPri[nreq] = (b - this.rrAlloc[group]! + NBtot) % NBtot;
    return nreq + 1;
  }

  /**
   * Adaptive choices that the switch model commits when they are requested (onRequest clears the
   * alternatives, e.g. an input-buffer switch commits the up port when the request is queued, and
   * the pointer moves past it: docs/algorithms/input-buffer.md). Several heads of one switch may
   * choose in one cycle, each seeing the pointer the previous one moved: they choose in order of
   * switch and input port (the order of same-cycle requests), not in the order they were visited.
   */
  private committedChoices(ndefer: number, t: number, nreq: number): number {
    const s = this.s;
    const net = s.net;
    const NB = s.NB;
    const key = this.inputKey();
    const d = this.defer;
    for (let i = 1; i < ndefer; i++) {
      const x = d[i]!;
      const kx = key[x % NB]!;
      let j = i - 1;
      while (j >= 0 && (key[d[j]! % NB]! > kx || (key[d[j]! % NB] === kx && d[j]! > x))) {
        d[j + 1] = d[j]!;
        j--;
      }
      d[j + 1] = x;
    }
    for (let i = 0; i < ndefer; i++) {
      const slot = d[i]!;
      const b = slot % NB;
      const r = net.bufRouter[b]!;
      const port = this.adaptive.choose(slot, r, s.bufLen[b]!);
      const slotRec = BR * slot;
      s.br[slotRec + BR_ROUTE] = (s.br[slotRec + BR_ROUTE]! & ~0xff) | port;
      s.br[slotRec + BR_GROUP] = net.portChannel[r * net.numPorts + port]!;
      nreq = this.request(slot, b, t, nreq);
      if (s.br[slotRec + BR_ALT] === 0) this.adaptive.granted(r, port);
    }
    return nreq;
  }

  /** Per buffer: switch * (ports + 1) + the input port its flits arrive by (+1; 0 from a processor), built on first use. */
  private inputKey(): Int32Array {
    if (this.inKey !== undefined) return this.inKey;
    const net = this.s.net;
    const key = new Int32Array(net.numBuffers);
    const P = net.numPorts + 1;
    for (let b = 0; b < net.numBuffers; b++) {
      const pc = net.bufPc[b]!;
      const kind = net.bufKind[b];
      const port =
        kind === BUF_NET ? inputPort(net, pc) : kind === BUF_INJ ? net.nodePort[net.pcSrc[pc]!]! : -1;
      key[b] = net.bufRouter[b]! * P + port + 1;
    }
    this.inKey = key;
    return key;
  }

  /** Keeps the requests the model's per-output queues let compete (after every onRequest of the cycle). */
  private claimable(nreq: number, t: number): number {
    const policy = this.policy;
    let n = 0;
    for (let i = 0; i < nreq; i++) {
      if (!policy.mayClaim!(this.reqSlot[i]!, this.reqGroup[i]!, t)) continue;
      this.reqSlot[n] = this.reqSlot[i]!;
      this.reqGroup[n] = this.reqGroup[i]!;
      this.reqPri[n] = this.reqPri[i]!;
      n++;
    }
    return n;
  }

  /** Sorts the requests by (group, priority), stably. */
  private sortRequests(nreq: number): void {
    this.rowSort.sort(nreq, this.reqGroup, this.reqPri, this.reqSlot);
  }

  private growReq(): void {
    const n = this.reqSlot.length * 2;
    this.reqSlot = longer(this.reqSlot, n);
    this.reqGroup = longer(this.reqGroup, n);
    this.reqPri = longer(this.reqPri, n);
  }

  /** Branch `slot` of buffer b (worm w) gets buffer `cand`; the worm holds it until its tail leaves. */
  private grant(slot: number, b: number, w: number, cand: number): void {
    const s = this.s;
    // A worm moving as a unit through this channel (streaming, packed or draining) could now meet
    // a competitor for the link: it goes on buffer by buffer from this cycle.
    const placeRec = PL * cand;
    const pc = s.place[placeRec + PL_PC]!;
    if (pc < s.unitChan.length && s.unitChan[pc] !== -1) s.stopUnit!(s.unitChan[pc]!);
    s.brOut[slot] = cand;
    s.wake(b);
    s.feeder[cand] = slot;
    s.owner[cand] = w;
    const g = s.place[placeRec + PL_GROUP]!;
    s.groupFree[g]!--;
    if (g < s.chanHeld.length) s.chanHeld[g]!++;
    s.bufLen[cand] = s.bufLen[b]!;
    s.recv[cand] = 0;
    s.brN[cand] = 0;
    s.wormLive[w]!++;
    this.policy.onGrant?.(cand);
    if (s.place[placeRec + PL_KIND] === BUF_NET) {
      s.wormMsg[w]!.channels++;
      // Every flit of the worm will cross this channel (a worm is never cut short; its traffic is
      // only read when it has finished), so its traffic is counted here rather than per flit.
      s.wormTraffic[w]! += s.bufLen[b];
      s.activate(cand);
    }
    // Where the flits heading into `cand` are going: the branch's target stop.
    const slotRec = BR * slot;
    const headRec = HD * cand;
    s.head[headRec + HD_TARGET] = s.br[slotRec + BR_TARGET]!;
    s.head[headRec + HD_LEG] = s.br[slotRec + BR_LEG]!;
    s.head[headRec + HD_PREV_PORT] = s.br[slotRec + BR_ROUTE]! & 0xff;
  }
}

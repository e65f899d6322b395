import { BUF_INJ, BUF_NET, BUF_SINK, type Network } from '../engine/network.js';
import { IB_HOST, type IbaMesh } from '../topology/ibmesh.js';
import { longer } from '../util/longer.js';
import { VlFifos } from './credit-fifo.js';
import { sortByPriority } from './request-order.js';
import { TimeWheel } from './time-wheel.js';
import { packetVlMask, type VlPolicy } from './vl.js';

/** One packet: its source, its destination (-1 for a multicast packet) and, for multicast, its MFT. */
export interface PacketJob {
  source: number;
  dest: number;
  mft?: Uint8Array;
  /** Its service level under `shared-sl`: its one VL on every link. */
  sl?: number;
}

export interface PacketSimSpec {
  policy: VlPolicy;
  vls: number;
  /** Packet length in flits. */
  length: number;
  /** Cycles of a routing decision (1 in the figures, docs/experiments/infiniband.md). */
  routingDelay: number;
  /**
   * `credit` buffer mode: packets each VL buffer holds (a FIFO, credit-fifo.ts), on the `packet`
   * mode's network. Absent or 1: one packet per VL buffer.
   */
  creditSlots?: number;
}

export interface PacketSimResult {
  /** Cycle the last tail reached its host (the makespan; all packets start at 0). */
  makespan: number;
  /** Flits moved over switch-to-switch links. */
  flitHops: number;
  /** False when packets were left undelivered with nothing more to happen (a deadlock). */
  complete: boolean;
}

const EV_READY = 0;
const EV_FREE = 1;
const EV_UNLOCK = 2;
const EV_HOST = 3;

/**
 * The InfiniBand fabric of the `ib` switch model, event-driven at packet granularity. Under virtual
 * cut-through with one packet per VL buffer and links that send whole packets, a packet's flits
 * move in lock-step: its header leaves a buffer at cycle t0 and its tail at t0 + L - 1. So the
 * flit-level engine's run is fixed by a few decisions per packet and hop, taken here at the same
 * cycles and in the same order as the engine takes them (a cycle's stages: the host adapters start
 * packets, outputs are allocated round-robin over the requesting buffers, links start one waiting
 * packet each round-robin over their VLs), on the `packet` mode's network (`ibNetwork`). Only the
 * cycles where something is freed or becomes ready are visited; test/ib/collective.test.ts checks
 * that the makespans equal the engine's.
 *
 * A buffer's packet is an entry: its number for the per-packet fields below. In the `packet` mode
 * a buffer holds one packet and is its own entry. With `creditSlots` S > 1 (the `credit` mode) a VL
 * buffer of a link or host link is a FIFO of S packets (credit-fifo.ts), each an entry numbered from
 * NB up: each packet still arrives and leaves whole at link rate, so the lock-step argument is
 * unchanged; the FIFO adds when a packet may be granted the buffer and which may request, as the
 * engine's `ibCreditSwitch` decides them on S one-packet slots a VL (test/ib/credit.test.ts).
 */
export function runPackets(
  t: IbaMesh,
  net: Network,
  spec: PacketSimSpec,
  jobs: readonly PacketJob[],
  onDeliver: (job: number, node: number, tail: number) => void,
): PacketSimResult {
  const L = spec.length;
  const R = spec.routingDelay;
  const NB = net.numBuffers;
  const NC = net.numNetChannels;
  const P = net.numPorts;
  // Branch slots per entry: a multicast packet branches to the ports of its MFT (at most every
  // port), a unicast to one. Without multicast packets an entry's one slot is its own number, so
  // the slots' fields lie as densely as the entries' (a sixth of the lines to fetch).
  const MB = jobs.some((j) => j.dest < 0) ? P + 1 : 1;
  const groups = NC + net.numNodes;
  const bufKind = net.bufKind;
  const bufPc = net.bufPc;
  const S = spec.creditSlots ?? 1;
  const fifos = S > 1 ? new VlFifos(NB, S, NB) : undefined;
  // Per entry (the packet a buffer holds): its buffer, the packet, its branches and how many have
  // started, the latest start, the branch slot granted it (who will send into it), and in the
  // credit mode the cycle its requests are due and whether they are listed. (Each buffer's fields
  // in one record ran 8% slower: 003's 16x16 mesh fits the caches.) Entries past NB (credit mode)
  // are taken as packets are granted FIFO places: the arrays grow with the most held at a time,
  // and start with room for one entry per packet (an all-source unicast holds most of its packets
  // at once: 25,500 of 26,010 at 512 B), so that they seldom grow during a run.
  let E = fifos ? NB + jobs.length : NB;
  let entBuf = new Int32Array(E);
  for (let b = 0; b < NB; b++) entBuf[b] = b;
  let owner = new Int32Array(E).fill(-1);
  let brN = new Uint8Array(E);
  let brStarted = new Uint8Array(E);
  let lastStart = new Float64Array(E);
  let inSlot = new Int32Array(E).fill(-1);
  let readyAt = new Float64Array(fifos ? E : 0);
  let listed = new Uint8Array(fifos ? E : 0);
  // Per branch slot (e * MB + k): its group (channel, or NC + node for the host), VLs, granted entry.
  let brGroup = new Int32Array(E * MB);
  let brMask = new Int32Array(E * MB);
  let brOut = new Int32Array(E * MB);
  /** Entry e may be used: the arrays are doubled when it is past them. */
  const fit = (e: number) => {
    if (e < E) return;
    E *= 2;
    entBuf = longer(entBuf, E);
    owner = longer(owner, E, -1);
    brN = longer(brN, E);
    brStarted = longer(brStarted, E);
    lastStart = longer(lastStart, E);
    inSlot = longer(inSlot, E, -1);
    readyAt = longer(readyAt, E);
    listed = longer(listed, E);
    brGroup = longer(brGroup, E * MB);
    brMask = longer(brMask, E * MB);
    brOut = longer(brOut, E * MB);
  };
  /** Buffer b (with room) taken by a packet: its entry. */
  const take = (b: number) => {
    if (!fifos || bufKind[b] === BUF_SINK) return b;
    const e = fifos.grant(b);
    fit(e);
    entBuf[e] = b;
    return e;
  };
  /** Has buffer b room for a packet? */
  const hasRoom = (b: number) => (fifos && bufKind[b] !== BUF_SINK ? fifos.hasRoom(b) : owner[b] === -1);
  // Per group: requests waiting for an output, and the round-robin pointer (engine: allocate.ts).
  // A group's requesters are the buffers of its switch (credit mode: only each VL's front).
  const cap = 5 * Math.max(1, ...Array.from(net.pcVcs.subarray(0, NC))) + net.injPerNode + 1;
  const wait = new Int32Array(groups * cap);
  const waitN = new Int32Array(groups);
  const rrAlloc = new Int32Array(groups);
  // Per channel: round-robin VL pointer and the cycle its link is free (engine: links.ts).
  const rrLink = new Int32Array(NC);
  const linkFree = new Float64Array(NC);
  // Per channel: packets granted to it that have not started, and whether an EV_UNLOCK is due. A
  // link is woken when it frees only if a granted packet waits for it then (else the next grant
  // wakes it): most links free with nothing to send, and their event would find nothing.
  const grantedWaiting = new Int32Array(NC);
  const unlockDue = new Uint8Array(NC);
  // Host adapters: queue of jobs, and the cycle the host link is free.
  // Host n's jobs, in order, are queue[qPos[n]] .. queue[qEnd[n] - 1] (a counting sort by source).
  const qPos = new Int32Array(net.numNodes);
  const qEnd = new Int32Array(net.numNodes);
  for (let i = 0; i < jobs.length; i++) qEnd[jobs[i]!.source]!++;
  for (let n = 0, at = 0; n < net.numNodes; n++) {
    qPos[n] = at;
    at += qEnd[n]!;
    qEnd[n] = qPos[n]!;
  }
  const queue = new Int32Array(jobs.length);
  for (let i = 0; i < jobs.length; i++) queue[qEnd[jobs[i]!.source]!++] = i;
  const hostFree = new Float64Array(net.numNodes);
  // Events are scheduled at most a packet's length or the routing delay and one ahead.
  const heap = new TimeWheel(Math.max(L, R + 1));
  // Dirty sets of the cycle being decided.
  const nodeStamp = new Float64Array(net.numNodes).fill(-1);
  const groupStamp = new Float64Array(groups).fill(-1);
  const chanStamp = new Float64Array(NC).fill(-1);
  // Each is marked at most once a cycle (its stamp), so the lists need no more room than that.
  const dirtyNodes = new Int32Array(net.numNodes);
  const dirtyGroups = new Int32Array(groups);
  const dirtyChans = new Int32Array(NC);
  let nDirtyNodes = 0;
  let nDirtyGroups = 0;
  let nDirtyChans = 0;
  let makespan = -1;
  let flitHops = 0;
  let delivered = 0;
  // The jobs' destinations and service levels (-1: none) as arrays, read at every hop.
  const jobDest = new Int32Array(jobs.length);
  const jobSl = new Int32Array(jobs.length);
  for (let i = 0; i < jobs.length; i++) {
    jobDest[i] = jobs[i]!.dest;
    jobSl[i] = jobs[i]!.sl ?? -1;
  }
  let expected = 0;
  for (const j of jobs) expected += j.dest >= 0 ? 1 : countHosts(j.mft!, j.source);

  const markNode = (n: number, now: number) => {
    if (nodeStamp[n] !== now) {
      nodeStamp[n] = now;
      dirtyNodes[nDirtyNodes++] = n;
    }
  };
  const markGroup = (g: number, now: number) => {
    if (groupStamp[g] !== now) {
      groupStamp[g] = now;
      dirtyGroups[nDirtyGroups++] = g;
    }
  };
  const markChan = (c: number, now: number) => {
    if (chanStamp[c] !== now) {
      chanStamp[c] = now;
      dirtyChans[nDirtyChans++] = c;
    }
  };
  const addBranch = (e: number, group: number, mask: number) => {
    const slot = e * MB + brN[e]!++;
    brGroup[slot] = group;
    brMask[slot] = mask;
    brOut[slot] = -1;
  };
  /** Entry e's branches join their outputs' requests (credit mode: once, when e is its FIFO's front). */
  const request = (e: number, now: number) => {
    if (fifos) {
      if (listed[e] || readyAt[e]! > now || !fifos.isFront(entBuf[e]!, e)) return;
      listed[e] = 1;
    }
    for (let k = 0; k < brN[e]!; k++) {
      const g = brGroup[e * MB + k]!;
      wait[g * cap + waitN[g]!++] = e * MB + k;
      markGroup(g, now);
    }
  };
  /** The header of packet `p` entered entry e at switch r at cycle `now` (engine: heads.ts). */
  const arrive = (e: number, p: number, r: number, inPort: number, now: number) => {
    owner[e] = p;
    brN[e] = 0;
    brStarted[e] = 0;
    lastStart[e] = 0;
    const dest = jobDest[p]!;
    const sl = jobSl[p]!;
    if (dest >= 0) {
      if (net.nodeSwitch[dest] === r) addBranch(e, NC + dest, 1);
      else {
        const packed = net.routing.route(r, dest, r, -1);
        const port = packed & 0xff;
        addBranch(e, net.portChannel[r * P + port]!, sl < 0 ? packed >>> 8 : 1 << sl);
      }
    } else {
      const m = jobs[p]!.mft![r]! & ~(1 << inPort);
      for (let port = 1; port < IB_HOST; port++)
        if ((m >> port) & 1)
          addBranch(
            e,
            net.portChannel[r * P + port]!,
            packetVlMask(spec.policy, port, spec.vls, sl < 0 ? undefined : sl),
          );
      if ((m >> IB_HOST) & 1) addBranch(e, NC + r, 1);
    }
    if (fifos) {
      fifos.started(entBuf[e]!, e);
      readyAt[e] = now + R + 1;
      listed[e] = 0;
    }
    heap.push(now + R + 1, EV_READY, e);
  };
  /** Branch `slot` of entry e starts its packet at cycle `now` into its granted entry. */
  const start = (slot: number, e: number, now: number) => {
    const out = brOut[slot]!;
    inSlot[out] = -1;
    const p = owner[e]!;
    const ob = entBuf[out]!;
    if (bufKind[ob] === BUF_SINK) {
      const node = brGroup[slot]! - NC;
      const tail = now + L - 1;
      onDeliver(p, node, tail);
      delivered++;
      if (tail > makespan) makespan = tail;
      heap.push(now + L, EV_FREE, out);
    } else {
      flitHops += L;
      const pc = bufPc[ob]!;
      arrive(out, p, net.pcDst[pc]!, inputPortOf(t, net, pc), now);
    }
    if (now > lastStart[e]!) lastStart[e] = now;
    if (++brStarted[e]! === brN[e]) heap.push(lastStart[e]! + L, EV_FREE, e);
  };

  for (let n = 0; n < net.numNodes; n++) if (qPos[n]! < qEnd[n]!) heap.push(0, EV_HOST, n);
  while (heap.size > 0) {
    const now = heap.peekTime();
    nDirtyNodes = 0;
    nDirtyGroups = 0;
    nDirtyChans = 0;
    // Events of this cycle: buffers freed and links idle since the cycle before, requests ready.
    for (let e = heap.takeAt(now); e >= 0; e = heap.takeAt(now)) {
      const kind = e & 7;
      const id = e >> 3;
      if (kind === EV_READY) request(id, now);
      else if (kind === EV_FREE) {
        owner[id] = -1;
        const b = entBuf[id]!;
        if (id >= NB) {
          const f = fifos!.released(b, id);
          if (f >= 0) request(f, now);
        }
        const kindB = bufKind[b];
        const pc = bufPc[b]!;
        if (kindB === BUF_NET) markGroup(pc, now);
        else if (kindB === BUF_SINK) markGroup(NC + net.pcSrc[pc]!, now);
        else if (kindB === BUF_INJ) markNode(net.pcSrc[pc]!, now);
      } else if (kind === EV_UNLOCK) {
        unlockDue[id] = 0;
        markChan(id, now);
      } else markNode(id, now);
    }
    // Stage 1: host adapters start their next packet into the lowest free injection VL (under
    // shared-sl only its SL's VL, engine: the ib model's canInject).
    for (let i = 0; i < nDirtyNodes; i++) {
      const n = dirtyNodes[i]!;
      if (qPos[n]! >= qEnd[n]! || hostFree[n]! > now) continue;
      const first = net.injFirst[n]!;
      const sl = jobSl[queue[qPos[n]!]!]!;
      for (let b = first; b < first + net.injPerNode; b++) {
        if ((sl >= 0 && b - first !== sl) || !hasRoom(b)) continue;
        arrive(take(b), queue[qPos[n]!++]!, net.nodeSwitch[n]!, IB_HOST, now);
        hostFree[n] = now + L;
        if (qPos[n]! < qEnd[n]!) heap.push(now + L, EV_HOST, n);
        break;
      }
    }
    // Stage 2: each output's requests in round-robin order of requesting buffer; each takes the
    // lowest free VL it may use. An output none of whose VLs has room grants nothing: its requests
    // wait as they are (sorting them is left to a cycle that can grant, the order being the same).
    for (let j = 0; j < nDirtyGroups; j++) {
      const g = dirtyGroups[j]!;
      const n = waitN[g]!;
      if (n === 0) continue;
      const sink = g >= NC;
      const first = sink ? net.sinkFirst[g - NC]! : net.pcFirstBuf[g]!;
      const count = sink ? net.sinkPerNode : net.pcVcs[g]!;
      // Bit v: VL v (buffer first + v) has room.
      let room = 0;
      for (let v = 0; v < count; v++) if (hasRoom(first + v)) room |= 1 << v;
      if (room === 0) continue;
      const base = g * cap;
      sortByPriority(wait, base, n, MB, rrAlloc[g]!, NB, entBuf);
      let keep = 0;
      for (let i = 0; i < n; i++) {
        const slot = wait[base + i]!;
        const may = (sink ? -1 : brMask[slot]!) & room;
        if (may === 0) {
          wait[base + keep++] = slot;
          continue;
        }
        const v = 31 - Math.clz32(may & -may);
        const granted = first + v;
        const e = (slot / MB) | 0;
        const out = take(granted);
        brOut[slot] = out;
        owner[out] = owner[e]!;
        if (!hasRoom(granted)) room &= ~(1 << v);
        inSlot[out] = slot;
        // Round robin over input buffers (in credit mode past e's whole VL FIFO, docs/algorithms/ib-mcast.md).
        rrAlloc[g] = entBuf[e]! + 1;
        if (sink) start(slot, e, now);
        else {
          grantedWaiting[g]!++;
          markChan(g, now);
        }
      }
      waitN[g] = keep;
    }
    // Stage 3: each idle link starts one granted packet, round-robin over its VLs.
    for (let i = 0; i < nDirtyChans; i++) {
      const c = dirtyChans[i]!;
      if (linkFree[c]! > now) {
        // A packet was granted while the link sends: wake it when it frees.
        if (!unlockDue[c]) {
          unlockDue[c] = 1;
          heap.push(linkFree[c]!, EV_UNLOCK, c);
        }
        continue;
      }
      const V = net.pcVcs[c]!;
      const first = net.pcFirstBuf[c]!;
      let best = -1;
      let bestEntry = -1;
      let bestPri = V;
      for (let v = 0; v < V; v++) {
        // Credit mode: a VL's packets start in the order they were granted.
        const e = fifos ? fifos.sendable(first + v) : first + v;
        if (e < 0 || inSlot[e]! < 0) continue;
        const pri = (v - rrLink[c]! + V) % V;
        if (pri < bestPri) {
          bestPri = pri;
          best = v;
          bestEntry = e;
        }
      }
      if (best < 0) continue;
      const slot = inSlot[bestEntry]!;
      // Round robin over VLs.
      rrLink[c] = (best + 1) % V;
      linkFree[c] = now + L;
      if (--grantedWaiting[c]! > 0) {
        unlockDue[c] = 1;
        heap.push(now + L, EV_UNLOCK, c);
      }
      start(slot, (slot / MB) | 0, now);
    }
  }
  return { makespan: Math.max(makespan, 0), flitHops, complete: delivered === expected };
}

/** Hosts an MFT delivers to (the source's own host excluded, its arrival port). */
function countHosts(mft: Uint8Array, source: number): number {
  let n = 0;
  for (let s = 0; s < mft.length; s++) if (s !== source && (mft[s]! >> IB_HOST) & 1) n++;
  return n;
}

/** The port a channel arrives on at its downstream switch: E<->W, N<->S. */
function inputPortOf(_t: IbaMesh, net: Network, pc: number): number {
  return ((net.pcPort[pc]! + 1) % 4) + 1;
}

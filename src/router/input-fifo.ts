import { BUF_INJ, BUF_NET, inputPort, type Network } from '../engine/network.js';
import type { Need, SwitchModel, SwitchPolicy } from '../engine/policy.js';
import type { SwitchView } from '../engine/view.js';
import { McsimError } from '../util/errors.js';
import { ChunkReads } from './chunk-reads.js';
import { FrontWaits } from './front-waits.js';
import { checkProcessorSlots, InjectionQueue } from './injection-queue.js';
import { OutputQueues } from './output-queue.js';

/**
 * Input-FIFO switch (002 sec. 5): each input port has one FIFO of `bufferDepth` flits that holds
 * several packets back to back and serves them in arrival order, so a packet whose output is busy
 * blocks the packets behind it even when their outputs are free (head-of-line blocking, what 002
 * studies). The FIFO of a channel is built from the channel's VC buffers, used as slots in ring
 * order: one packet per slot, at most `vcs` packets queued, all sharing the port's `bufferDepth`
 * flits. A packet enters the next slot once the previous packet's tail has entered; only the
 * packet in the front slot may compete for an output. With 002's parameters (switchOptions) the
 * processor's port is an ordinary input of its switch (002 sec. 5): the node's injection buffers
 * are its slots, as many as a switch link's input has, and hold at most `bufferDepth` flits together
 * (injection-queue.ts). Without them, injection and consumption channels keep the engine's rules.
 */
export const inputFifoSwitch: SwitchModel = {
  name: 'input-fifo',
  description:
    'input-FIFO switch of 002 sec. 5: one FIFO of bufferDepth flits per input port, up to vcs packets queued back to back, served in order, with head-of-line blocking',
  validate(net, maxLen) {
    const o = net.switchOptions;
    if (o !== undefined) checkProcessorSlots(net, 'input-fifo');
    // 002 sec. 5: "the input buffers must be larger than the largest multicast packet allowed in
    // the system", so that a replicated packet is eventually buffered whole and its branches never
    // wait for one another (the deadlocks of 002 Fig. 2). Enforced with 002's switch parameters.
    if (o === undefined || o.acceptDeadlock) return;
    const b = net.numNetChannels > 0 ? net.pcFirstBuf[0]! : -1;
    if (b >= 0 && net.bufCap[b]! < maxLen)
      throw new McsimError(
        `an input-buffer switch needs input FIFOs that hold the largest packet (${maxLen} flits), got ${net.bufCap[b]} (002 sec. 5); set switchOptions.acceptDeadlock to run it anyway`,
        'network.bufferDepth',
      );
  },
  create(net, v): SwitchPolicy {
    // Also for an engine built without validate(): no configuration gives the processor's port fewer slots.
    if (net.switchOptions !== undefined) checkProcessorSlots(net, 'input-fifo');
    const NC = net.numNetChannels;
    const next = new Int32Array(NC);
    const front = new Int32Array(NC);
    const queued = new Int32Array(NC);
    const { bufPc, bufVc, bufKind, pcFirstBuf, pcVcs, bufCap } = net;
    let violation: string | undefined;
    /**
     * Flits in the FIFO of channel pc: the sum over its queued slots (the `queued[pc]` slots from
     * `front[pc]` on, in ring order: a slot is taken at its grant and given back at its release,
     * in that order), each counted from its slowest branch. Asked for every flit that bids for the
     * channel: the queue, not every VC of the channel, is walked.
     */
    const fill = (pc: number): number => {
      let n = 0;
      const first = pcFirstBuf[pc]!;
      const V = pcVcs[pc]!;
      for (let i = 0, vc = front[pc]!; i < queued[pc]!; i++, vc = vc + 1 === V ? 0 : vc + 1) {
        const b = first + vc;
        n += v.occupancy(b);
      }
      return n;
    };
    // fill(pc) as the link stage asks it, for every flit that bids for the channel: counted once per
    // cycle, since the queue and its counts change only after the cycle's bids (grants come before
    // the link stage, moves and releases after its decisions).
    const fillT = new Float64Array(NC).fill(-1);
    const fillV = new Int32Array(NC);
    const fillNow = (pc: number): number => {
      const t = v.now;
      if (fillT[pc] !== t) {
        fillT[pc] = t;
        fillV[pc] = fill(pc);
      }
      return fillV[pc]!;
    };
    /**
     * The first cycle channel pc's input may take its next packet (canAllocate), as its state
     * stands at t: t, never while its next slot is held (Infinity: until a release), or once the
     * newest packet's tail can be in (a flit a cycle at most).
     */
    const takesFrom = (pc: number, t: number): number => {
      const V = pcVcs[pc]!;
      if (v.held(pcFirstBuf[pc]! + next[pc]!)) return Number.POSITIVE_INFINITY;
      if (queued[pc] === 0) return t;
      const last = pcFirstBuf[pc]! + ((next[pc]! - 1 + V) % V);
      return t + v.length(last) - v.received(last);
    };
    const opts = net.switchOptions;
    // The processor's port holds as many flits as a switch link's input FIFO (bufferDepth).
    const fifo = bufCap[NC > 0 ? pcFirstBuf[0]! : net.injFirst[0]!]!;
    const inj = opts === undefined ? undefined : new InjectionQueue(net, v, fifo);
    let reads: ChunkReads | undefined;
    // FIFO order and shared space; with 002's switch parameters, the processor's port, the chunk
    // path's gate and the output queues too.
    const needs: Need[] = ['orderedRequests', 'sharedSpace'];
    if (opts !== undefined) needs.push('sharedPort', 'flitGate', 'requestQueues');
    const policy: SwitchPolicy = {
      needs,
      ordered: true,
      canAllocate(buf) {
        if (bufKind[buf] !== BUF_NET) return true;
        const pc = bufPc[buf]!;
        if (bufVc[buf] !== next[pc]) return false;
        if (queued[pc] === 0) return true;
        // Back to back: the newest packet's tail must have entered before the next head follows.
        const V = pcVcs[pc]!;
        const last = pcFirstBuf[pc]! + ((next[pc]! - 1 + V) % V);
        return v.received(last) === v.length(last);
      },
      mayRequest(buf) {
        if (bufKind[buf] === BUF_INJ) return inj === undefined || inj.isFront(buf);
        return bufKind[buf] !== BUF_NET || bufVc[buf] === front[bufPc[buf]!];
      },
      // Only onRelease moves an input's front, and only the processor's port (InjectionQueue.pop)
      // its own; both tell the new front's buffer.
      waitsInInput: (buf) =>
        bufKind[buf] === BUF_NET
          ? bufVc[buf] !== front[bufPc[buf]!]
          : bufKind[buf] === BUF_INJ && inj !== undefined && !inj.isFront(buf),
      room(buf) {
        return fillNow(bufPc[buf]!) < bufCap[buf]!;
      },
      onGrant(buf) {
        inj?.granted(buf);
        if (bufKind[buf] !== BUF_NET) return;
        const pc = bufPc[buf]!;
        next[pc] = (bufVc[buf]! + 1) % pcVcs[pc]!;
        queued[pc]!++;
      },
      onRelease(buf) {
        reads?.release(buf);
        if (bufKind[buf] === BUF_INJ) inj?.released(buf);
        if (bufKind[buf] !== BUF_NET) return;
        const pc = bufPc[buf]!;
        if (bufVc[buf] !== front[pc] && violation === undefined)
          violation = `input FIFO of channel ${pc}: slot ${bufVc[buf]} left before the front slot ${front[pc]}`;
        front[pc] = (front[pc]! + 1) % pcVcs[pc]!;
        queued[pc]!--;
        if (queued[pc]! > 0) v.reachedInputFront(pcFirstBuf[pc]! + front[pc]!);
      },
      atHead(buf) {
        if (bufKind[buf] === BUF_INJ) return inj === undefined || inj.isFront(buf);
        return bufKind[buf] === BUF_NET && bufVc[buf] === front[bufPc[buf]!];
      },
      describe(buf) {
        if (bufKind[buf] === BUF_INJ) {
          const at = inj?.position(buf);
          return at === undefined ? undefined : `processor port position ${at}`;
        }
        if (bufKind[buf] !== BUF_NET) return undefined;
        const pc = bufPc[buf]!;
        const V = pcVcs[pc]!;
        const pos = (bufVc[buf]! - front[pc]! + V) % V;
        return `queue position ${pos + 1} of ${queued[pc]}`;
      },
      check() {
        if (violation) return violation;
        const port = inj?.check();
        if (port !== undefined) return `input-fifo: ${port}`;
        for (let pc = 0; pc < NC; pc++) {
          const f = fill(pc);
          if (f > bufCap[pcFirstBuf[pc]!]!)
            return `input FIFO of channel ${pc} holds ${f} flits (capacity ${bufCap[pcFirstBuf[pc]!]})`;
        }
        return undefined;
      },
    };
    if (opts !== undefined) {
      policy.canInject = (b) => inj!.canInject(b);
      policy.injectRoom = (b) => inj!.room(b);
      reads = ibQueues(net, v, policy, opts.chunkFlits, opts.chunkDelay, takesFrom);
    }
    return policy;
  },
};

/**
 * 002's input-buffer switch proper (with switchOptions): per-output request queues and the chunk
 * path of replicated packets (docs/algorithms/input-buffer.md). At its first request (routing delay
 * over) every branch of the head packet enqueues at its output, keyed by (cycle, input port), so
 * same-cycle requests queue in ascending input order and all ports see the packets in one
 * consistent order (the "prioritized reservation of ports" that excludes 002 Fig. 2's single-switch
 * deadlock); an output serves its queue in FIFO order, one packet at a time. A replicated packet
 * (k >= 2) takes the chunk path (002 sec. 5.1, 7.1): each chunk written into the input RAM one cycle
 * after it is complete, read by each of its ports in turn (one read per cycle per input RAM, least
 * recently served port first), flit f of a chunk read at R leaving at R + 4 + f, reads paused by
 * the serializer (chunk-reads.ts). A single-port packet crosses on the flit path (our reading of
 * 002 sec. 7.1's "input port FIFO replication": the 7 chunk cycles apply to replicated packets
 * only).
 */
function ibQueues(
  net: Network,
  v: SwitchView,
  policy: SwitchPolicy,
  chunk: number,
  chunkDelay: number,
  takesFrom: (pc: number, t: number) => number,
): ChunkReads {
  const { bufPc, bufKind, nodePort, pcSrc } = net;
  const reads = new ChunkReads(net, v, chunk, 4 + chunkDelay - (chunk - 1), chunk >> 1, (b) => bufPc[b]!);
  const queues = new OutputQueues(net.numNetChannels + net.numNodes, net.numBuffers * v.maxBranches, v);
  const ports = net.numPorts;
  const onGrant = policy.onGrant!;
  const onRelease = policy.onRelease!;
  const fronts = new FrontWaits(net.numNetChannels + net.numNodes, (slot) => v.reachedFront(slot));
  reads.useQueues(queues);
  policy.onGrant = (buf) => {
    const slot = v.upstream(buf);
    queues.remove(slot);
    reads.granted(slot, v.group(slot));
    reads.reset(buf);
    onGrant(buf);
  };
  policy.onRelease = (buf) => {
    const g = v.groupOfBuffer(buf);
    if (g >= 0) fronts.released(g);
    onRelease(buf);
  };
  policy.beginCycle = (t) => {
    fronts.tick(t);
    // Only a packet on the chunk path reads its snapshot (canWrite): it is taken as the packet
    // joins it, and from then on by reads.step, every cycle while the packet has chunks to write.
    for (let i = 0; i < v.waitingCount; i++) {
      const b = v.waiting(i);
      if (v.branches(b) < 2 || reads.isTracked(b)) continue;
      reads.observe(b, t);
      reads.track(b, t, false);
    }
    reads.step(t);
  };
  policy.onRequest = (slot, g, t) => {
    if (queues.isQueued(slot)) return;
    const b = v.bufferOf(slot);
    const pc = bufPc[b]!;
    const port = bufKind[b] === BUF_NET ? inputPort(net, pc) : nodePort[pcSrc[pc]!]!;
    queues.push(slot, g, t * ports + port);
    v.commitChoice(slot);
  };
  policy.mayClaim = (slot, g) => queues.firstP[g] === slot;
  // Queued (onRequest does nothing) and not at the front: mayClaim refuses it.
  policy.waitsInQueue = (slot, g) => queues.waitsBehind(slot, g);
  // At the front, refused while the output has no free slot or its input cannot take the packet
  // yet; it looks again at a release in the group, or once the input may take it (takesFrom).
  policy.waitsAtFront = (slot, g, t) => {
    if (queues.firstP[g] !== slot) return false;
    const at =
      v.freeBuffers(g) === 0 ? Number.POSITIVE_INFINITY : g < net.numNetChannels ? takesFrom(g, t) : t;
    if (at <= t) return false;
    fronts.wait(slot, g, at, t);
    return true;
  };
  policy.flitGate = (slot, sent, t) => reads.gate(slot, sent, t);
  return reads;
}

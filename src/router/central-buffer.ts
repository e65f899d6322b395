import { BUF_INJ, BUF_NET, inputPort, type Network } from '../engine/network.js';
import type { SwitchModel, SwitchPolicy } from '../engine/policy.js';
import type { SwitchView } from '../engine/view.js';
import { largestPacket, maxFanout, options, validateCentralBuffer } from './central-buffer-options.js';
import { CentralBufferWaits } from './central-buffer-waits.js';
import { ChunkPool } from './chunk-pool.js';
import { ChunkReads } from './chunk-reads.js';
import { ChunkWaits } from './chunk-waits.js';
import { checkProcessorSlots, InjectionQueue } from './injection-queue.js';
import { OutputQueues } from './output-queue.js';
import { WritePort } from './write-port.js';

/**
 * Central-buffer switch (002 sec. 4, the SP2's buffered wormhole routing with shared-buffer
 * replication; cycle rules in docs/algorithms/central-buffer.md). Each input port has a FIFO of
 * `inputFifoFlits` flits, served in order; a packet whose output is idle crosses the crossbar (the
 * flit path, as wormhole); a packet blocked at the FIFO head is written into the switch's central
 * buffer of `centralBufferChunks` chunks, whole-packet space reserved at its header write, which
 * frees the FIFO for the packets behind it. A packet replicated at the switch (k_s >= 2 ports)
 * always goes through the central buffer (002 sec. 4.2.2: multicasts never use the crossbar): its
 * header chunk is written once per port (k_s - 1 extra chunks, 002 sec. 4.2.1) and it is admitted
 * only when ceil(L / chunk) + k_s - 1 chunks are free (emulated virtual cut-through); its ports
 * then read it asynchronously, each chunk freed when its last reader has read it. A non-replicating
 * packet may not bring the free count below the multicast reserve (ours, after 002 footnote 1:
 * docs/algorithms/central-buffer.md, "Multicast reserve"), so replicated packets always find space
 * eventually.
 *
 * The engine's VC buffers of a channel are the packet slots of that input: a packet keeps its slot
 * while its flits stream through, in the FIFO or in the central buffer. The processor's port is an
 * ordinary input (002 sec. 4.1): its slots are the node's injection buffers, as many as a switch
 * link's input has, and its FIFO holds `inputFifoFlits` (injection-queue.ts). The pool's book-keeping is
 * in chunk-pool.ts. One central-buffer write per switch per cycle, least recently served input
 * first (a replicated header takes k_s cycles); the k_s ports of a replicated packet start 1 cycle
 * apart (the one read port, rank stagger) after the chunk delay.
 */
export const centralBufferSwitch: SwitchModel = {
  name: 'central-buffer',
  description:
    'central-buffer switch of 002 sec. 4: input FIFOs, a crossbar for unblocked packets, a shared central buffer of chunks for blocked and replicated ones',
  validate: validateCentralBuffer,
  create(net, v) {
    // Also for an engine built without validate(): no configuration gives the processor's port fewer slots.
    checkProcessorSlots(net, 'central-buffer');
    return new CentralBuffer(net, v).policy();
  },
};

class CentralBuffer {
  private readonly pool: ChunkPool;
  /** The chunk path: writes, reads, serializer and read-to-link timing (chunk-reads.ts). */
  private readonly reads: ChunkReads;
  /** Per output: its queue of packets in the central buffer, in header-write order (002 sec. 4.1). */
  private readonly queues: OutputQueues;
  private readonly inj: InjectionQueue;
  /** Per input channel: ring of the slots of the packets still in the FIFO, oldest first. */
  private readonly ring: Int32Array;
  private readonly head: Int32Array;
  private readonly count: Int32Array;
  private readonly V: number;
  /** Per input channel: the slot granted last (its tail must be in before the next head follows). */
  private readonly newest: Int32Array;
  /** Per input channel: the cycle its FIFO's flits were last counted (fillNow), and the count. */
  private readonly fillT: Float64Array;
  private readonly fillV: Int32Array;
  /** Per input channel and per node: the input port it arrives on (least-recently-served order). */
  private readonly inPortOfPc: Int32Array;
  /** Per input buffer: the cycle its packet first asked for the crossbar (Infinity: not yet). */
  private readonly asked: Float64Array;
  /** Branches the grant is sure to refuse, waiting for an event (waitsAtFront). */
  private readonly waits: CentralBufferWaits;
  /** Per switch: the central buffer's one write port (write-port.ts). */
  private readonly port: WritePort;
  /** Heads set aside until their switch has the free chunks their write needs (chunk-waits.ts). */
  private readonly chunkWaits: ChunkWaits | undefined;
  private readonly freeOf = (r: number): number => this.pool.free(r);
  private readonly fifoFlits: number;
  private readonly chunk: number;
  private readonly reserve: number;
  private violation: string | undefined;

  constructor(
    private readonly net: Network,
    private readonly v: SwitchView,
  ) {
    const o = options(net);
    const NC = net.numNetChannels;
    let V = 1;
    for (let pc = 0; pc < NC; pc++) V = Math.max(V, net.pcVcs[pc]!);
    this.V = V;
    this.ring = new Int32Array(NC * V);
    this.head = new Int32Array(NC);
    this.count = new Int32Array(NC);
    this.newest = new Int32Array(NC).fill(-1);
    this.fillT = new Float64Array(NC).fill(-1);
    this.fillV = new Int32Array(NC);
    this.inPortOfPc = new Int32Array(NC);
    for (let pc = 0; pc < NC; pc++) this.inPortOfPc[pc] = inputPort(net, pc);
    this.asked = new Float64Array(net.numBuffers).fill(Number.POSITIVE_INFINITY);
    this.port = new WritePort(net.numSwitches, net.numPorts * 2);
    this.fifoFlits = o.inputFifoFlits;
    this.chunk = o.chunkFlits;
    // Unvalidated (an engine built directly): the packet slot's capacity bounds the largest packet.
    const maxLen = largestPacket.get(net) ?? (net.numNetChannels > 0 ? net.bufCap[net.pcFirstBuf[0]!]! : 1);
    this.reserve =
      o.multicastReserveChunks ??
      Math.min(Math.ceil(maxLen / o.chunkFlits) + maxFanout(net) - 1, o.centralBufferChunks);
    this.pool = new ChunkPool(net, v, o.centralBufferChunks, o.chunkFlits);
    this.inj = new InjectionQueue(net, v, o.inputFifoFlits);
    // Flit f of a chunk read in cycle R leaves at R + 4 + f with 002's 7-cycle chunk delay of
    // 8-flit chunks (sec. 7.1); a different chunkDelay moves it by the difference.
    const readToLink = 4 + o.chunkDelay - (o.chunkFlits - 1);
    const { bufRouter } = net;
    this.reads = new ChunkReads(net, v, o.chunkFlits, readToLink, o.chunkFlits >> 1, (b) => bufRouter[b]!);
    this.queues = new OutputQueues(net.numNetChannels + net.numNodes, net.numBuffers * v.maxBranches, v);
    this.reads.useQueues(this.queues);
    this.waits = new CentralBufferWaits(net, v, this.queues, this.pool, this.asked, this.newest);
    this.chunkWaits = v.runs('chunkWaits') ? new ChunkWaits(net.numSwitches, net.numBuffers, v) : undefined;
  }

  private isHead(b: number): boolean {
    const pc = this.net.bufPc[b]!;
    return this.count[pc]! > 0 && this.ring[pc * this.V + this.head[pc]!] === b;
  }

  /** The FIFO's head packet has left it: the next one, now at the head, may ask (waitsInInput). */
  private pop(pc: number): void {
    this.head[pc] = (this.head[pc]! + 1) % this.V;
    if (--this.count[pc]! > 0) this.v.reachedInputFront(this.ring[pc * this.V + this.head[pc]!]!);
  }

  /**
   * fill(pc) as the link stage asks it, for every flit that bids for the channel: counted once per
   * cycle, since the FIFO's packets and their counts change only after the cycle's bids (grants come
   * before the link stage, moves and releases after its decisions).
   */
  private fillNow(pc: number): number {
    const t = this.v.now;
    if (this.fillT[pc] !== t) {
      this.fillT[pc] = t;
      this.fillV[pc] = this.fill(pc);
    }
    return this.fillV[pc]!;
  }

  /** Flits of the packets still in channel pc's input FIFO. */
  private fill(pc: number): number {
    let n = 0;
    for (let i = 0; i < this.count[pc]!; i++) {
      const b = this.ring[pc * this.V + ((this.head[pc]! + i) % this.V)]!;
      n += this.v.occupancy(b);
    }
    return n;
  }

  /**
   * The central-buffer writes of cycle t (002 sec. 4.1-4.2): a packet waiting at the head of an input
   * FIFO (or of its node's injection queue) is admitted when its header chunk is in and the free
   * chunks allow: a replicated packet needs ceil(L / chunk) + k_s - 1, a blocked unicast may not go
   * below the multicast reserve. One write per switch per cycle (a header copy, or a later chunk of an
   * admitted packet, docs/algorithms/central-buffer.md, "Write port"), least recently served input
   * port first.
   */
  private beginCycle(t: number): void {
    const v = this.v;
    const net = this.net;
    this.waits.tick(t);
    this.pool.update();
    this.reads.step(t);
    const wp = this.port;
    wp.open();
    this.chunkWaits?.wake(this.freeOf);
    const nw = v.waitingCount;
    // An admitted packet is on the chunk path, observed by reads.step above, its header written:
    // set aside (ChunkPool.admit), passed over without a visit; so is a head waiting for chunks.
    for (let i = v.nextWaiting(0); i !== -1 && i < nw; i = v.nextWaiting(i + 1)) {
      const b = v.waiting(i);
      const headerIn = this.reads.headerIn(b, t);
      if (t < v.headReadyAt(b)) continue;
      const kind = net.bufKind[b];
      const k = v.branches(b);
      // A unicast tries the crossbar first; only one that asked for its output in an earlier cycle
      // and did not get it is written into the buffer, from a switch's input or from the processor's
      // alike (002 sec. 4.1: "when packets are blocked at an input port due to a busy output port,
      // the switch attempts to store the packet in this central buffer").
      if (k < 2 && !(this.asked[b]! < t)) continue;
      const r = net.bufRouter[b]!;
      if (!wp.isFree(r, t)) continue;
      const L = v.length(b);
      // The header chunk is written at least one cycle after its last flit arrived ("The chunk path").
      if (!headerIn) continue;
      const chunks = Math.ceil(L / this.chunk);
      const free = this.pool.free(r);
      let port: number;
      if (kind === BUF_NET) {
        if (!this.isHead(b)) continue;
        port = this.inPortOfPc[net.bufPc[b]!]!;
      } else if (kind === BUF_INJ) {
        if (!this.inj.isFront(b)) continue;
        port = net.nodePort[net.pcSrc[net.bufPc[b]!]!]!;
      } else continue;
      // A replicated packet needs all its chunks; a unicast leaves the multicast reserve alone.
      const need = k >= 2 ? chunks + k - 1 : chunks + this.reserve;
      if (free < need) {
        this.chunkWaits?.add(b, r, need);
        continue;
      }
      wp.bid(r, port, b, t, i);
    }
    // Admitted packets' later chunks compete for the same write port ("Write port").
    const reads = this.reads;
    const writers = reads.writers();
    for (let i = 0; i < writers; i++) {
      const b = reads.writingAt(i);
      const r = net.bufRouter[b]!;
      if (!wp.isFree(r, t) || !reads.canWrite(b, t)) continue;
      wp.bid(r, this.portOf(b), b, t, -1);
    }
    if (wp.settle()) this.writeWinners(t);
  }

  /**
   * The write port's winners of cycle t: later chunks written, then header writes admitting their
   * packets, in the order of the waiting heads (the order of the tracked list they join).
   */
  private writeWinners(t: number): void {
    const net = this.net;
    const wp = this.port;
    for (let j = 0; j < wp.nwrites; j++) {
      const b = wp.writes[j]!;
      this.reads.writeNext(b);
      wp.wrote(net.bufRouter[b]!, this.portOf(b), t, 1);
    }
    for (let j = 0; j < wp.nadmits; j++) {
      const b = wp.admits[j]!;
      const k = this.v.branches(b);
      // Its snapshot from now on is the chunk path's (ChunkReads.headerIn stopped taking it).
      this.reads.observe(b, t);
      this.pool.admit(b, k);
      // Written: it asks from its outputs' queues now (waitsInInput, waitsAtFront).
      this.waits.written(b);
      this.reads.track(b, t, true);
      wp.wrote(net.bufRouter[b]!, this.portOf(b), t, Math.max(1, k));
      // The packet has left its input's FIFO: the next one behind it is at the head.
      if (net.bufKind[b] === BUF_NET) this.pop(net.bufPc[b]!);
      else this.inj.left(b);
    }
  }

  /** The input port of switch input b (a network buffer, or an injection buffer of a node's port). */
  private portOf(b: number): number {
    const net = this.net;
    return net.bufKind[b] === BUF_NET
      ? this.inPortOfPc[net.bufPc[b]!]!
      : net.nodePort[net.pcSrc[net.bufPc[b]!]!]!;
  }

  policy(): SwitchPolicy {
    const net = this.net;
    const v = this.v;
    const { bufKind, bufPc } = net;
    const pool = this.pool;
    // A packet not yet written asks from the head of its input's FIFO, and only as a unicast: a
    // replicated packet asks from its outputs' queues once it is in the central buffer.
    const mayRequest = (buf: number): boolean => {
      const kind = bufKind[buf];
      if (pool.isAdmitted(buf)) return true;
      if (kind === BUF_INJ) return this.inj.isFront(buf) && v.branches(buf) < 2;
      if (kind !== BUF_NET) return true;
      return this.isHead(buf) && v.branches(buf) < 2;
    };
    return {
      needs: ['orderedRequests', 'requestQueues', 'flitGate', 'sharedSpace', 'sharedPort'],
      ordered: true,
      // Per input: the newest packet's tail, whatever the VC.
      allocatesByChannel: true,
      canAllocate: (buf) => {
        if (bufKind[buf] !== BUF_NET) return true;
        const last = this.newest[bufPc[buf]!]!;
        return last < 0 || !v.held(last) || v.received(last) === v.length(last);
      },
      onRequest: (slot, g, t) => {
        // A packet joins its output's queue with its header-copy write (002 sec. 4.1: "if
        // firstP = nil then firstP <- writeloc else NP[lastP] <- writeloc; lastP <- writeloc"); an
        // adaptive up port is committed then ("Output queues"). A packet not yet written asks
        // for the crossbar: the first such request makes a unicast eligible for the buffer.
        const b = v.bufferOf(slot);
        if (!pool.isAdmitted(b)) {
          if (this.asked[b]! > t) this.asked[b] = t;
          return;
        }
        if (this.queues.isQueued(slot)) return;
        this.queues.push(slot, g, this.reads.headerAt(slot));
        v.commitChoice(slot);
      },
      mayClaim: (slot, g, t) => {
        // Queued: only the front of its output's queue, once its header copy is written. Not
        // queued (the crossbar): only an idle output, its queue empty ("Crossbar (the flit path)").
        const q = this.queues;
        const front = q.firstP[g]!;
        if (pool.isAdmitted(v.bufferOf(slot))) return front === slot && q.key[slot]! <= t;
        return front === -1 || q.key[front]! > t;
      },
      // Queued (so admitted: onRequest does nothing) behind another packet: mayClaim refuses it.
      waitsInQueue: (slot, g) => this.queues.waitsBehind(slot, g),
      waitsAtFront: (slot, g, t) => this.waits.waitsAtFront(slot, g, t),
      flitGate: (slot, sent, t) => this.reads.gate(slot, sent, t),
      mayRequest,
      // Refused until the packet ahead leaves the FIFO (pop, InjectionQueue) or it is written
      // (writeWinners), both of which tell the allocator (reachedInputFront).
      waitsInInput: (buf) => !mayRequest(buf),
      room: (buf) => pool.isAdmitted(buf) || this.fillNow(bufPc[buf]!) < this.fifoFlits,
      // The processor's port: the same FIFO bound; a packet written into the central buffer has left it.
      injectRoom: (buf) => pool.isAdmitted(buf) || this.inj.room(buf),
      onGrant: (buf) => {
        this.asked[buf] = Number.POSITIVE_INFINITY;
        this.reads.reset(buf);
        // An injection buffer is taken by a worm from its processor: no branch feeds it.
        if (bufKind[buf] === BUF_INJ) {
          this.inj.granted(buf);
          return;
        }
        const slot = v.upstream(buf);
        // A unicast granted the crossbar has left its input's head (it waited for chunks, maybe).
        this.chunkWaits?.leave(v.bufferOf(slot));
        this.queues.remove(slot);
        this.reads.granted(slot, v.group(slot));
        pool.granted(v.bufferOf(slot));
        if (bufKind[buf] !== BUF_NET) return;
        const pc = bufPc[buf]!;
        this.ring[pc * this.V + ((this.head[pc]! + this.count[pc]!) % this.V)] = buf;
        this.count[pc]!++;
        this.newest[pc] = buf;
      },
      onRelease: (buf) => {
        this.chunkWaits?.leave(buf);
        const g = v.groupOfBuffer(buf);
        if (g >= 0) this.waits.released(g);
        this.reads.release(buf);
        if (bufKind[buf] === BUF_INJ) this.inj.released(buf);
        if (pool.isAdmitted(buf)) {
          pool.release(buf);
          return;
        }
        if (bufKind[buf] === BUF_INJ) return;
        if (bufKind[buf] !== BUF_NET) return;
        if (!this.isHead(buf) && this.violation === undefined)
          this.violation = `central-buffer: a packet left input FIFO ${bufPc[buf]} before the packet ahead of it`;
        this.pop(bufPc[buf]!);
      },
      canInject: (buf) => this.inj.canInject(buf),
      beginCycle: (t) => this.beginCycle(t),
      atHead: (buf) =>
        !pool.isAdmitted(buf) && (bufKind[buf] === BUF_NET ? this.isHead(buf) : this.inj.isFront(buf)),
      describe: (buf) => {
        if (pool.isAdmitted(buf)) return `in the central buffer (${pool.describe(buf)})`;
        if (bufKind[buf] === BUF_INJ) {
          const at = this.inj.position(buf);
          return at === undefined ? undefined : `processor port position ${at}`;
        }
        if (bufKind[buf] !== BUF_NET) return undefined;
        const pc = bufPc[buf]!;
        for (let i = 0; i < this.count[pc]!; i++)
          if (this.ring[pc * this.V + ((this.head[pc]! + i) % this.V)] === buf)
            return `input FIFO position ${i + 1} of ${this.count[pc]}`;
        return undefined;
      },
      check: () => {
        if (this.violation) return this.violation;
        const writes = this.port.check();
        if (writes !== undefined) return writes;
        for (let pc = 0; pc < net.numNetChannels; pc++)
          if (this.fill(pc) > this.fifoFlits)
            return `central-buffer: input FIFO ${pc} holds ${this.fill(pc)} flits (capacity ${this.fifoFlits})`;
        // A processor's packet has left its input exactly when it is in the central buffer.
        const inj0 = net.injFirst[0] ?? 0;
        for (let b = inj0; b < inj0 + net.numNodes * net.injPerNode; b++)
          if (v.held(b) && this.inj.hasLeft(b) !== pool.isAdmitted(b))
            return `central-buffer: node ${net.pcSrc[bufPc[b]!]}'s packet in injection buffer ${b} has ${this.inj.hasLeft(b) ? '' : 'not '}left its input but is ${pool.isAdmitted(b) ? '' : 'not '}in the central buffer`;
        const port = this.inj.check();
        if (port !== undefined) return `central-buffer: ${port}`;
        return pool.check();
      },
    };
  }
}

import type { DeadlockReport } from '../metrics/types.js';
import { F_ABSORB, F_FORWARD, F_RETRANSMIT, F_TEMP, type WormSpec } from '../plan/worm.js';
import type { RouterModel } from '../router/model.js';
import { EJECT } from '../routing/routing.js';
import { McsimError } from '../util/errors.js';
import { EventHeap } from '../util/heap.js';
import { type CompiledWorm, compileWorm } from './compile.js';
import { buildDeadlockReport } from './deadlock.js';
import type { MessageState } from './message.js';
import { BUF_NET, BUF_SINK, type Network } from './network.js';

/** Timing parameters in cycles (defaults from 000 sec. 5.1). */
export interface Timing {
  /** Routing decision at a router. */
  routingDelay: number;
  /** Routing decision where the header is modified (a stop is consumed and the worm goes on). */
  routingDelayModified: number;
  /** Start-up of a node's first message of a phase. */
  startup: number;
  /** Start-up of each further message the same node starts in the same phase. */
  startupSubsequent: number;
  /** Cycles without any flit moving, with worms in flight, before the run stops on a deadlock. */
  deadlockCycles: number;
}

export interface EngineHooks {
  /** Called once per message when its last worm has finished. */
  onMessageDone?(msg: MessageState): void;
  /** Called for every flit delivered to a destination processor (absorb service). */
  onDeliverFlits?(msg: MessageState, flits: number, cycle: number): void;
  /** Receives where every worm's header and tail go (off when undefined: one check per flit move). */
  trace?: TraceSink;
}

/**
 * The tracing seam: who holds which buffer when. Engine worm ids are reused once a worm has ended;
 * `wormStart` marks a new worm under an id. Recording and the trace format live in src/trace/.
 */
export interface TraceSink {
  /** Worm `worm` of message `msg` took injection buffer b at cycle t. */
  wormStart(worm: number, msg: MessageState, spec: WormSpec, b: number, t: number): void;
  /** Flit number `flit` of the worm (1 = header; its length = tail) entered buffer b at cycle t. */
  flitIn(worm: number, b: number, flit: number, t: number): void;
  /** Buffer b is free again at cycle t: its tail has left on every branch, or the processor took it. */
  release(worm: number, b: number, t: number): void;
}

interface ReadyWorm {
  worm: CompiledWorm;
  msg: MessageState;
}

/** Thrown inside the engine when the deadlock detector fires; carries the report. */
export class DeadlockError extends Error {
  constructor(readonly report: DeadlockReport) {
    super(report.text);
  }
}

/**
 * The flit-level engine. One cycle:
 *  1. start-up completions move worms to their node's injection queue; queued worms take free
 *     injection channels;
 *  2. VC allocation: heads whose routing delay has passed request a free VC (or consumption channel)
 *     in the set the routing function allowed; requests on one channel are served round-robin;
 *  3. link traversal: every physical channel moves at most one flit, chosen round-robin among its VCs
 *     that can move (flit-by-flit multiplexing, 004 sec. 6); a flit can enter a full buffer whose
 *     front flit leaves in the same cycle (credits return at once), so a worm streams one flit per
 *     cycle through 1-flit buffers as 000 sec. 5.1 assumes.
 * Every decision reads the state at the start of the cycle and all moves are applied together, so
 * the order in which buffers are visited never changes the result.
 */
export class Engine {
  now = 0;
  /** Flit moves over network channels since the start. */
  flitHops = 0;
  /** Cycles simulated with at least one worm in flight (for benchmarks). */
  busyCycles = 0;
  readonly net: Network;
  private readonly model: RouterModel;
  private readonly timing: Timing;
  private readonly hooks: EngineHooks;
  private readonly trace: TraceSink | undefined;
  /** Max out-branches per buffer (replication fan-out). */
  private readonly MB: number;

  // Per buffer.
  private readonly owner: Int32Array;
  private readonly recv: Int32Array;
  private readonly target: Int32Array;
  private readonly legSrc: Int32Array;
  private readonly prevPort: Int32Array;
  private readonly readyAt: Float64Array;
  private readonly brN: Uint8Array;
  private readonly srcSent: Int32Array;
  /** Length of the worm owning the buffer. */
  private readonly bufLen: Int32Array;
  private readonly activePos: Int32Array;
  private readonly active: Int32Array;
  private activeCount = 0;
  // Per branch slot (buffer * MB + k).
  private readonly brOut: Int32Array;
  private readonly brSent: Int32Array;
  private readonly brTarget: Int32Array;
  private readonly brLeg: Int32Array;
  private readonly brRoute: Uint32Array;
  private readonly brSink: Uint8Array;
  private readonly rd: Float64Array;
  private readonly sc: Float64Array;
  // Per physical channel: link arbitration.
  private readonly rr: Int32Array;
  private readonly winStamp: Float64Array;
  private readonly winSlot: Int32Array;
  private readonly winPri: Int32Array;
  // Per allocation group (network channel, or a node's consumption channels): VC allocation pointer.
  private readonly rrAlloc: Int32Array;
  // Buffers with a branch still waiting for an output (VC allocation visits only these).
  private readonly pend: Int32Array;
  private readonly pendPos: Int32Array;
  private pendCount = 0;
  // Injection buffers still receiving flits from their processor.
  private readonly srcList: Int32Array;
  private readonly srcPos: Int32Array;
  private srcCount = 0;
  // Scratch.
  private readonly touched: Int32Array;
  private moves: Int32Array;
  private reqSlot: Int32Array;
  private reqGroup: Int32Array;
  private reqPri: Int32Array;

  // Worms (instances in flight), indexed by worm id with a free list.
  private wormC: (CompiledWorm | undefined)[] = [];
  private wormMsg: (MessageState | undefined)[] = [];
  private wormLive: number[] = [];
  /** Flits moved over network channels per worm, added to its message when the worm ends. */
  private wormTraffic: number[] = [];
  private wormFree: number[] = [];

  // Processors.
  private readonly procFree: Float64Array;
  private readonly readyQueue: ReadyWorm[][];
  private readonly waitingNodes: number[] = [];
  private readonly waitingFlag: Uint8Array;
  private readonly events = new EventHeap<{ node: number; rw: ReadyWorm }>();

  private lastMove = 0;
  private nextMsgId = 0;
  /** Messages with worms not finished. */
  liveMessages = 0;

  constructor(net: Network, model: RouterModel, timing: Timing, hooks: EngineHooks = {}) {
    this.net = net;
    this.model = model;
    this.timing = timing;
    this.hooks = hooks;
    this.trace = hooks.trace;
    const NB = net.numBuffers;
    const MB = net.numPorts + 2;
    this.MB = MB;
    this.owner = new Int32Array(NB).fill(-1);
    this.recv = new Int32Array(NB);
    this.target = new Int32Array(NB);
    this.legSrc = new Int32Array(NB);
    this.prevPort = new Int32Array(NB);
    this.readyAt = new Float64Array(NB);
    this.brN = new Uint8Array(NB);
    this.srcSent = new Int32Array(NB);
    this.bufLen = new Int32Array(NB);
    this.activePos = new Int32Array(NB).fill(-1);
    this.active = new Int32Array(NB);
    const NS = NB * MB;
    this.brOut = new Int32Array(NS).fill(-1);
    this.brSent = new Int32Array(NS);
    this.brTarget = new Int32Array(NS);
    this.brLeg = new Int32Array(NS);
    this.brRoute = new Uint32Array(NS);
    this.brSink = new Uint8Array(NS);
    this.rd = new Float64Array(NS).fill(-1);
    this.sc = new Float64Array(NS).fill(-1);
    const NC = net.numChannels;
    this.rr = new Int32Array(NC);
    this.winStamp = new Float64Array(NC).fill(-1);
    this.winSlot = new Int32Array(NC);
    this.winPri = new Int32Array(NC);
    this.rrAlloc = new Int32Array(net.numNetChannels + net.numNodes);
    this.moves = new Int32Array(64);
    this.touched = new Int32Array(NC);
    this.pend = new Int32Array(NB);
    this.pendPos = new Int32Array(NB).fill(-1);
    this.srcList = new Int32Array(NB);
    this.srcPos = new Int32Array(NB).fill(-1);
    this.reqSlot = new Int32Array(64);
    this.reqGroup = new Int32Array(64);
    this.reqPri = new Int32Array(64);
    this.procFree = new Float64Array(net.numNodes);
    this.readyQueue = Array.from({ length: net.numNodes }, () => []);
    this.waitingFlag = new Uint8Array(net.numNodes);
  }

  // ---------------------------------------------------------------- messages and processors

  /** Creates a message record; its worms are started with `startPhase`. */
  newMessage(source: number, created: number, tag: string, measured: boolean, length: number): MessageState {
    this.liveMessages++;
    return {
      id: this.nextMsgId++,
      source,
      created,
      tag,
      measured,
      injected: -1,
      liveWorms: 0,
      deliveries: [],
      hops: 0,
      channels: 0,
      traffic: 0,
      worms: 0,
      length,
    };
  }

  /**
   * Node `node` starts `worms` as one start-up phase at cycle `at` (000 sec. 5.1): the first pays
   * `startup`, each further one `startupSubsequent`. The processor does one start-up at a time.
   */
  startPhase(node: number, worms: readonly WormSpec[], at: number, msg: MessageState): void {
    const t = this.timing;
    for (let i = 0; i < worms.length; i++) {
      const spec = worms[i]!;
      if (spec.source !== node)
        throw new McsimError(`worm source ${spec.source} differs from the starting node ${node}`);
      const cw = compileWorm(spec, this.net.numNodes);
      const start = Math.max(at, this.procFree[node]!);
      const done = start + (i === 0 ? t.startup : t.startupSubsequent);
      this.procFree[node] = done;
      msg.liveWorms++;
      msg.worms++;
      this.events.push(done, { node, rw: { worm: cw, msg } });
    }
  }

  /** Earliest cycle at which something is scheduled to happen (Infinity when nothing is). */
  nextEventTime(): number {
    return this.events.peekTime();
  }

  /** True when no worm holds a buffer and none waits for an injection channel. */
  get idle(): boolean {
    return this.activeCount === 0 && this.waitingNodes.length === 0;
  }

  /** Worms currently holding network or injection buffers. */
  get activeBuffers(): number {
    return this.activeCount;
  }

  // ---------------------------------------------------------------- stepping

  /** Simulates cycle `now` and advances to the next one. Throws DeadlockError on a deadlock. */
  step(): void {
    const t = this.now;
    while (this.events.peekTime() <= t) {
      const e = this.events.pop()!;
      this.enqueueReady(e.node, e.rw);
    }
    if (this.waitingNodes.length > 0) this.allocateInjection();
    if (this.activeCount > 0) {
      this.busyCycles++;
      this.allocateVcs(t);
      const moved = this.moveFlits(t);
      if (moved > 0) this.lastMove = t;
      else if (t - this.lastMove >= this.timing.deadlockCycles) {
        throw new DeadlockError(this.deadlockReport(t));
      }
    } else {
      this.lastMove = t;
    }
    this.now = t + 1;
  }

  /** Skips idle cycles up to (not beyond) `limit`, when nothing is in flight. */
  skipIdle(limit: number): void {
    if (!this.idle) return;
    const next = Math.min(this.events.peekTime(), limit);
    if (next > this.now) {
      this.now = next;
      this.lastMove = next;
    }
  }

  private enqueueReady(node: number, rw: ReadyWorm): void {
    this.readyQueue[node]!.push(rw);
    if (!this.waitingFlag[node]) {
      this.waitingFlag[node] = 1;
      this.waitingNodes.push(node);
    }
  }

  /** Queued worms take free injection channels, first come first served per node. */
  private allocateInjection(): void {
    const net = this.net;
    const nodes = this.waitingNodes;
    let keep = 0;
    for (let i = 0; i < nodes.length; i++) {
      const n = nodes[i]!;
      const q = this.readyQueue[n]!;
      let qi = 0;
      const first = net.injFirst[n]!;
      for (let b = first; b < first + net.injPerNode && qi < q.length; b++) {
        if (this.owner[b] !== -1) continue;
        const rw = q[qi++]!;
        const w = this.newWorm(rw);
        this.owner[b] = w;
        this.bufLen[b] = rw.worm.length;
        this.recv[b] = 0;
        this.brN[b] = 0;
        this.srcSent[b] = 0;
        this.target[b] = 0;
        this.legSrc[b] = rw.worm.source;
        this.prevPort[b] = -1;
        this.wormLive[w] = 1;
        this.activate(b);
        if (this.trace !== undefined) this.trace.wormStart(w, rw.msg, rw.worm.spec, b, this.now);
        this.srcPos[b] = this.srcCount;
        this.srcList[this.srcCount++] = b;
      }
      if (qi > 0) q.splice(0, qi);
      if (q.length > 0) nodes[keep++] = n;
      else this.waitingFlag[n] = 0;
    }
    nodes.length = keep;
  }

  private newWorm(rw: ReadyWorm): number {
    const w = this.wormFree.length > 0 ? this.wormFree.pop()! : this.wormC.length;
    this.wormC[w] = rw.worm;
    this.wormMsg[w] = rw.msg;
    this.wormLive[w] = 0;
    this.wormTraffic[w] = 0;
    return w;
  }

  private activate(b: number): void {
    this.activePos[b] = this.activeCount;
    this.active[this.activeCount++] = b;
  }

  private deactivate(b: number): void {
    const pos = this.activePos[b]!;
    const last = this.active[--this.activeCount]!;
    this.active[pos] = last;
    this.activePos[last] = pos;
    this.activePos[b] = -1;
  }

  // ---------------------------------------------------------------- routing (head arrival)

  /**
   * The header has arrived in buffer b at cycle t: consume the stops addressed to this router and
   * set up one out-branch per continuation (000 Fig. 6): a consumption branch when the stop absorbs,
   * a network branch toward each next stop when it forwards, or one branch toward the current target.
   */
  private headArrived(b: number, t: number): void {
    const net = this.net;
    const r = net.bufRouter[b]!;
    const w = this.owner[b]!;
    const cw = this.wormC[w]!;
    const T = this.target[b]!;
    this.brN[b] = 0;
    let modified = false;
    let netBranches = 0;
    if (cw.node[T] === r) {
      modified = true;
      netBranches = this.consumeStop(b, cw, T, r);
    } else {
      this.addNetBranch(b, cw, T, this.legSrc[b]!, r);
      netBranches = 1;
    }
    const tm = this.timing;
    const delay = modified && netBranches > 0 ? tm.routingDelayModified : tm.routingDelay;
    // The head entered at cycle t; it leaves after the routing decision, one cycle per link.
    this.readyAt[b] = t + delay + 1;
    if (this.brN[b]! > 0) this.addPending(b);
  }

  private consumeStop(b: number, cw: CompiledWorm, T: number, r: number): number {
    const f = cw.flags[T]!;
    let netBranches = 0;
    if (f & (F_ABSORB | F_TEMP)) {
      const k = this.newBranch(b, r);
      const s = b * this.MB + k;
      this.brSink[s] = 1;
      this.brTarget[s] = T;
      this.brRoute[s] = (1 << 8) | EJECT;
    }
    if (f & F_FORWARD) {
      const cs = cw.childStart[T]!;
      for (let i = 0; i < cw.childCount[T]!; i++) {
        const C = cw.children[cs + i]!;
        if (cw.node[C] === r) netBranches += this.consumeStop(b, cw, C, r);
        else {
          this.addNetBranch(b, cw, C, r, r);
          netBranches++;
        }
      }
    }
    return netBranches;
  }

  private newBranch(b: number, r: number): number {
    const k = this.brN[b]!;
    if (k >= this.MB)
      throw new McsimError(
        `a worm replicates into more than ${this.MB} branches at node ${this.net.topology.formatNode(r)}`,
      );
    this.brN[b] = k + 1;
    const s = b * this.MB + k;
    this.brOut[s] = -1;
    this.brSent[s] = 0;
    this.brSink[s] = 0;
    return k;
  }

  private addNetBranch(b: number, cw: CompiledWorm, C: number, leg: number, r: number): void {
    const dest = cw.node[C]!;
    const rf = cw.routing === undefined ? this.net.routing : this.net.routingByName(cw.routing);
    const packed = rf.route(r, dest, leg, this.prevPort[b]!, cw.source);
    const port = packed & 0xff;
    if (port === EJECT || this.net.portChannel[r * this.net.numPorts + port]! < 0) {
      throw new Error(
        `routing ${this.net.routing.name} chose port ${port} at ${this.net.topology.formatNode(r)} toward ${this.net.topology.formatNode(dest)}, which has no channel`,
      );
    }
    // Replication sends one copy per output channel; two branches on one channel would wait for
    // each other's VC (a self-deadlock with one VC), so such a header is rejected.
    for (let k = 0; k < this.brN[b]!; k++) {
      const o = b * this.MB + k;
      if (!this.brSink[o] && (this.brRoute[o]! & 0xff) === port)
        throw new McsimError(
          `tree worm from ${this.net.topology.formatNode(cw.source)} replicates twice into channel ${this.net.topology.portName(port)} at node ${this.net.topology.formatNode(r)}: branches must leave through different channels`,
        );
    }
    const k = this.newBranch(b, r);
    const s = b * this.MB + k;
    this.brTarget[s] = C;
    this.brLeg[s] = leg;
    this.brRoute[s] = packed;
  }

  // ---------------------------------------------------------------- VC allocation

  /**
   * Heads past their routing delay request a free buffer among the candidates of their route.
   * Requests are grouped per channel (or per node's consumption channels) and served in round-robin
   * order of requesting buffer, each taking the lowest free VC it may use. Only buffers with an
   * unallocated branch are visited (the pending list), so the cost follows what waits, not the net.
   */
  private allocateVcs(t: number): void {
    const net = this.net;
    const MB = this.MB;
    const NBtot = net.numBuffers;
    const brOut = this.brOut;
    const brRoute = this.brRoute;
    let nreq = 0;
    for (let i = 0; i < this.pendCount; i++) {
      const b = this.pend[i]!;
      if (t < this.readyAt[b]!) continue;
      const n = this.brN[b]!;
      const r = net.bufRouter[b]!;
      for (let k = 0; k < n; k++) {
        const s = b * MB + k;
        if (brOut[s] !== -1) continue;
        const port = brRoute[s]! & 0xff;
        const group = port === EJECT ? net.numNetChannels + r : net.portChannel[r * net.numPorts + port]!;
        if (nreq === this.reqSlot.length) this.growReq();
        this.reqSlot[nreq] = s;
        this.reqGroup[nreq] = group;
        this.reqPri[nreq] = (b - this.rrAlloc[group]! + NBtot) % NBtot;
        nreq++;
      }
    }
    if (nreq === 0) return;
    // Insertion sort by (group, priority): request lists are short.
    const rs = this.reqSlot;
    const rg = this.reqGroup;
    const rp = this.reqPri;
    for (let i = 1; i < nreq; i++) {
      const s = rs[i]!;
      const g = rg[i]!;
      const p = rp[i]!;
      let j = i - 1;
      while (j >= 0 && (rg[j]! > g || (rg[j] === g && rp[j]! > p))) {
        rs[j + 1] = rs[j]!;
        rg[j + 1] = rg[j]!;
        rp[j + 1] = rp[j]!;
        j--;
      }
      rs[j + 1] = s;
      rg[j + 1] = g;
      rp[j + 1] = p;
    }
    for (let i = 0; i < nreq; i++) {
      const s = rs[i]!;
      const g = rg[i]!;
      const b = (s / MB) | 0;
      const w = this.owner[b]!;
      const len = this.wormC[w]!.length;
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
        mask = brRoute[s]! >>> 8;
      }
      for (let v = 0; v < count; v++) {
        if (v < 24 && !((mask >>> v) & 1)) continue;
        const cand = first + v;
        if (this.owner[cand] !== -1 || !this.model.canAllocate(net, cand, len)) continue;
        this.grant(s, b, w, cand);
        this.rrAlloc[g] = b + 1;
        break;
      }
    }
    // Drop buffers whose branches all have an output now.
    for (let i = 0; i < this.pendCount; ) {
      const b = this.pend[i]!;
      const n = this.brN[b]!;
      let open = false;
      for (let k = 0; k < n; k++) if (brOut[b * MB + k] === -1) open = true;
      if (open) i++;
      else this.unpend(b);
    }
  }

  private addPending(b: number): void {
    if (this.pendPos[b] !== -1) return;
    this.pendPos[b] = this.pendCount;
    this.pend[this.pendCount++] = b;
  }

  private unpend(b: number): void {
    const pos = this.pendPos[b]!;
    if (pos === -1) return;
    const last = this.pend[--this.pendCount]!;
    this.pend[pos] = last;
    this.pendPos[last] = pos;
    this.pendPos[b] = -1;
  }

  private growReq(): void {
    const n = this.reqSlot.length * 2;
    const grow = (a: Int32Array) => {
      const x = new Int32Array(n);
      x.set(a);
      return x;
    };
    this.reqSlot = grow(this.reqSlot);
    this.reqGroup = grow(this.reqGroup);
    this.reqPri = grow(this.reqPri);
  }

  private grant(s: number, b: number, w: number, cand: number): void {
    this.brOut[s] = cand;
    this.owner[cand] = w;
    this.bufLen[cand] = this.bufLen[b]!;
    this.recv[cand] = 0;
    this.brN[cand] = 0;
    this.wormLive[w]!++;
    const kind = this.net.bufKind[cand];
    if (kind === BUF_NET) {
      this.wormMsg[w]!.channels++;
      this.activate(cand);
    }
    // Where the flits heading into `cand` are going: the branch's target stop.
    this.target[cand] = this.brTarget[s]!;
    this.legSrc[cand] = this.brLeg[s]!;
    this.prevPort[cand] = this.brRoute[s]! & 0xff;
  }

  // ---------------------------------------------------------------- link traversal

  private minSent(o: number): number {
    const n = this.brN[o]!;
    if (n === 0) return 0;
    const base = o * this.MB;
    let m = this.brSent[base]!;
    for (let k = 1; k < n; k++) {
      const x = this.brSent[base + k]!;
      if (x < m) m = x;
    }
    return m;
  }

  private hasSpace(o: number): boolean {
    return this.recv[o]! - this.minSent(o) < this.net.bufCap[o]!;
  }

  /**
   * Can branch slot s (of buffer b) move a flit this cycle, if it wins its link? Optimistic about
   * the links further downstream. Memoised per cycle: rd[s] = 2t + 1 (yes) or 2t (no).
   */
  private ready(s: number, b: number, t: number): boolean {
    const memo = this.rd[s]!;
    const t2 = 2 * t;
    if (memo >= t2) return memo === t2 + 1;
    const out = this.brOut[s]!;
    const sent = this.brSent[s]!;
    let v = false;
    if (out >= 0 && sent < this.recv[b]! && (sent > 0 || t >= this.readyAt[b]!)) {
      const n = this.brN[out]!;
      const ms = n === 0 ? 0 : n === 1 ? this.brSent[out * this.MB]! : this.minSent(out);
      v = this.recv[out]! - ms < this.net.bufCap[out]! || this.drainable(out, t);
    }
    this.rd[s] = v ? t2 + 1 : t2;
    return v;
  }

  /** Would buffer o free a slot this cycle if all its slowest branches moved? */
  private drainable(o: number, t: number): boolean {
    const n = this.brN[o]!;
    if (n === 0 || this.recv[o] === 0) return false;
    const base = o * this.MB;
    if (n === 1) return this.ready(base, o, t);
    const m = this.minSent(o);
    for (let k = 0; k < n; k++) if (this.brSent[base + k] === m && !this.ready(base + k, o, t)) return false;
    return true;
  }

  /** Does branch slot s actually move this cycle: it won its link and the flit has room downstream. */
  private succeeds(s: number, t: number): boolean {
    const memo = this.sc[s]!;
    const t2 = 2 * t;
    if (memo >= t2) return memo === t2 + 1;
    let v = false;
    const out = this.brOut[s]!;
    const pc = this.net.bufPc[out]!;
    if (this.rd[s] === t2 + 1 && this.winStamp[pc] === t && this.winSlot[pc] === s) {
      const n = this.brN[out]!;
      const ms = n === 0 ? 0 : n === 1 ? this.brSent[out * this.MB]! : this.minSent(out);
      v = this.recv[out]! - ms < this.net.bufCap[out]! || this.drains(out, t);
    }
    this.sc[s] = v ? t2 + 1 : t2;
    return v;
  }

  private drains(o: number, t: number): boolean {
    const n = this.brN[o]!;
    if (n === 0 || this.recv[o] === 0) return false;
    const base = o * this.MB;
    if (n === 1) return this.succeeds(base, t);
    const m = this.minSent(o);
    for (let k = 0; k < n; k++) if (this.brSent[base + k] === m && !this.succeeds(base + k, t)) return false;
    return true;
  }

  /** Decides and applies this cycle's flit moves; returns how many flits moved. */
  private moveFlits(t: number): number {
    const net = this.net;
    const MB = this.MB;
    const act = this.active;
    const nact = this.activeCount;
    const brN = this.brN;
    const brOut = this.brOut;
    const bufPc = net.bufPc;
    const bufVc = net.bufVc;
    const pcVcs = net.pcVcs;
    const winStamp = this.winStamp;
    const winPri = this.winPri;
    const winSlot = this.winSlot;
    const rr = this.rr;
    const touched = this.touched;
    let ntouched = 0;
    // Pass 1: which branches can move; link arbitration, round-robin over each channel's VCs.
    for (let i = 0; i < nact; i++) {
      const b = act[i]!;
      const n = brN[b]!;
      for (let k = 0; k < n; k++) {
        const s = b * MB + k;
        if (!this.ready(s, b, t)) continue;
        const out = brOut[s]!;
        const pc = bufPc[out]!;
        const V = pcVcs[pc]!;
        const pri = V === 1 ? 0 : (bufVc[out]! - rr[pc]! + V) % V;
        if (winStamp[pc] !== t) {
          winStamp[pc] = t;
          winPri[pc] = pri;
          winSlot[pc] = s;
          touched[ntouched++] = pc;
        } else if (pri < winPri[pc]!) {
          winPri[pc] = pri;
          winSlot[pc] = s;
        }
      }
    }
    // Pass 2: which winners actually move (room downstream, or the downstream front flit leaves),
    // and which processors push a flit into their injection channel.
    let nm = 0;
    if (this.moves.length < ntouched + this.srcCount)
      this.moves = new Int32Array(2 * (ntouched + this.srcCount));
    const moves = this.moves;
    for (let i = 0; i < this.srcCount; i++) {
      const b = this.srcList[i]!;
      if (this.hasSpace(b) || this.drains(b, t)) moves[nm++] = -1 - b;
    }
    for (let i = 0; i < ntouched; i++) {
      const s = winSlot[touched[i]!]!;
      if (this.succeeds(s, t)) moves[nm++] = s;
    }
    // Pass 3: apply all moves together.
    const trace = this.trace;
    for (let i = 0; i < nm; i++) {
      const m = moves[i]!;
      if (m < 0) {
        const b = -1 - m;
        const sent = ++this.srcSent[b]!;
        if (sent === this.bufLen[b]) this.unsource(b);
        if (trace !== undefined) trace.flitIn(this.owner[b]!, b, sent, t);
        if (++this.recv[b]! === 1) {
          const msg = this.wormMsg[this.owner[b]!]!;
          if (msg.injected < 0) msg.injected = t;
          this.headArrived(b, t);
        }
        continue;
      }
      const out = brOut[m]!;
      this.brSent[m]!++;
      const pc = bufPc[out]!;
      rr[pc] = (bufVc[out]! + 1) % pcVcs[pc]!;
      const got = ++this.recv[out]!;
      if (trace !== undefined) trace.flitIn(this.owner[out]!, out, got, t);
      const kind = net.bufKind[out];
      if (kind === BUF_NET) {
        this.flitHops++;
        this.wormTraffic[this.owner[out]!]!++;
        if (got === 1) {
          this.wormMsg[this.owner[out]!]!.hops++;
          this.headArrived(out, t);
        }
      } else if (kind === BUF_SINK) {
        this.sinkFlit(out, got, t);
      }
    }
    // Release buffers whose tail has left on every branch.
    for (let i = 0; i < nm; i++) {
      const m = moves[i]!;
      if (m < 0) continue;
      const b = (m / MB) | 0;
      const w = this.owner[b]!;
      if (w >= 0 && this.minSent(b) === this.bufLen[b]) this.release(b, w);
    }
    return nm;
  }

  private unsource(b: number): void {
    const pos = this.srcPos[b]!;
    if (pos === -1) return;
    const last = this.srcList[--this.srcCount]!;
    this.srcList[pos] = last;
    this.srcPos[last] = pos;
    this.srcPos[b] = -1;
  }

  private sinkFlit(o: number, got: number, t: number): void {
    const w = this.owner[o]!;
    const cw = this.wormC[w]!;
    const msg = this.wormMsg[w]!;
    const T = this.target[o]!;
    const f = cw.flags[T]!;
    const node = cw.node[T]!;
    if (got === 1 && f & F_ABSORB) msg.deliveries.push({ node, header: t, tail: -1 });
    if (f & F_ABSORB && this.hooks.onDeliverFlits) this.hooks.onDeliverFlits(msg, 1, t);
    if (got === cw.length) {
      if (f & F_ABSORB) {
        for (let i = msg.deliveries.length - 1; i >= 0; i--) {
          const d = msg.deliveries[i]!;
          if (d.node === node && d.tail < 0) {
            d.tail = t;
            break;
          }
        }
      }
      // Retransmission: the processor starts the next phase once the whole message is in (000 Fig. 6).
      if (f & F_RETRANSMIT) this.startPhase(node, cw.retransmit[T]!, t, msg);
      this.release(o, w);
    }
  }

  private release(b: number, w: number): void {
    if (this.trace !== undefined) this.trace.release(w, b, this.now);
    this.unpend(b);
    this.owner[b] = -1;
    this.recv[b] = 0;
    this.brN[b] = 0;
    if (this.activePos[b]! >= 0) this.deactivate(b);
    if (--this.wormLive[w]! === 0) this.wormDone(w);
  }

  private wormDone(w: number): void {
    const msg = this.wormMsg[w]!;
    msg.traffic += this.wormTraffic[w]!;
    this.wormC[w] = undefined;
    this.wormMsg[w] = undefined;
    this.wormFree.push(w);
    if (--msg.liveWorms === 0) {
      this.liveMessages--;
      this.hooks.onMessageDone?.(msg);
    }
  }

  /**
   * Consistency check for tests: no buffer holds more flits than it can, free buffers are empty,
   * and no branch has sent more flits than arrived. Returns the first violation, or undefined.
   */
  checkInvariants(): string | undefined {
    const net = this.net;
    for (let b = 0; b < net.numBuffers; b++) {
      const w = this.owner[b]!;
      if (w < 0) {
        if (this.recv[b] !== 0) return `free buffer ${b} holds flits`;
        continue;
      }
      const occ = this.recv[b]! - this.minSent(b);
      if (occ < 0 || occ > net.bufCap[b]!)
        return `buffer ${b} holds ${occ} flits (capacity ${net.bufCap[b]})`;
      for (let k = 0; k < this.brN[b]!; k++)
        if (this.brSent[b * this.MB + k]! > this.recv[b]!)
          return `buffer ${b} branch ${k} sent more than it received`;
      if (this.recv[b]! > this.wormC[w]!.length) return `buffer ${b} received more flits than its worm has`;
    }
    return undefined;
  }

  // ---------------------------------------------------------------- deadlock report

  private deadlockReport(t: number): DeadlockReport {
    const net = this.net;
    const holdings = new Map<number, number[]>();
    for (let b = 0; b < net.numBuffers; b++) {
      const w = this.owner[b]!;
      if (w < 0) continue;
      let list = holdings.get(w);
      if (!list) holdings.set(w, (list = []));
      list.push(b);
    }
    const waits = new Map<number, Array<{ group: number; mask: number; router: number }>>();
    for (const [w, bufs] of holdings) {
      for (const b of bufs) {
        for (let k = 0; k < this.brN[b]!; k++) {
          const s = b * this.MB + k;
          if (this.brOut[s] !== -1 || this.recv[b] === 0) continue;
          const port = this.brRoute[s]! & 0xff;
          const r = net.bufRouter[b]!;
          const group = port === EJECT ? -1 - r : net.portChannel[r * net.numPorts + port]!;
          let list = waits.get(w);
          if (!list) waits.set(w, (list = []));
          list.push({ group, mask: this.brRoute[s]! >>> 8, router: r });
        }
      }
    }
    const queued: Array<{ node: number; msg: MessageState; source: number }> = [];
    for (const n of this.waitingNodes)
      for (const rw of this.readyQueue[n]!) queued.push({ node: n, msg: rw.msg, source: n });
    return buildDeadlockReport({
      net,
      cycle: t,
      idleCycles: t - this.lastMove,
      owner: this.owner,
      holdings,
      waits,
      wormMsg: (w) => this.wormMsg[w]!,
      wormSource: (w) => this.wormC[w]!.source,
      queued,
    });
  }
}

export { BUF_SINK };

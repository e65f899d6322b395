import { F_ABSORB, F_RETRANSMIT, type WormSpec } from '../plan/worm.js';
import { McsimError } from '../util/errors.js';
import { EventHeap } from '../util/heap.js';
import { type CompiledWorm, compileWorm } from './compile.js';
import { HD, HD_LEG, HD_PREV_PORT, HD_TARGET } from './head-record.js';
import type { MessageState } from './message.js';
import type { SwitchPolicy } from './policy.js';
import type { EngineState, Timing } from './state.js';

interface ReadyWorm {
  node: number;
  worm: CompiledWorm;
  msg: MessageState;
}

/** Where a queued worm waits, for deadlock reports. */
export interface QueuedWorm {
  node: number;
  msg: MessageState;
}

/**
 * The end nodes (processors): start-up, the injection queue and consumption (000 sec. 5.1).
 * A processor does one start-up at a time; when a start-up ends its worm waits, first come first
 * served, for a free injection channel of the node. Consumption channels take every flit at once;
 * the tail's arrival records the delivery and, for a retransmitting stop, starts the next phase.
 */
export class Terminals {
  private readonly s: EngineState;
  private readonly timing: Timing;
  /** Cycle at which each processor finishes its current start-ups. */
  private readonly procFree: Float64Array;
  /** Per node, the worms whose start-up has ended, waiting for an injection channel from readyHead on. */
  private readonly readyQueue: ReadyWorm[][];
  private readonly readyHead: Int32Array;
  /** Nodes with worms queued for an injection channel, and a flag per node. */
  private readonly waitingNodes: number[] = [];
  private readonly waitingFlag: Uint8Array;
  private readonly events = new EventHeap<ReadyWorm>();
  /** The switch model, when it decides which free injection channel a worm may take. */
  private readonly policy: SwitchPolicy | undefined;
  /** The model answers canInject for the node: one refusal holds for all its buffers that cycle (fast/shortcuts.ts, nodeInject). */
  private readonly byNode: boolean;

  constructor(s: EngineState, timing: Timing, policy?: SwitchPolicy, nodeInject = false) {
    this.s = s;
    this.timing = timing;
    this.policy = policy?.canInject === undefined ? undefined : policy;
    this.byNode = nodeInject && this.policy !== undefined;
    const N = s.net.numNodes;
    this.procFree = new Float64Array(N);
    this.readyQueue = Array.from({ length: N }, () => []);
    this.readyHead = new Int32Array(N);
    this.waitingFlag = new Uint8Array(N);
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
      const cw = compileWorm(spec, this.s.net.numNodes);
      const start = Math.max(at, this.procFree[node]!);
      const done = start + (i === 0 ? t.startup : t.startupSubsequent);
      this.procFree[node] = done;
      msg.liveWorms++;
      msg.worms++;
      this.events.push(done, { node, worm: cw, msg });
    }
  }

  /** Earliest cycle at which a start-up ends (Infinity when none is under way). */
  nextEventTime(): number {
    return this.events.peekTime();
  }

  /** Worms whose start-up has ended and that wait for an injection channel. */
  get waiting(): number {
    return this.waitingNodes.length;
  }

  /** Stage 1 of cycle t: finished start-ups join their node's queue; queued worms take free injection channels. */
  inject(t: number): void {
    while (this.events.peekTime() <= t) {
      const e = this.events.pop()!;
      this.enqueueReady(e.node, e);
    }
    if (this.waitingNodes.length > 0) this.allocateInjection();
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
    const s = this.s;
    const net = s.net;
    const nodes = this.waitingNodes;
    // A node all of whose injection channels are held waits without a look (unless the switch
    // model decides which channel a worm may take, or one host link carries them all).
    const counted = this.policy === undefined && !s.oneHostLink;
    let keep = 0;
    for (let i = 0; i < nodes.length; i++) {
      const n = nodes[i]!;
      if (counted && s.injFree[n] === 0) {
        nodes[keep++] = n;
        continue;
      }
      const q = this.readyQueue[n]!;
      let qi = this.readyHead[n]!;
      const first = net.injFirst[n]!;
      // One host link: no new worm while one is still coming in from the processor.
      let linkBusy = false;
      if (s.oneHostLink)
        for (let b = first; b < first + net.injPerNode; b++) if (s.srcPos[b] !== -1) linkBusy = true;
      // The model answers for the node (nodeInject): a refusal needs no look for a free buffer.
      if (this.byNode && !linkBusy && qi < q.length && !this.policy!.canInject!(first, q[qi]!.worm.spec)) {
        nodes[keep++] = n;
        continue;
      }
      for (let b = first; b < first + net.injPerNode && qi < q.length && !linkBusy; b++) {
        if (s.owner[b] !== -1) continue;
        if (this.policy !== undefined && !this.policy.canInject!(b, q[qi]!.worm.spec)) {
          // Answered for the node: its other free buffers would be refused too until a grant.
          if (this.byNode) break;
          continue;
        }
        const rw = q[qi]!;
        q[qi++] = undefined as unknown as ReadyWorm;
        const w = s.newWorm(rw.worm, rw.msg);
        s.owner[b] = w;
        s.injFree[n]!--;
        s.bufLen[b] = rw.worm.length;
        s.recv[b] = 0;
        s.brN[b] = 0;
        s.srcSent[b] = 0;
        s.head[HD * b + HD_TARGET] = 0;
        s.head[HD * b + HD_LEG] = net.nodeSwitch[rw.worm.source]!;
        s.head[HD * b + HD_PREV_PORT] = -1;
        s.wormLive[w] = 1;
        s.activate(b);
        this.policy?.onGrant?.(b);
        if (s.trace !== undefined) s.trace.wormStart(w, rw.msg, rw.worm.spec, b, s.now);
        s.addSource(b);
        if (s.oneHostLink) linkBusy = true;
      }
      if (qi === q.length) {
        q.length = 0;
        this.readyHead[n] = 0;
        this.waitingFlag[n] = 0;
        continue;
      }
      // Taken worms leave the front of the queue; it is compacted once they are most of it.
      if (qi > 32 && 2 * qi > q.length) {
        q.splice(0, qi);
        qi = 0;
      }
      this.readyHead[n] = qi;
      nodes[keep++] = n;
    }
    nodes.length = keep;
  }

  /**
   * Flit number `got` of its worm has entered consumption buffer o at cycle t. The processor takes
   * it at once; the tail completes the delivery and frees the channel.
   */
  consume(o: number, got: number, t: number): void {
    const s = this.s;
    const w = s.owner[o]!;
    const cw = s.wormC[w]!;
    const msg = s.wormMsg[w]!;
    const T = s.head[HD * o + HD_TARGET]!;
    const f = cw.flags[T]!;
    const node = cw.node[T]!;
    if (got === 1 && f & F_ABSORB) msg.deliveries.push({ node, header: t, tail: -1 });
    if (f & F_ABSORB && s.hooks.onDeliverFlits) s.hooks.onDeliverFlits(msg, 1, t);
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
      s.release(o, w);
    }
  }

  /** Worms waiting for an injection channel, in queue order (for deadlock reports). */
  queued(): QueuedWorm[] {
    const out: QueuedWorm[] = [];
    for (const n of this.waitingNodes) {
      const q = this.readyQueue[n]!;
      for (let i = this.readyHead[n]!; i < q.length; i++) out.push({ node: n, msg: q[i]!.msg });
    }
    return out;
  }
}

import type { MessageState } from '../engine/message.js';
import { BUF_INJ, BUF_NET, BUF_SINK, type Network } from '../engine/network.js';
import type { SwitchModel, SwitchPolicy } from '../engine/policy.js';
import type { SwitchView } from '../engine/view.js';
import type { Interval } from '../stats/interval.js';
import { McsimError } from '../util/errors.js';
import type { Batching } from './measures.js';
import { NamedBatches } from './named-batches.js';
import type { MeanStat, SwitchDiagnosticsMetrics } from './types.js';

/** Per input buffer: where its packet is in the head-of-FIFO life cycle. */
const IDLE = 0;
/** Routed and at the head of its input FIFO, some output not granted yet. */
const WAITING = 1;
/** Every output granted (flit path, or all the replicated branches of an input-buffer switch), still at the head. */
const SERVED = 2;
/** Written into the central buffer: off the FIFO head, holding central-buffer space until its tail leaves. */
const IN_CB = 3;

const DOWN = 0;
const UP = 1;

/**
 * Opt-in diagnostics of 002's switches (config `metrics.switchDiagnostics`), for the statements of
 * 002 sec. 6-7 whose mechanism they measure (C35, X4, X5, X8-X10; docs/experiments/switch.md,
 * "Diagnostics: C35 and X1-X11"). They watch the switch model from outside: `instrument` wraps the
 * model's policy (its per-cycle hook, grants and releases) and asks only `atHead`, so the models
 * and the engine's loops are untouched and nothing of this runs when the option is off.
 *
 * Head of an input FIFO: a packet starts waiting in the first cycle it is at the head of its input
 * FIFO (or its node's injection queue, at a leaf) with its routing delay over, i.e. the first cycle
 * it may request an output. Its head wait is the longest, over its outputs, of the cycles from the
 * output's earliest request (that first cycle; for a replicated branch plus the chunk delay and its
 * rank, which are structure, not waiting) to its grant; or, for a packet written into a central
 * buffer, the cycles until that write, counted for a replicated packet (which cannot cross) from
 * the cycle after the first one it was at the head with its header chunk complete (the earliest write). Its head residence ends when the
 * packet behind it may use the head: at that write, or the cycle after its tail has left on every
 * branch. Every sample is booked in the cycle it ends, when that cycle is in the measurement window.
 * The polls read the state at the start of the cycle (before allocation), so they see what the
 * allocator sees and the visiting order never matters.
 */
export class SwitchDiagnostics {
  private readonly state: Uint8Array;
  private readonly start: Float64Array;
  private readonly fanout: Uint8Array;
  private readonly granted: Uint8Array;
  /** Per buffer: the longest wait of its outputs granted so far. */
  private readonly worst: Float64Array;
  /** Per waiting buffer: the first cycle its header chunk was complete (central-buffer writes need it), or -1. */
  private readonly chunkAt: Float64Array;
  private readonly chunkFlits: number;
  /** Per buffer: DOWN or UP for switch inputs (network and injection buffers), -1 otherwise. */
  private readonly side: Int8Array;
  /** Per buffer: channel class index of the link into it (network and consumption buffers), -1 otherwise. */
  private readonly cls: Int16Array;
  private readonly classNames: string[] = [];
  private readonly classLinks: number[] = [];
  private readonly inCb: Int32Array;
  private readonly inCbPos: Int32Array;
  private nInCb = 0;
  private readonly wait = [stat('headWait.down'), stat('headWait.up')];
  private readonly residence = [stat('headResidence.nonReplicating'), stat('headResidence.replicating')];
  private readonly admitted = [0, 0];
  private readonly cbFlits = [0, 0];
  private readonly classFlits: number[] = [];
  private injectedFlits = 0;
  private readonly spreadStat = stat('spread');
  /** Batch means of every diagnostic over an open-loop window (their intervals), else undefined. */
  private readonly batches: NamedBatches | undefined;

  constructor(
    private readonly net: Network,
    readonly windowStart: number,
    /** The window's end, read when needed: a run may end its window by convergence (sim/window.ts). */
    private readonly windowEnd: () => number,
    batching?: Batching,
  ) {
    this.batches =
      batching?.by === 'cycle' ? new NamedBatches(batching.length, batching.maxBatches) : undefined;
    const topo = net.topology;
    const level = topo.switchLevel?.bind(topo);
    if (level === undefined)
      throw new McsimError(
        `needs a topology with switch levels (a fat tree), got ${topo.spec}`,
        'metrics.switchDiagnostics',
      );
    const NB = net.numBuffers;
    this.state = new Uint8Array(NB);
    this.start = new Float64Array(NB);
    this.fanout = new Uint8Array(NB);
    this.granted = new Uint8Array(NB);
    this.worst = new Float64Array(NB);
    this.chunkAt = new Float64Array(NB);
    this.chunkFlits = net.switchOptions?.chunkFlits ?? 1;
    this.side = new Int8Array(NB).fill(-1);
    this.cls = new Int16Array(NB).fill(-1);
    this.inCb = new Int32Array(NB);
    this.inCbPos = new Int32Array(NB).fill(-1);
    const classOf = (name: string): number => {
      let i = this.classNames.indexOf(name);
      if (i < 0) {
        i = this.classNames.push(name) - 1;
        this.classLinks.push(0);
        this.classFlits.push(0);
      }
      return i;
    };
    const pcClass = new Int16Array(net.numChannels).fill(-1);
    for (let pc = 0; pc < net.numNetChannels; pc++) {
      const from = level(net.pcSrc[pc]!);
      const to = level(net.pcDst[pc]!);
      pcClass[pc] = classOf(`${to > from ? 'up' : 'down'}${from}to${to}`);
      this.classLinks[pcClass[pc]!]!++;
    }
    const sink = classOf('toProcessor');
    // One link into each processor, however many consumption channels the engine gives it.
    this.classLinks[sink] = net.numNodes;
    for (let b = 0; b < NB; b++) {
      const kind = net.bufKind[b];
      const pc = net.bufPc[b]!;
      if (kind === BUF_INJ) this.side[b] = DOWN;
      else if (kind === BUF_NET) {
        // A packet coming down from a higher-level switch enters by an up port (4..7, fattree.ts).
        this.side[b] = level(net.pcSrc[pc]!) > level(net.pcDst[pc]!) ? UP : DOWN;
        this.cls[b] = pcClass[pc]!;
      } else if (kind === BUF_SINK) this.cls[b] = sink;
    }
  }

  /** The model with its policy watched by these diagnostics. */
  instrument(model: SwitchModel): SwitchModel {
    return {
      name: model.name,
      description: model.description,
      validate: (net, maxLen) => model.validate(net, maxLen),
      create: (net, v) => this.wrap(model.create(net, v), v),
    };
  }

  private wrap(inner: SwitchPolicy, v: SwitchView): SwitchPolicy {
    const atHead = inner.atHead;
    if (atHead === undefined)
      throw new McsimError(
        'needs a switch model that reports its input FIFO heads (central-buffer or input-fifo)',
        'metrics.switchDiagnostics',
      );
    return {
      ...inner,
      beginCycle: (t) => {
        this.poll(v, atHead, t, false);
        inner.beginCycle?.(t);
        this.poll(v, atHead, t, true);
        if (this.inWindow(t)) this.sampleCb(v);
      },
      onGrant: (buf) => {
        inner.onGrant?.(buf);
        this.granted_(v, buf);
      },
      onRelease: (buf) => {
        inner.onRelease?.(buf);
        this.released(v, buf);
      },
    };
  }

  private inWindow(t: number): boolean {
    return t >= this.windowStart && t < this.windowEnd();
  }

  /**
   * Packets that reached the head (routed) start waiting; after the model's own decisions of the
   * cycle (`afterModel`), a waiting packet no longer at the head was written into the central buffer.
   */
  private poll(v: SwitchView, atHead: (b: number) => boolean, t: number, afterModel: boolean): void {
    for (let i = 0; i < v.waitingCount; i++) {
      const b = v.waiting(i);
      if (this.side[b]! < 0) continue;
      let st = this.state[b];
      if (st === IDLE) {
        if (t < v.headReadyAt(b) || !atHead(b)) continue;
        st = this.state[b] = WAITING;
        this.start[b] = t;
        this.fanout[b] = v.branches(b);
        this.granted[b] = 0;
        this.worst[b] = 0;
        this.chunkAt[b] = -1;
      }
      if (st !== WAITING) continue;
      if (this.chunkAt[b]! < 0 && v.received(b) >= Math.min(this.chunkFlits, v.length(b)))
        this.chunkAt[b] = t;
      if (afterModel && !atHead(b)) {
        // Written in this cycle. A replicated packet can only be written, at the earliest in the
        // cycle after its header chunk is complete (docs/algorithms/central-buffer.md, "The chunk
        // path"); a single-port one could have crossed from its first cycle.
        const from = this.fanout[b]! >= 2 ? Math.max(this.start[b]!, this.chunkAt[b]! + 1) : this.start[b]!;
        this.book(this.wait[this.side[b]!]!, t - from, t);
        this.bookResidence(b, t);
        this.state[b] = IN_CB;
        this.admitted[this.side[b]!] += this.inWindow(t) ? 1 : 0;
        this.inCbPos[b] = this.nInCb;
        this.inCb[this.nInCb++] = b;
      }
    }
  }

  /** Flits held in the central buffers (arrived, not yet read by every port), by input side. */
  private sampleCb(v: SwitchView): void {
    const key = v.now - this.windowStart;
    for (let i = 0; i < this.nInCb; i++) {
      const b = this.inCb[i]!;
      const f = v.occupancy(b);
      this.cbFlits[this.side[b]!]! += f;
      this.batches?.amount(this.side[b] === DOWN ? CB_DOWN : CB_UP, key, f);
    }
  }

  private granted_(v: SwitchView, cand: number): void {
    const t = v.now;
    const inWin = this.inWindow(t);
    const kind = this.net.bufKind[cand];
    const key = t - this.windowStart;
    if (inWin && kind === BUF_INJ) {
      this.injectedFlits += v.length(cand);
      this.batches?.amount('injected', key, v.length(cand));
    }
    if (inWin && this.cls[cand]! >= 0) {
      this.classFlits[this.cls[cand]!]! += v.length(cand);
      this.batches?.amount(`channelLoad.${this.classNames[this.cls[cand]!]}`, key, v.length(cand));
    }
    const f = v.upstream(cand);
    if (f < 0) return;
    const b = v.bufferOf(f);
    if (this.state[b] !== WAITING) return;
    // A replicated branch may request only after the chunk delay and its rank (SwitchPolicy.branchDelay):
    // that structural delay is not waiting, so each output's wait counts from its earliest request.
    const ready = Math.max(this.start[b]!, v.branchReadyAt(f));
    if (t - ready > this.worst[b]!) this.worst[b] = t - ready;
    if (++this.granted[b]! < this.fanout[b]!) return;
    this.book(this.wait[this.side[b]!]!, this.worst[b]!, t);
    this.state[b] = SERVED;
  }

  private released(v: SwitchView, b: number): void {
    const st = this.state[b];
    if (st === IDLE) return;
    // The packet behind may use the head from the next cycle.
    if (st === SERVED) this.bookResidence(b, v.now + 1);
    if (st === IN_CB) {
      const p = this.inCbPos[b]!;
      const last = this.inCb[--this.nInCb]!;
      this.inCb[p] = last;
      this.inCbPos[last] = p;
      this.inCbPos[b] = -1;
    }
    this.state[b] = IDLE;
  }

  private bookResidence(b: number, end: number): void {
    this.book(this.residence[this.fanout[b]! >= 2 ? 1 : 0]!, end - this.start[b]!, end);
  }

  private book(m: Stat, v: number, t: number): void {
    if (!this.inWindow(t)) return;
    m.n++;
    m.sum += v;
    this.batches?.sample(m.name, t - this.windowStart, v);
  }

  /** A message finished: the spread of its tail arrivals (X8). */
  onMessageDone(msg: MessageState): void {
    const d = msg.deliveries;
    if (!msg.measured || d.length < 2) return;
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (const x of d) {
      if (x.tail < lo) lo = x.tail;
      if (x.tail > hi) hi = x.tail;
    }
    this.spreadStat.n++;
    this.spreadStat.sum += hi - lo;
    this.batches?.sample('spread', msg.created - this.windowStart, hi - lo);
  }

  /**
   * The 95% intervals of the diagnostics' means and rates (batch means over the window, as the run's
   * own metrics), keyed by their paths under metrics (`switchDiagnostics.headWait.down.mean`, ...).
   */
  intervals(now: number): Record<string, Interval> {
    const b = this.batches;
    if (!b) return {};
    const span = Math.max(1, Math.min(now, this.windowEnd()) - this.windowStart);
    const out: Record<string, Interval> = {};
    const put = (path: string, iv: Interval | undefined) => {
      if (iv) out[`switchDiagnostics.${path}`] = iv;
    };
    for (const m of [...this.wait, ...this.residence, this.spreadStat])
      put(`${m.name}.mean`, b.meanInterval(m.name, span));
    put('centralBuffer.meanFlits.down', b.rateInterval(CB_DOWN, span, this.net.numSwitches));
    put('centralBuffer.meanFlits.up', b.rateInterval(CB_UP, span, this.net.numSwitches));
    this.classNames.forEach((n, i) => {
      put(`channelLoad.${n}`, b.rateInterval(`channelLoad.${n}`, span, Math.max(1, this.classLinks[i]!)));
    });
    put('injected', b.rateInterval('injected', span, this.net.numNodes));
    return out;
  }

  /** The diagnostics of the run; `now` closes a window the run did not reach. */
  metrics(now: number): SwitchDiagnosticsMetrics {
    const span = Math.max(1, Math.min(now, this.windowEnd()) - this.windowStart);
    const S = this.net.numSwitches;
    const channelLoad: Record<string, number> = {};
    const order = this.classNames.map((n, i) => ({ n, i })).sort((a, b) => (a.n < b.n ? -1 : 1));
    for (const { n, i } of order)
      channelLoad[n] = round(this.classFlits[i]! / (span * Math.max(1, this.classLinks[i]!)));
    return {
      headWait: { down: mean(this.wait[DOWN]!), up: mean(this.wait[UP]!) },
      headResidence: { replicating: mean(this.residence[1]!), nonReplicating: mean(this.residence[0]!) },
      centralBuffer: {
        admitted: { down: this.admitted[DOWN]!, up: this.admitted[UP]! },
        meanFlits: {
          down: round(this.cbFlits[DOWN]! / (span * S)),
          up: round(this.cbFlits[UP]! / (span * S)),
        },
      },
      channelLoad,
      injected: round(this.injectedFlits / (span * this.net.numNodes)),
      spread: mean(this.spreadStat),
    };
  }
}

interface Stat {
  name: string;
  n: number;
  sum: number;
}

function stat(name: string): Stat {
  return { name, n: 0, sum: 0 };
}

const CB_DOWN = 'centralBuffer.meanFlits.down';
const CB_UP = 'centralBuffer.meanFlits.up';

function mean(m: Stat): MeanStat {
  return { count: m.n, mean: m.n === 0 ? 0 : round(m.sum / m.n) };
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

import type { TraceSink } from '../engine/engine.js';
import type { MessageState } from '../engine/message.js';
import { BUF_SINK, type Network } from '../engine/network.js';
import type { DeadlockReport } from '../engine/report.js';
import type { StopSpec, WormSpec } from '../plan/worm.js';
import type { TraceEnd, TraceHop, TraceStop, TraceWorm } from './format.js';
import { cycleOfWaits, waitsOf } from './waits.js';

interface OpenWorm {
  line: TraceWorm;
  /** Hop index of each buffer the worm holds now. */
  held: Map<number, number>;
  /** Buffer of each hop (to find the hop a branch came from). */
  bufs: number[];
}

/**
 * Records the engine's trace events as trace lines (docs/trace.md). A worm's line is emitted when
 * its last buffer is freed, so a long run streams; worms still in flight are emitted by `finish`.
 * With a window [a, b], only worms holding a buffer at some cycle in it are emitted.
 */
export class TraceRecorder implements TraceSink {
  private readonly open: (OpenWorm | undefined)[] = [];
  private readonly phaseOf = new WeakMap<WormSpec, number>();
  private nextId = 0;

  constructor(
    private readonly net: Network,
    private readonly emit: (w: TraceWorm) => void,
    private readonly window?: [number, number],
  ) {}

  wormStart(worm: number, msg: MessageState, spec: WormSpec, _b: number, _t: number): void {
    const phase = this.phaseOf.get(spec) ?? 1;
    const stops: TraceStop[] = [];
    const walk = (list: readonly StopSpec[]) => {
      for (const s of list) {
        stops.push(
          s.level
            ? { node: s.node, service: s.service, level: s.level }
            : { node: s.node, service: s.service },
        );
        for (const r of s.retransmit ?? []) this.phaseOf.set(r, phase + 1);
        for (const br of s.branches ?? []) walk(br);
      }
    };
    walk(spec.stops);
    this.open[worm] = {
      line: {
        type: 'worm',
        worm: this.nextId++,
        message: msg.id,
        tag: msg.tag,
        phase,
        source: spec.source,
        length: spec.length,
        stops,
        hops: [],
      },
      held: new Map(),
      bufs: [],
    };
  }

  flitIn(worm: number, b: number, flit: number, t: number): void {
    const ow = this.open[worm]!;
    const hops = ow.line.hops;
    if (flit === 1) {
      const net = this.net;
      const pc = net.bufPc[b]!;
      // The flits come from the buffer this worm holds at the channel's upstream router: an input
      // buffer there, never a consumption buffer of that router's node (which a worm that absorbs
      // and forwards, or forks at a leaf switch, may hold at the same time).
      const from = pc < net.numNetChannels ? net.pcSrc[pc]! : net.bufRouter[b]!;
      let up = -1;
      if (ow.bufs.length > 0)
        for (let i = hops.length - 1; i >= 0; i--)
          if (
            hops[i]![4] === -1 &&
            net.bufKind[ow.bufs[i]!] !== BUF_SINK &&
            net.bufRouter[ow.bufs[i]!] === from
          ) {
            up = i;
            break;
          }
      ow.held.set(b, hops.length);
      ow.bufs.push(b);
      hops.push([pc, net.bufVc[b]!, t, -1, -1, up]);
    }
    if (flit === ow.line.length) hops[ow.held.get(b)!]![3] = t;
  }

  release(worm: number, b: number, t: number): void {
    const ow = this.open[worm]!;
    const i = ow.held.get(b);
    if (i === undefined) return;
    ow.line.hops[i]![4] = t;
    ow.held.delete(b);
    if (ow.held.size === 0) {
      this.open[worm] = undefined;
      this.output(ow.line);
    }
  }

  /** Emits the worms still in flight and returns the end line. */
  finish(cycle: number, outcome: TraceEnd['outcome'], report?: DeadlockReport): TraceEnd {
    const ids = new Map<number, number>();
    const still = this.open
      .map((ow, w) => {
        if (ow) ids.set(w, ow.line.worm);
        return ow;
      })
      .filter((ow): ow is OpenWorm => ow !== undefined)
      .sort((a, b) => a.line.worm - b.line.worm);
    for (const ow of still) this.output(ow.line);
    this.open.length = 0;
    const end: TraceEnd = { type: 'end', cycle, outcome };
    if (report) {
      const waits = waitsOf(this.net, report, (w) => ids.get(w) ?? -1);
      end.deadlock = { cycle: report.cycle, text: report.text, waits, cycleOfWaits: cycleOfWaits(waits) };
    }
    return end;
  }

  private output(line: TraceWorm): void {
    const win = this.window;
    if (win && !overlaps(line.hops, win[0], win[1])) return;
    this.emit(line);
  }
}

function overlaps(hops: readonly TraceHop[], a: number, b: number): boolean {
  for (const h of hops) if (h[2] <= b && (h[4] === -1 || h[4] >= a)) return true;
  return false;
}

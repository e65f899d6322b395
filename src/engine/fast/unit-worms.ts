import type { LinkSinks } from '../link-sinks.js';
import type { EngineState } from '../state.js';
import { DrainLines } from './drain-lines.js';
import { PackedWorms } from './packed.js';
import type { ShortcutSet } from './shortcuts.js';
import { plainUnicast, Streams } from './streams.js';
import { UnitReleases } from './unit-releases.js';

/**
 * Worms the link stage moves as units, without a visit per buffer, where links are plain: streaming
 * worms (streams.ts), whose buffers behind the header each pass a flit on every cycle, packed worms
 * (packed.ts), whose full buffers step forward when the buffer at their front passes a flit on, and
 * drain lines (drain-lines.ts), a delivered worm's 1-flit buffers whose flits each move a hop every
 * cycle. Each kind runs where its shortcut is on (shortcuts.ts), with or without the others. This is
 * where the link stage hands them the cycle (after its moves) and tells them which headers moved;
 * all kinds list the buffers their tails leave in one list of releases (unit-releases.ts), which
 * the link stage merges into the order of its own, and a grant on a channel one of them holds stops
 * it (EngineState.stopUnit).
 */
export class UnitWorms {
  private readonly s: EngineState;
  /** Streaming worms, unless streams are off. */
  readonly streams: Streams | undefined;
  /** Packed worms, unless packing is off. */
  readonly packs: PackedWorms | undefined;
  /** Drain lines, unless draining is off. */
  readonly drains: DrainLines | undefined;
  /** The buffers the units free in the cycle, for the link stage's release loop. */
  readonly releases: UnitReleases;
  /** The routing has no adaptive choice, so unicasts may stream or be packed on their way. */
  private readonly onTheWay: boolean;

  constructor(
    s: EngineState,
    sinks: LinkSinks,
    tables: { chan: Int32Array; dest: Int32Array; memo: Int32Array },
    shortcuts: ShortcutSet,
  ) {
    this.s = s;
    const releases = new UnitReleases(s, tables);
    this.releases = releases;
    this.streams = shortcuts.streams ? new Streams(s, sinks, releases) : undefined;
    this.packs = shortcuts.packed ? new PackedWorms(s, releases, tables.chan, tables.dest) : undefined;
    this.drains = shortcuts.drainLines ? new DrainLines(s, sinks, releases, this.packs, tables) : undefined;
    this.onTheWay = s.net.routing.alternatives === undefined;
    s.unitChan = new Int32Array(s.net.numChannels).fill(-1);
    s.stopUnit = (w) => this.stop(w);
  }

  /** Cycle t's moves of the units, after the link stage's; returns the moves they made. */
  step(t: number): number {
    this.releases.count = 0;
    const moved = this.streams === undefined ? 0 : this.streams.step(t);
    this.packs?.step();
    return this.drains === undefined ? moved : moved + this.drains.step(t);
  }

  /** Another worm took a VC on a channel of unit worm w: it goes on buffer by buffer from now. */
  private stop(w: number): void {
    this.streams?.stop(w, this.s.now);
    this.packs?.stop(w);
    this.drains?.stop(w);
  }

  /**
   * Headers entered network buffers heads[0..n-1] in cycle t (moves and releases done): a packed
   * worm takes in its old front or is unpacked; another plain unicast streams behind its header if
   * it can (an open front), or else is packed if it can be.
   */
  headsMoved(t: number, heads: Int32Array, n: number): void {
    if (!this.onTheWay) return;
    const st = this.s;
    const streams = this.streams;
    const packs = this.packs;
    for (let i = 0; i < n; i++) {
      const to = heads[i]!;
      const f = st.feeder[to]!;
      if (f < 0 || f >= st.NB) continue;
      const w = st.owner[to]!;
      if (packs?.isPacked(w)) packs.moved(w, f, to);
      else if (plainUnicast(st, w) && (streams === undefined || !streams.headMoved(to, w, t)))
        packs?.tryPack(w, f, to);
    }
  }

  /**
   * Headers entered consumption buffers sinks[0..n-1] in cycle t: their worms may stream, or else
   * drain through a line of buffers behind the sink.
   */
  sinkHeads(t: number, sinks: Int32Array, n: number): void {
    const st = this.s;
    const streams = this.streams;
    for (let i = 0; i < n; i++) {
      const z = sinks[i]!;
      if (!this.packs?.sinkHead(z)) streams?.headIn(z, t);
      const w = st.owner[z]!;
      if (this.drains !== undefined && w >= 0 && (streams === undefined || !streams.isStreaming(w)))
        this.drains.tryStart(z, w, t);
    }
  }

  /** Counters brought up to the start of cycle t, for checks and reports. */
  settle(t: number): void {
    this.streams?.settleAll(t);
    this.packs?.settleAll();
    this.drains?.settleAll();
  }

  /** The units' rules held, for tests: the first violation, or undefined. */
  check(): string | undefined {
    return this.streams?.check() ?? this.packs?.check() ?? this.drains?.check();
  }
}

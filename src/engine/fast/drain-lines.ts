import { longer } from '../../util/longer.js';
import { CH, CH_RR, D_PC, D_VC, D_VCS, R_SURE } from '../link-codes.js';
import type { LinkSinks } from '../link-sinks.js';
import type { EngineState } from '../state.js';
import type { PackedWorms } from './packed.js';
import { AWAKE, DRAINING } from './sleep-states.js';
import { plainUnicast } from './streams.js';
import { UnitRecords } from './unit-records.js';
import type { UnitReleases } from './unit-releases.js';

/** Members of a line at most: one bit each in an Int32 mask. */
const MAX_MEMBERS = 31;

/**
 * Drain lines, where links are plain (as streams.ts). Once a unicast's header is in its consumption
 * buffer, whose processor takes a flit in every cycle, the 1-flit network buffers leading to it are
 * a delay line as far back as their channels are the worm's alone: the last one passes its flit to
 * the processor, so the one before passes its own on too, and so on back, every flit moving one hop
 * in every cycle, wherever the gaps between them are (a worm that crossed a channel it shares
 * arrives with gaps, which no lock-step or packing covers). Those buffers, the line's *members*,
 * are skipped by the link stage (asleep = DRAINING) and cost one step per cycle for the whole line.
 *
 * The first member is fed by the link stage (its feeder stays there, bidding for a channel that may
 * be shared), so it is kept exact: its count of flits received is the link stage's, its count sent
 * is brought up to date at every step, and its move in the next cycle is entered in the readiness
 * memo as sure (link-readiness.ts), which is what the link stage would find. The others' counts
 * follow from the consumption buffer's and a mask of which members hold a flit; they are written
 * when something must read them (checks, reports) or when the line stops: when another worm takes a
 * VC of a member's channel (it could then compete for the link), at that grant, as for streams.
 * The buffer feeding the first member joins the line when its own channel becomes the worm's alone.
 * A move sets its channel's round-robin pointer past the mover's VC: while a line drains only its
 * worm crosses the members' channels, so each pointer needs setting once, by the first flit that
 * crosses after the member joined, unless it already points there (another worm may have crossed
 * last). Releases are listed for the link stage's release loop, in the place of the member's own
 * move, so results are the same to the byte.
 */
export class DrainLines extends UnitRecords {
  private readonly s: EngineState;
  private readonly sinks: LinkSinks;
  /** Buffers freed this cycle, for the link stage's release loop. */
  private readonly releases: UnitReleases;
  /** A packed worm's front stays with the link stage (its members shift when it moves). */
  private readonly packs: PackedWorms | undefined;
  /**
   * The link stage's tables (link-readiness.ts): the readiness memo, where the first member's move
   * is entered, and the round-robin pointers of channels, with each buffer's channel and VC.
   */
  private readonly memo: Int32Array;
  private readonly chan: Int32Array;
  private readonly dest: Int32Array;
  private readonly netBuffers: number;
  // Per worm id (grown with the engine's worm table); `front` is the consumption buffer, `oldest`
  // the oldest member still held.
  /** Which members hold a flit at the start of the next cycle: bit j, the j-th before the sink. */
  private mask = new Int32Array(0);
  /** The first member (fed by the link stage), and the bit it has in the mask. */
  private first = new Int32Array(0);
  private firstBit = new Int32Array(0);
  /** Flits the first member had received when last looked at; the worm's length once all have. */
  private entered = new Int32Array(0);
  /**
   * Members (bits as in `mask`) whose next flit out sets their channel's round-robin pointer: another
   * worm crossed that channel since this one last did (a move sets the pointer past the mover's VC).
   */
  private pending = new Int32Array(0);
  /** Lines started, and stopped by another worm's grant (for tests). */
  starts = 0;
  stops = 0;
  /** Buffers that joined a line after it started (for tests). */
  extensions = 0;

  constructor(
    s: EngineState,
    sinks: LinkSinks,
    releases: UnitReleases,
    packs: PackedWorms | undefined,
    tables: { memo: Int32Array; chan: Int32Array; dest: Int32Array },
  ) {
    super();
    this.s = s;
    this.sinks = sinks;
    this.releases = releases;
    this.packs = packs;
    this.memo = tables.memo;
    this.chan = tables.chan;
    this.dest = tables.dest;
    this.netBuffers = s.net.numNetChannels > 0 ? s.net.pcFirstBuf[s.net.numNetChannels]! : 0;
  }

  /** Worms with a drain line now. */
  get draining(): number {
    return this.worms.count;
  }

  isDraining(w: number): boolean {
    return w < this.entered.length && this.entered[w]! >= 0;
  }

  /** Is network buffer `out` the only VC of its channel held, or a consumption buffer? */
  private alone(out: number): boolean {
    return out >= this.netBuffers || this.s.chanHeld[this.s.net.bufPc[out]!] === 1;
  }

  /**
   * The header of worm w entered consumption buffer z in cycle t (moves and releases done) and it
   * does not stream: the 1-flit network buffers before z whose channels are its own alone, held
   * with one branch and awake, drain from cycle t + 1, if there are two or more.
   */
  tryStart(z: number, w: number, t: number): void {
    const st = this.s;
    if (!plainUnicast(st, w)) return;
    let n = 0;
    let mask = 0;
    let first = -1;
    let u = st.feeder[z]!;
    let pending = 0;
    for (; n < MAX_MEMBERS && this.joins(u, w); u = st.feeder[u]!) {
      if (st.recv[u]! > st.brSent[u]!) mask |= 1 << n;
      if (!this.pointsPast(u)) pending |= 1 << n;
      first = u;
      n++;
    }
    if (n < 2 || !this.fedAwake(u, w)) return;
    this.roomFor(w);
    this.starts++;
    this.front[w] = z;
    this.first[w] = first;
    this.firstBit[w] = n - 1;
    this.mask[w] = mask;
    this.pending[w] = pending;
    this.entered[w] = st.recv[first]!;
    // The oldest member: the first, or, once the tail is in the line, the one holding it.
    this.oldest[w] = first;
    for (let u = first; u !== z; u = st.brOut[u]!) {
      st.setAsleep(u, DRAINING);
      if (u !== first) st.unitChan[st.net.bufPc[u]!] = w;
    }
    this.worms.add(w);
    this.enterFirst(w, t);
  }

  /**
   * May buffer u of worm w be a member: a 1-flit network buffer of the worm, with one branch,
   * awake, its channel on the worm's alone, and not the front of the worm packed behind it?
   */
  private joins(u: number, w: number): boolean {
    const st = this.s;
    return (
      u >= 0 &&
      u < this.netBuffers &&
      st.owner[u] === w &&
      st.net.bufCap[u] === 1 &&
      st.brN[u] === 1 &&
      st.brSent[u]! < st.bufLen[u]! &&
      st.asleep[u] === AWAKE &&
      this.alone(st.brOut[u]!) &&
      (this.packs === undefined || this.packs.frontOf(w) !== u)
    );
  }

  /**
   * Is feeder slot u of a line's first member, if a buffer of worm w, awake? It stays with the link
   * stage; a packed member or a sleeping buffer would move on other terms.
   */
  private fedAwake(u: number, w: number): boolean {
    const st = this.s;
    return u < 0 || u >= st.NB || st.owner[u] !== w || st.asleep[u] === AWAKE;
  }

  /**
   * Cycle t's moves of every line, after the link stage's: each member's flit one hop on, the last
   * one's to the processor; a flit the link stage moved into the first member joins the line. The
   * member the tail leaves is handed to the release loop. Returns the moves made.
   */
  step(t: number): number {
    const st = this.s;
    let moves = 0;
    for (let i = this.worms.count - 1; i >= 0; i--) {
      const w = this.worms.ids[i]!;
      const m = this.mask[w]!;
      if ((m & this.pending[w]!) !== 0) this.cross(w, m);
      const n = popcount(m);
      moves += n;
      st.flitHops += n - (m & 1);
      let next = m >>> 1;
      const L = st.bufLen[this.front[w]!]!;
      const tailIn = this.entered[w] === L;
      if (!tailIn) {
        const f = this.first[w]!;
        const got = st.recv[f]!;
        if (got !== this.entered[w]) {
          this.entered[w] = got;
          next |= 1 << this.firstBit[w]!;
        }
      }
      this.mask[w] = next;
      if (m & 1) {
        const z = this.front[w]!;
        const got = ++st.recv[z]!;
        this.sinks.consume(z, got, t);
        if (got === L) {
          // The tail left the last member for the processor.
          this.releases.add(this.oldest[w]!);
          this.remove(w);
          continue;
        }
      }
      // The tail in the line moves one member on in every cycle: the one it leaves is freed.
      if (tailIn) this.tailLeft(w);
      else {
        this.extend(w);
        this.enterFirst(w, t);
      }
    }
    return moves;
  }

  /**
   * The buffer feeding worm w's line joins it if it may (the other worm on its channel has gone):
   * its counts are the link stage's after this cycle's moves, and it moves in every cycle from the
   * next as the members do.
   */
  private extend(w: number): void {
    const st = this.s;
    const f = this.first[w]!;
    const u = st.feeder[f]!;
    const bit = this.firstBit[w]! + 1;
    if (bit >= MAX_MEMBERS || !this.joins(u, w) || !this.fedAwake(st.feeder[u]!, w)) return;
    if (st.recv[u]! > st.brSent[u]!) this.mask[w]! |= 1 << bit;
    if (!this.pointsPast(u)) this.pending[w]! |= 1 << bit;
    this.first[w] = u;
    this.firstBit[w] = bit;
    this.entered[w] = st.recv[u]!;
    this.oldest[w] = u;
    st.setAsleep(u, DRAINING);
    st.unitChan[st.net.bufPc[f]!] = w;
    this.extensions++;
  }

  /** Does the round-robin pointer of member u's channel out point past u's successor's VC? */
  private pointsPast(u: number): boolean {
    const d = 4 * this.s.brOut[u]!;
    const next = this.dest[d + D_VC]! + 1;
    return this.chan[CH * this.dest[d + D_PC]! + CH_RR] === (next === this.dest[d + D_VCS] ? 0 : next);
  }

  /** Members of worm w with a flit (mask m) and a pointer to set: their flits move now, setting it. */
  private cross(w: number, m: number): void {
    const st = this.s;
    const due = m & this.pending[w]!;
    this.pending[w]! &= ~due;
    let u = st.feeder[this.front[w]!]!;
    for (let j = 0; 1 << j <= due && j < MAX_MEMBERS; j++, u = st.feeder[u]!) {
      if ((due & (1 << j)) === 0) continue;
      const d = 4 * st.brOut[u]!;
      const next = this.dest[d + D_VC]! + 1;
      this.chan[CH * this.dest[d + D_PC]! + CH_RR] = next === this.dest[d + D_VCS] ? 0 : next;
    }
  }

  /** The tail left worm w's oldest member for the next one, which becomes the oldest. */
  private tailLeft(w: number): void {
    const st = this.s;
    const u = this.oldest[w]!;
    this.releases.add(u);
    const next = st.brOut[u]!;
    st.unitChan[st.net.bufPc[next]!] = -1;
    this.oldest[w] = next;
  }

  /**
   * The first member as the link stage must see it in cycle t + 1: flits sent counted, and, if it
   * holds one, its move entered as sure (the member after it passes its own flit on, or is empty).
   */
  private enterFirst(w: number, t: number): void {
    const st = this.s;
    const f = this.first[w]!;
    const holds = (this.mask[w]! >>> this.firstBit[w]!) & 1;
    st.brSent[f] = st.recv[f]! - holds;
    const stamp = (t + 1) & 0x0fffffff;
    // The memo is cleared when the stamp wraps (LinkReadiness.begin): stop the line then.
    if (stamp === 0) {
      this.settle(w, false);
      return;
    }
    if (holds === 1) {
      this.memo[2 * f] = 8 * stamp + R_SURE;
      this.memo[2 * f + 1] = 8 * stamp + 1;
    }
  }

  /**
   * Brings worm w's counts up to date (as the link stage would hold them after the moves so far).
   * With `keep` it goes on draining; otherwise it stops, and the link stage takes it over.
   */
  private settle(w: number, keep: boolean): void {
    const st = this.s;
    const z = this.front[w]!;
    const m = this.mask[w]!;
    let down = st.recv[z]!;
    let j = 0;
    for (let u = st.feeder[z]!; ; u = st.feeder[u]!, j++) {
      st.brSent[u] = down;
      down += (m >>> j) & 1;
      // The first member's received count is the link stage's own.
      if (j !== this.firstBit[w]) st.recv[u] = down;
      if (!keep) {
        st.setAsleep(u, AWAKE);
        if (u !== this.first[w]) st.unitChan[st.net.bufPc[u]!] = -1;
      }
      if (u === this.oldest[w]) break;
    }
    if (keep) return;
    const f = this.first[w]!;
    if (st.owner[f] === w) {
      this.memo[2 * f] = -1;
      this.memo[2 * f + 1] = -1;
    }
    this.remove(w);
  }

  /** Worm w's line stops at the start of the cycle (another worm took a VC on one of its channels). */
  stop(w: number): void {
    if (!this.isDraining(w)) return;
    this.stops++;
    this.settle(w, false);
  }

  /** Every line's counts brought up to date, for checks and reports. */
  settleAll(): void {
    for (let i = 0; i < this.worms.count; i++) this.settle(this.worms.ids[i]!, true);
  }

  private remove(w: number): void {
    this.worms.remove(w);
    this.entered[w] = -1;
  }

  protected override growRecords(n: number): void {
    super.growRecords(n);
    this.mask = longer(this.mask, n);
    this.first = longer(this.first, n);
    this.firstBit = longer(this.firstBit, n);
    this.entered = longer(this.entered, n, -1);
    this.pending = longer(this.pending, n);
  }

  /** The rule held, for tests: the first violation, or undefined. Counts must be settled. */
  check(): string | undefined {
    const st = this.s;
    for (let i = 0; i < this.worms.count; i++) {
      const w = this.worms.ids[i]!;
      const z = this.front[w]!;
      if (st.owner[z] !== w) return `drain line of worm ${w}: its consumption buffer ${z} is not its own`;
      for (let u = this.oldest[w]!; u !== z; u = st.brOut[u]!) {
        if (st.owner[u] !== w) return `drain line of worm ${w} lost buffer ${u}`;
        if (st.asleep[u] !== DRAINING) return `buffer ${u} of the drain line of worm ${w} is not marked`;
        if (st.recv[u]! - st.brSent[u]! > 1)
          return `buffer ${u} of the drain line of worm ${w} holds two flits`;
        if (!this.alone(st.brOut[u]!))
          return `drain line of worm ${w} shares the channel of buffer ${st.brOut[u]}`;
      }
    }
    for (let b = 0; b < st.net.numBuffers; b++)
      if (st.asleep[b] === DRAINING && !(st.owner[b]! >= 0 && this.isDraining(st.owner[b]!)))
        return `buffer ${b} is marked draining but its worm is not`;
    return undefined;
  }
}

/** Bits set in a 32-bit integer. */
function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

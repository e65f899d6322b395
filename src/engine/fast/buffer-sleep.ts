import type { EngineState } from '../state.js';
import { LONG_WAIT } from './shortcuts.js';
import { ASLEEP, AWAKE } from './sleep-states.js';

/**
 * When a held buffer may sleep, for the link stage (links.ts). A buffer none of whose branches can
 * move, one of them blocked (no output yet, or a full downstream buffer that sleeps itself), is
 * skipped by link arbitration until an event wakes it: a grant, a flit arriving that it can send,
 * or the buffer it waits on waking (EngineState.wake). Sleeping only skips visits that would find
 * nothing to move, so it changes no result; the link stage turns it off where space or arrival
 * follow the clock (shared buffers, credit delays, link latency, a switch model's flit gate).
 */
export class BufferSleep {
  private readonly s: EngineState;
  private readonly NB: number;
  private readonly recv: Int32Array;
  private readonly brN: Uint8Array;
  private readonly brSent: Int32Array;
  private readonly brOut: Int32Array;
  private readonly cap: Int32Array;

  constructor(s: EngineState) {
    this.s = s;
    this.NB = s.NB;
    this.recv = s.recv;
    this.brN = s.brN;
    this.brSent = s.brSent;
    this.brOut = s.brOut;
    this.cap = s.net.bufCap;
  }

  /** Has buffer o room for one more flit at the start of the cycle? */
  private roomIn(o: number): boolean {
    const n = this.brN[o]!;
    const ms = n === 0 ? 0 : n === 1 ? this.brSent[o]! : this.s.minSent(o);
    return this.recv[o]! - ms < this.cap[o]!;
  }

  /**
   * Buffer b falls asleep, and so does the chain of buffers feeding it whose flits can only move
   * into it: without this, a worm in 1-flit buffers behind a head waiting for its output would fall
   * asleep one buffer per cycle (each seeing the one downstream still awake when visited first).
   * Deciding it now changes no move: such a buffer's branch is not ready this cycle (its output is
   * full and cannot drain), and the buffer would be skipped or blocked in the next cycles anyway.
   */
  fallAsleep(b: number): void {
    const st = this.s;
    const asleep = st.asleep;
    const NB = this.NB;
    for (;;) {
      st.setAsleep(b, ASLEEP);
      const f = st.feeder[b]!;
      if (f < 0) return;
      const u = f < NB ? f : f % NB;
      // Already asleep, or streaming or packed (never woken by a flit: skipped on their own terms).
      if (asleep[u] !== AWAKE) return;
      // The feeding buffer sleeps by the rule of link arbitration: a branch blocked, none able to move.
      let blocked = false;
      for (let k = 0; k < this.brN[u]!; k++) {
        const s = k * NB + u;
        const out = this.brOut[s]!;
        if (out < 0) {
          blocked = true;
          continue;
        }
        const sent = this.brSent[s]!;
        if (sent >= this.recv[u]!) continue;
        if (sent > 0 && asleep[out] === ASLEEP && !this.roomIn(out)) blocked = true;
        else return;
      }
      if (!blocked) return;
      b = u;
    }
  }

  /**
   * Where buffers may not sleep by the rule above (the switch model counts space or gates flits by
   * its clock, fast/shortcuts.ts), buffer b still sleeps in cycle t if every branch of it that has
   * an output has sent its worm's last flit and one has none: no flit leaves it before a grant,
   * which wakes it, whatever the model counts. Alone,
   * without the chain feeding it (that chain's moves do hang on space). Only once its head has
   * waited LONG_WAIT cycles past its routing delay and its branches are past theirs (shortcuts.ts).
   */
  napIfWaiting(b: number, t: number): void {
    const NB = this.NB;
    const st = this.s;
    if (t < st.readyAt[b]! + LONG_WAIT) return;
    const delayed = st.brReady;
    const L = st.bufLen[b]!;
    for (let k = 0; k < this.brN[b]!; k++) {
      const slot = k * NB + b;
      const out = this.brOut[slot]!;
      // A branch that has sent its worm's last flit never moves again (a multicast's copies in a
      // central buffer wait so for the ports still queued for their outputs).
      if (out >= 0 ? this.brSent[slot]! < L : slot < delayed.length && t < delayed[slot]!) return;
    }
    st.setAsleep(b, ASLEEP);
  }

  /**
   * Headers entered buffers list[0..n-1] this cycle: a buffer every branch of which waits for an
   * output cannot move before a grant wakes it, so it falls asleep now (with the chain feeding it,
   * fallAsleep).
   */
  headsArrived(list: Int32Array, n: number): void {
    const NB = this.NB;
    for (let i = 0; i < n; i++) {
      const b = list[i]!;
      const nb = this.brN[b]!;
      if (nb === 0 || this.s.asleep[b] === ASLEEP) continue;
      let waits = true;
      for (let k = 0; k < nb && waits; k++) waits = this.brOut[k * NB + b]! < 0;
      if (waits) this.fallAsleep(b);
    }
  }

  /**
   * Does a flit arriving in sleeping buffer b (which held `had` flits) let it move? Only for a branch
   * that had nothing to send: one without an output or behind a sleeping buffer stays blocked (an
   * 8-flit head buffer waiting for its output would otherwise wake at every body flit).
   */
  wantsFlit(b: number, had: number): boolean {
    const n = this.brN[b]!;
    for (let k = 0; k < n; k++) if (this.brSent[k * this.NB + b]! >= had) return true;
    return false;
  }

  /**
   * The sleeping rule, for tests: a sleeping buffer is held and each of its branches has no output,
   * nothing to send, or a full downstream buffer that sleeps too (so none could move). Returns the
   * first violation, or undefined.
   */
  check(): string | undefined {
    const st = this.s;
    for (let b = 0; b < st.net.numBuffers; b++) {
      if (st.asleep[b] !== ASLEEP) continue;
      if (st.owner[b] === -1) return `free buffer ${b} sleeps`;
      for (let k = 0; k < this.brN[b]!; k++) {
        const s = k * this.NB + b;
        const out = this.brOut[s]!;
        if (out < 0 || this.brSent[s]! >= this.recv[b]!) continue;
        if (!this.roomIn(out) && st.asleep[out] === ASLEEP && this.brSent[s]! > 0) continue;
        return `buffer ${b} sleeps but its branch ${k} may move into buffer ${out}`;
      }
    }
    for (let i = 0; i < st.activeCount; i++) {
      const bit = (st.awakeBits[i >> 5]! >>> (i & 31)) & 1;
      if (bit !== (st.asleep[st.active[i]!] === AWAKE ? 1 : 0))
        return `awake bit of active place ${i} is ${bit}`;
    }
    for (let i = st.activeCount; i < 32 * st.awakeBits.length; i++)
      if ((st.awakeBits[i >> 5]! >>> (i & 31)) & 1) return `awake bit set past the active list, at ${i}`;
    return undefined;
  }
}

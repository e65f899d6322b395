import type { EngineState } from '../state.js';
import { ASLEEP, DRAINING, PACKED, STREAMING } from './sleep-states.js';
import type { UnitWorms } from './unit-worms.js';

/**
 * What the link stage's shortcuts are doing, for tests and diagnostics (Engine.shortcutStats): held
 * buffers by sleep state (sleep-states.ts) now, worms moved as units now, and how many units were
 * started and stopped so far. A shortcut that does not run counts 0 throughout.
 */
export interface ShortcutStats {
  /** Held buffers asleep: skipped by link arbitration until an event wakes them (buffer-sleep.ts). */
  sleepingBuffers: number;
  /**
   * Of those, buffers with a branch that has sent its worm's last flit: under outputWaits, a
   * multicast's copy whose other branches wait for their outputs.
   */
  sleepingSent: number;
  /** Worms streaming now (streams.ts). */
  streamingWorms: number;
  /** Held buffers that streaming worms move without a visit. */
  streamingBuffers: number;
  /** Streams stopped so far by another worm taking a VC on one of their channels. */
  streamStops: number;
  /** Worms packed now (packed.ts). */
  packedWorms: number;
  /** Held buffers that are members of packed worms. */
  packedBuffers: number;
  /** Worms packed so far. */
  packStarts: number;
  /** Packed worms unpacked so far by another worm taking a VC on one of their channels. */
  packStops: number;
  /** Worms draining through a line now (drain-lines.ts). */
  drainingWorms: number;
  /** Held buffers that are members of drain lines. */
  drainingBuffers: number;
  /** Drain lines started so far. */
  drainStarts: number;
  /** Drain lines stopped so far by another worm taking a VC of a member's channel. */
  drainStops: number;
  /**
   * Pending heads passed over now: every open branch waits in its output's queue (queueWaits) or at
   * its front for an output that cannot take it yet (frontWaits), or the packet waits behind another
   * in its input's FIFO (inputWaits).
   */
  queuedHeads: number;
  /**
   * Pending heads the switch model passes over at the start of a cycle now (SwitchView.setAside): a
   * central buffer's packets on the chunk path, and heads waiting for free chunks (chunkWaits).
   */
  setAsideHeads: number;
}

/** The shortcuts' counters now: one pass over the held buffers, and the unit worms' counts. */
export function shortcutStats(s: EngineState, units: UnitWorms | undefined): ShortcutStats {
  let sleepingBuffers = 0;
  let sleepingSent = 0;
  let streamingBuffers = 0;
  let packedBuffers = 0;
  let drainingBuffers = 0;
  for (let i = 0; i < s.activeCount; i++) {
    const b = s.active[i]!;
    const v = s.asleep[b]!;
    if (v === ASLEEP) {
      sleepingBuffers++;
      for (let k = 0; k < s.brN[b]!; k++)
        if (s.brOut[k * s.NB + b]! >= 0 && s.brSent[k * s.NB + b]! >= s.bufLen[b]!) {
          sleepingSent++;
          break;
        }
    } else if (v === STREAMING) streamingBuffers++;
    else if (v === PACKED) packedBuffers++;
    else if (v === DRAINING) drainingBuffers++;
  }
  const queuedHeads = s.parkedCount;
  let setAsideHeads = 0;
  for (let i = 0; i < s.pendCount; i++) if (s.aside[s.pend[i]!] === 1) setAsideHeads++;
  const streams = units?.streams;
  const packs = units?.packs;
  const drains = units?.drains;
  return {
    sleepingBuffers,
    sleepingSent,
    streamingWorms: streams?.streaming ?? 0,
    streamingBuffers,
    streamStops: streams?.stops ?? 0,
    packedWorms: packs?.packed ?? 0,
    packedBuffers,
    packStarts: packs?.starts ?? 0,
    packStops: packs?.stops ?? 0,
    drainingWorms: drains?.draining ?? 0,
    drainingBuffers,
    drainStarts: drains?.starts ?? 0,
    drainStops: drains?.stops ?? 0,
    queuedHeads,
    setAsideHeads,
  };
}

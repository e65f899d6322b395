/**
 * What link arbitration (links.ts) does with a held buffer, one state per buffer in
 * EngineState.asleep. Only AWAKE buffers are visited (the awake bits of the active list follow the
 * state, EngineState.setAsleep); the others are skipped, each on its own terms:
 *  - ASLEEP: none of its branches can move until an event (a grant, a flit it can send, the buffer
 *    it waits on waking) wakes it (buffer-sleep.ts, EngineState.wake);
 *  - STREAMING, PACKED, DRAINING: a member of a worm the link stage moves as a unit (streams.ts,
 *    packed.ts, drain-lines.ts), never woken: the unit hands the buffer back, AWAKE, when it stops.
 * Plain module constants in a module that imports nothing, so that the bundler writes them into
 * the hot loops as number literals.
 */

/** Visited by link arbitration. */
export const AWAKE = 0;
/** Skipped until an event wakes it (buffer-sleep.ts). */
export const ASLEEP = 1;
/** A member of a streaming worm (streams.ts). */
export const STREAMING = 2;
/** A member of a packed worm (packed.ts). */
export const PACKED = 3;
/** A member of a drain line (drain-lines.ts). */
export const DRAINING = 4;

/** A buffer's sleep state, one of the constants above. */
export type SleepState = typeof AWAKE | typeof ASLEEP | typeof STREAMING | typeof PACKED | typeof DRAINING;

/**
 * The routing facts of a branch slot, kept together in one record of EngineState.br (BR ints per
 * slot, at BR * slot) rather than in one array each. They are written when a header arrives
 * (heads.ts) and read when its branch asks for an output and is granted one (allocate.ts), in the
 * cycles a buffer comes into use after a rest. On a network whose state outgrows the processor's
 * caches each array read then is a miss to memory; one record is one cache line (docs/engine-time.md,
 * "Scale"). Plain module constants in a module that imports nothing, so that the bundler writes them
 * into the code as number literals.
 */

/** Ints per branch slot's record (32 bytes: two records per cache line, never split). */
export const BR = 8;
/** Packed route (routing.ts packRoute): output port in the low byte, allowed VCs above (read with >>> 8). */
export const BR_ROUTE = 0;
/** Allocation group the branch asks in: its channel, or numNetChannels + node for a consumption channel. */
export const BR_GROUP = 1;
/** The stop (index in the compiled worm) the branch heads for. */
export const BR_TARGET = 2;
/** Source of the branch's current leg (where its route toward the target started). */
export const BR_LEG = 3;
/** Adaptive routing: the ports the branch may take instead (bit mask), 0 when fixed. */
export const BR_ALT = 4;
/** 1 when the branch goes to a consumption channel. */
export const BR_SINK = 5;

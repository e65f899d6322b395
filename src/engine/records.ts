/**
 * The layout of the engine's per-branch-slot and per-buffer records (state.ts). The fields the
 * stages read together for one branch or one buffer are interleaved in one Int32Array, a record
 * of a fixed stride each, rather than kept in one array per field: events visit buffers in no
 * particular order, so on a large network (beyond the caches) every separate array costs a miss
 * per visit, and a record costs one or two. Plain module constants in a module that imports
 * nothing, like link-codes.ts, so that the bundler writes them into the hot loops as literals.
 */

// Branch slot records: slot k * NB + b (branch k of buffer b) at SS * slot.
/** Stride of a slot record. */
export const SS = 8;
/** Buffer granted to the branch, -1 while it waits for one. */
export const S_OUT = 0;
/** Flits the branch has copied out of its buffer. */
export const S_SENT = 1;
/** Readiness memo of the link stage (link-readiness.ts): 8 * stamp + R_*. */
export const S_READY = 2;
/** Success memo of the link stage: 8 * stamp + 0 or 1. */
export const S_DONE = 3;
/** Packed route of the branch: output port in the low byte, allowed VCs above. */
export const S_ROUTE = 4;
/** Adaptive routing: the ports the branch may take instead (bit mask), 0 when fixed. */
export const S_ALT = 5;
/** Allocation group the branch asks in (its channel, or numNetChannels + node for consumption). */
export const S_GROUP = 6;
/** 1 when the branch goes to a consumption channel. */
export const S_SINK = 7;

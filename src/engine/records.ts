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

// Buffer records: buffer b at BS * b.
/** Stride of a buffer record. */
export const BS = 16;
/** Worm holding the buffer, -1 when free. A buffer stays with its worm until the tail has left. */
export const B_OWNER = 0;
/** Flits of the owning worm that have entered the buffer. */
export const B_RECV = 1;
/** Out-branches set up for the buffer's worm. */
export const B_BRN = 2;
/** Length of the worm owning the buffer. */
export const B_LEN = 3;
/** Cycle from which the head may leave (entry + routing delay + 1). */
export const B_READY = 4;
/** Branch slot that feeds the buffer (its upstream branch), -1 for a processor or a free buffer. */
export const B_FEEDER = 5;
/** Allocation group (allocate.ts): its channel, numNetChannels + node for a consumption buffer, -2 - node for an injection buffer. */
export const B_GROUP = 6;
/** Sleep state (fast/sleep-states.ts). */
export const B_ASLEEP = 7;
/** Physical channel of the buffer (Network.bufPc), read as the destination of a move. */
export const B_PC = 8;
/** VC of the buffer in its channel (Network.bufVc). */
export const B_VC = 9;
/** VCs of the buffer's channel (Network.pcVcs). */
export const B_VCS = 10;
/** Capacity in flits (Network.bufCap). */
export const B_CAP = 11;
/** Place in the list of held buffers (EngineState.active), -1 when not in it. */
export const B_ACTIVE = 12;
/** Header stop (index in the compiled worm) the flits in the buffer are heading for. */
export const B_TARGET = 13;
/** Source of the current leg (where the route toward the target started). */
export const B_LEG = 14;
/** Port the worm took into the router that holds the buffer (-1 from a processor). */
export const B_PREV = 15;

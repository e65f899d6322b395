/**
 * The layout of the engine's per-branch-slot and per-buffer records (state.ts). The fields the
 * stages read together for one branch or one buffer are interleaved in one Int32Array, a record
 * of a fixed stride each, rather than kept in one array per field: events visit buffers in no
 * particular order, so on a large network (beyond the caches) every separate array costs a miss
 * per visit, and a record costs one or two. The offsets are const enums, which the compiler (tsc
 * for dist/, esbuild for the bundles) writes into the hot loops as literals: an imported `const`
 * stays a load from the exporting module at every use in V8's optimised code (dist/ is what the
 * library and the paired bench run), which made the 16x16 mesh some 17% slower.
 */

/** Branch slot records: slot k * NB + b (branch k of buffer b) at Slot.SIZE * slot. */
// biome-ignore lint/suspicious/noConstEnum: inlined by tsc and esbuild alike (the module comment says why)
export const enum Slot {
  /** Stride of a record, in ints. */
  SIZE = 8,
  /** Buffer granted to the branch, -1 while it waits for one. */
  OUT = 0,
  /** Flits the branch has copied out of its buffer. */
  SENT = 1,
  /** Readiness memo of the link stage (link-readiness.ts): 8 * stamp + R_*. */
  READY = 2,
  /** Success memo of the link stage: 8 * stamp + 0 or 1. */
  DONE = 3,
  /** Packed route of the branch: output port in the low byte, allowed VCs above. */
  ROUTE = 4,
  /** Adaptive routing: the ports the branch may take instead (bit mask), 0 when fixed. */
  ALT = 5,
  /** Allocation group the branch asks in (its channel, or numNetChannels + node for consumption). */
  GROUP = 6,
  /** 1 when the branch goes to a consumption channel. */
  SINK = 7,
}

/** Buffer records: buffer b at Buf.SIZE * b. */
// biome-ignore lint/suspicious/noConstEnum: inlined by tsc and esbuild alike (the module comment says why)
export const enum Buf {
  /** Stride of a record, in ints. */
  SIZE = 16,
  /** Worm holding the buffer, -1 when free. A buffer stays with its worm until the tail has left. */
  OWNER = 0,
  /** Flits of the owning worm that have entered the buffer. */
  RECV = 1,
  /** Out-branches set up for the buffer's worm. */
  BRN = 2,
  /** Length of the worm owning the buffer. */
  LEN = 3,
  /** Cycle from which the head may leave (entry + routing delay + 1). */
  READY = 4,
  /** Branch slot that feeds the buffer (its upstream branch), -1 for a processor or a free buffer. */
  FEEDER = 5,
  /** Allocation group (allocate.ts): its channel, numNetChannels + node for a consumption buffer, -2 - node for an injection buffer. */
  GROUP = 6,
  /** Sleep state (fast/sleep-states.ts). */
  ASLEEP = 7,
  /** Physical channel of the buffer (Network.bufPc), read as the destination of a move. */
  PC = 8,
  /** VC of the buffer in its channel (Network.bufVc). */
  VC = 9,
  /** VCs of the buffer's channel (Network.pcVcs). */
  VCS = 10,
  /** Capacity in flits (Network.bufCap). */
  CAP = 11,
  /** Place in the list of held buffers (EngineState.active), -1 when not in it. */
  ACTIVE = 12,
  /** Header stop (index in the compiled worm) the flits in the buffer are heading for. */
  TARGET = 13,
  /** Source of the current leg (where the route toward the target started). */
  LEG = 14,
  /** Port the worm took into the router that holds the buffer (-1 from a processor). */
  PREV = 15,
}

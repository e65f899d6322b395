/**
 * A buffer's place in the network, copied from the network's arrays (network.ts) into one record of
 * EngineState.place (PL ints per buffer, at PL * buffer) for the cycles a buffer comes into use: the
 * grant reads its channel, kind and allocation group (allocate.ts), the header's arrival its router
 * (heads.ts), the release its group again (state.ts). Read from one cache line instead of four on a
 * network whose state outgrows the processor's caches (docs/engine-time.md, "Scale"). Elsewhere the
 * engine reads the network's arrays. Plain module constants in a module that imports nothing, so
 * that the bundler writes them into the code as number literals.
 */

/** Ints per buffer's record (16 bytes: four records per cache line, never split). */
export const PL = 4;
/** The buffer's physical channel (network.ts bufPc). */
export const PL_PC = 0;
/** Its kind (network.ts BUF_NET, BUF_INJ, BUF_SINK). */
export const PL_KIND = 1;
/**
 * Its allocation group: its channel, numNetChannels + node for a consumption buffer; for an
 * injection buffer -2 - its node (injection channels are taken by end nodes, not allocated).
 */
export const PL_GROUP = 2;
/** The router (switch) that holds it (network.ts bufRouter). */
export const PL_ROUTER = 3;

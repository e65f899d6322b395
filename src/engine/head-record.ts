/**
 * Where the worm holding a buffer is going, kept together in one record of EngineState.head (HD
 * ints per buffer, at HD * buffer) rather than in one array each: the grant writes it into the buffer
 * it takes (allocate.ts) and the header's arrival reads it (heads.ts), in the cycles a buffer comes
 * into use after a rest, when each array would be a cache line of its own to fetch (docs/engine-time.md,
 * "Scale"; branch-record.ts does the same for branch slots). Plain module constants in a module that
 * imports nothing, so that the bundler writes them into the code as number literals.
 */

/** Ints per buffer's record (16 bytes: four records per cache line, never split). */
export const HD = 4;
/** The stop (index in the compiled worm) the flits in the buffer are heading for. */
export const HD_TARGET = 0;
/** Source of the current leg (where the route toward the target started). */
export const HD_LEG = 1;
/** Port the worm took into the router that holds the buffer (-1 from a processor). */
export const HD_PREV_PORT = 2;

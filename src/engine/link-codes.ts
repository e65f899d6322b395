/**
 * The link stage's codes and table layouts (link-readiness.ts, links.ts and the unit worms of
 * fast/): plain module constants in a module that imports nothing, so that the bundler writes them
 * into the hot loops as number literals.
 */

// A branch's readiness this cycle, in the low 3 bits of its memo (8 * stamp + value).
/** Cannot move this cycle. */
export const R_NO = 0;
/** Competes for its link; moves if it wins and the downstream front flit leaves. */
export const R_DRAIN = 1;
/** Competes for its link; moves if it wins (room downstream at the start of the cycle). */
export const R_ROOM = 2;
/** The only bidder for its link; moves if the downstream front flit leaves. */
export const R_SOLE_DRAIN = 3;
/** Moves: the only bidder, with room downstream or a downstream front flit sure to leave. */
export const R_SURE = 4;

// Fields of LinkReadiness.chan (CH stride per physical channel) and .dest (4 per buffer).
export const CH = 5;
export const CH_RR = 0;
export const CH_STAMP = 1;
export const CH_PRI = 2;
export const CH_SLOT = 3;
/** Place in the list of held buffers of the channel's first bidder: where its move stands in the cycle's order. */
export const CH_KEY = 4;
export const D_PC = 0;
export const D_VC = 1;
export const D_VCS = 2;
export const D_CAP = 3;

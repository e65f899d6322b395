import type { Network } from './network.js';
import type { SwitchPolicy } from './policy.js';
import type { EngineHooks } from './state.js';

/**
 * The engine's shortcuts: ways of doing less work per cycle that change no result. The reference
 * they shorten visits every held buffer in every cycle (links.ts), every waiting head in every
 * cycle (allocate.ts) and arbitrates every channel; each shortcut runs where it is valid
 * (chooseShortcuts), and the ones marked switchable can be turned off by the caller
 * (EngineOptions), for the tests that check they change nothing.
 */
export const SHORTCUTS = {
  sleep: {
    rule: 'a held buffer none of whose branches can move is skipped until an event wakes it (buffer-sleep.ts)',
    switchable: false,
  },
  groupWaits: {
    rule: 'a head whose channel has no free VC waits on that group until a VC is released, and a head in its routing delay on a wheel, instead of being visited every cycle (pending-heads.ts)',
    switchable: false,
  },
  soleBidders: {
    rule: "a channel's only bidder wins without arbitration, its move decided in one pass down a chain of full buffers (link-readiness.ts)",
    switchable: true,
  },
  streams: {
    rule: 'a unicast alone on its channels with a flit in every buffer behind its header moves a flit out of each in every cycle, as one step (streams.ts)',
    switchable: true,
  },
  packed: {
    rule: 'a unicast in full buffers alone on its channels shifts as one unit when the buffer at its front passes a flit on (packed.ts)',
    switchable: true,
  },
  drainLines: {
    rule: "a delivered unicast's 1-flit buffers behind its consumption channel drain as one line, each flit a hop per cycle (drain-lines.ts)",
    switchable: true,
  },
} as const;

export type ShortcutName = keyof typeof SHORTCUTS;

/** Which shortcuts run in an engine. */
export type ShortcutSet = Readonly<Record<ShortcutName, boolean>>;

/** The shortcuts a caller may turn off. */
export type SwitchableShortcut = {
  [K in ShortcutName]: (typeof SHORTCUTS)[K]['switchable'] extends true ? K : never;
}[ShortcutName];

/** The shortcuts a caller turns off (false); each other one runs where it is valid. */
export type ShortcutWish = Partial<Record<SwitchableShortcut, boolean>>;

/**
 * Which shortcuts run for this network, switch model and hooks: each where it is valid and the
 * caller did not turn it off. The one place their validity is decided, from what the model declares
 * it needs of the engine (SwitchPolicy.needs, NEEDS in policy.ts; the engine checks every hook has
 * its need), not from which hooks it sets.
 */
export function chooseShortcuts(
  wish: ShortcutWish,
  net: Network,
  policy: SwitchPolicy,
  hooks: EngineHooks,
): ShortcutSet {
  const needs = policy.needs ?? [];
  // Every decision follows the clock alone where the switch model counts shared space
  // (sharedSpace), gates each flit (flitGate), links have a latency above one cycle or credits come
  // back late: no event then tells a sleeping buffer it may move.
  const clockFree =
    !needs.includes('sharedSpace') &&
    !needs.includes('flitGate') &&
    net.maxLatency <= 1 &&
    net.maxCreditDelay === 0;
  // Links are plain, so worms may move as units: besides the above, no processor's port shared by
  // injection buffers (sharedPort), no whole-packet links, and no trace (which follows every flit).
  const plain =
    clockFree &&
    !needs.includes('sharedPort') &&
    !needs.includes('wholePackets') &&
    hooks.trace === undefined;
  // Packed worms and drain lines live beside the streams (unit-worms.ts): they run only with them.
  const streams = plain && wish.streams !== false;
  return {
    sleep: clockFree,
    // A request depends only on free buffers: no order among requests (orderedRequests), no
    // model's say at the request or the claim (requestQueues); then the pending list's order
    // changes no decision.
    groupWaits: !needs.includes('orderedRequests') && !needs.includes('requestQueues'),
    // An only bidder would win its channel's arbitration anyway: valid everywhere.
    soleBidders: wish.soleBidders !== false,
    streams,
    packed: streams && wish.packed !== false,
    drainLines: streams && wish.drainLines !== false,
  };
}

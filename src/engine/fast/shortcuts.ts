import type { Network } from '../network.js';
import type { EngineHooks } from '../state.js';

/**
 * The fast layer of the engine (src/engine/fast/). src/engine/ is the reference engine: each cycle
 * it injects, allocates outputs to every waiting head (allocate.ts), visits every held buffer and
 * arbitrates every channel (links.ts), and detects deadlock; it is complete and correct with every
 * shortcut off. The modules of this folder are speed shortcuts that change no result: each listed
 * once below with its rule, where it is valid and its module, decided in one place
 * (chooseShortcuts), and each can be turned off alone by the caller (EngineOptions, a
 * ShortcutWish), which the equivalence tests do (test/engine/fast/).
 */
export const SHORTCUTS = {
  sleep: {
    rule: 'a held buffer none of whose branches can move is skipped until an event wakes it',
    valid: 'space and arrival follow events: no shared space, flit gate, link latency or credit delay',
    module: 'buffer-sleep.ts',
  },
  outputWaits: {
    rule: 'a held buffer whose branches have no output yet or have sent their last flit, one at least without, is skipped until a grant wakes it (where sleep does not run)',
    valid:
      'everywhere: no flit leaves by a branch without an output or one that has sent all, whatever the switch model counts or gates',
    module: 'buffer-sleep.ts',
  },
  groupWaits: {
    rule: "a unicast head whose group (a channel, or a node's consumption channels) has no free buffer waits on that group's list until one is released, instead of being visited every cycle",
    valid: "the pending list's order changes no decision: no ordered inputs, no onRequest or mayClaim",
    module: 'group-waits.ts',
  },
  routingWheel: {
    rule: 'a head in its routing delay waits on a wheel until the cycle it may request, instead of being visited every cycle before',
    valid: "the pending list's order changes no decision: no ordered inputs, no onRequest or mayClaim",
    module: 'routing-wheel.ts',
  },
  soleBidders: {
    rule: "a channel's only bidder wins without arbitration, its move decided in one pass down a chain of full buffers",
    valid: 'everywhere',
    module: '../link-readiness.ts',
  },
  streams: {
    rule: 'a unicast alone on its channels with a flit in every buffer behind its header moves a flit out of each in every cycle, as one step',
    valid: 'plain links: as sleep, and no shared processor port, no whole-packet links, no trace',
    module: 'streams.ts',
  },
  packed: {
    rule: 'a unicast in full buffers alone on its channels shifts as one unit when the buffer at its front passes a flit on',
    valid: 'plain links (as streams)',
    module: 'packed.ts',
  },
  drainLines: {
    rule: "a delivered unicast's 1-flit buffers behind its consumption channel drain as one line, each flit a hop per cycle",
    valid: 'plain links (as streams)',
    module: 'drain-lines.ts',
  },
  queueWaits: {
    rule: "a branch waiting in its output's queue behind another packet makes no request until it reaches the front, instead of asking every cycle and being refused",
    valid: 'everywhere: the model answers waitsInQueue, or nothing waits',
    module: '../allocate.ts',
  },
  frontWaits: {
    rule: "a branch the grant is sure to refuse, whose request changes nothing (at the front of its output's queue whose output cannot take a packet yet: no free buffer, or the model refuses the whole channel; or a packet that has asked and needs a free buffer its output has not) makes no request until the model says it may, instead of asking every cycle and being refused",
    valid: 'everywhere: the model answers waitsAtFront, or nothing waits',
    module: '../allocate.ts',
  },
  inputWaits: {
    rule: "a head the model will not let request before an event it tells (the packet ahead in its input's FIFO leaves; a central buffer's replicated packet is written) is passed over until then instead of being asked every cycle",
    valid: 'everywhere: the model answers waitsInInput, or nothing waits',
    module: '../allocate.ts',
  },
  channelRefusal: {
    rule: "a request the switch model refuses on one free VC of a network channel is offered none of the channel's other VCs in that pass",
    valid: 'the model answers canAllocate per channel: it declares allocatesByChannel',
    module: '../allocate.ts',
  },
  chunkWaits: {
    rule: "a head a central buffer cannot write for want of free chunks is set aside by the model's write loop until its switch's free count reaches the least its waiting heads need, instead of being looked at every cycle",
    valid: 'everywhere: a switch model without a central buffer has no such heads',
    module: '../../router/chunk-waits.ts',
  },
  nodeInject: {
    rule: "the switch model is asked once per waiting node and cycle whether its worm may take an injection buffer (with the node's first one, held or not), and a refusal holds for the node's every buffer",
    valid: 'the model answers canInject per node: no injectChoice',
    module: '../terminals.ts',
  },
} as const;

export type ShortcutName = keyof typeof SHORTCUTS;

/**
 * Cycles a head waits for its output past its routing delay before outputWaits, queueWaits,
 * frontWaits and inputWaits take it: at light and moderate loads most heads are granted within a
 * few cycles, and putting a head aside and taking it back would cost more than the visits it saves;
 * under heavy load heads wait hundreds of cycles in their outputs' queues. Any value changes no
 * result, only the speed.
 */
export const LONG_WAIT = 64;

/** Which shortcuts run in an engine. */
export type ShortcutSet = Readonly<Record<ShortcutName, boolean>>;

/** The shortcuts a caller turns off (false); each other one runs where it is valid. */
export type ShortcutWish = Partial<Record<ShortcutName, boolean>>;

/**
 * What chooseShortcuts reads of a switch model's policy (SwitchPolicy, policy.ts), as a shape of its
 * own: the switch view (view.ts) reads the shortcut names of this module, and policy.ts the view.
 */
export interface DeclaredNeeds {
  readonly needs?: readonly string[];
  readonly allocatesByChannel?: boolean;
}

/**
 * Which shortcuts run for this network, switch model and hooks: each where it is valid and the
 * caller did not turn it off. The one place their validity is decided, from what the model declares
 * it needs of the engine (SwitchPolicy.needs, NEEDS in policy.ts; the engine checks every hook has
 * its need), not from which hooks it sets.
 */
export function chooseShortcuts<P extends DeclaredNeeds>(
  wish: ShortcutWish,
  net: Network,
  policy: P,
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
  // A request depends only on free buffers: no order among requests (orderedRequests), no model's
  // say at the request or the claim (requestQueues); then the pending list's order changes no
  // decision.
  const orderFree = !needs.includes('orderedRequests') && !needs.includes('requestQueues');
  // canInject's answer is the node's (its port, 002 sec. 4.1, 5), the same for every free buffer
  // until a grant changes the node's state.
  const nodeInject = !needs.includes('injectChoice');
  return {
    sleep: clockFree && wish.sleep !== false,
    outputWaits: wish.outputWaits !== false,
    groupWaits: orderFree && wish.groupWaits !== false,
    routingWheel: orderFree && wish.routingWheel !== false,
    // An only bidder would win its channel's arbitration anyway: valid everywhere.
    soleBidders: wish.soleBidders !== false,
    streams: plain && wish.streams !== false,
    packed: plain && wish.packed !== false,
    drainLines: plain && wish.drainLines !== false,
    // A request the model would refuse in any order of the cycle's requests is not made: valid
    // everywhere (a model without waitsInQueue has none).
    queueWaits: wish.queueWaits !== false,
    // As queueWaits, for the front of a queue whose output refuses it: a model without waitsAtFront
    // has none.
    frontWaits: wish.frontWaits !== false,
    // As queueWaits, for the input's order (mayRequest): a model without waitsInInput has none.
    inputWaits: wish.inputWaits !== false,
    channelRefusal: policy.allocatesByChannel === true && wish.channelRefusal !== false,
    nodeInject: nodeInject && wish.nodeInject !== false,
    // Run by the model itself (SwitchView.runs): listed here so that engine.shortcuts reports it.
    chunkWaits: wish.chunkWaits !== false,
  };
}

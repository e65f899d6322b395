import type { WormSpec } from '../plan/worm.js';
import { McsimError } from '../util/errors.js';
import type { Network } from './network.js';
import type { SwitchView } from './view.js';

/**
 * A switch organisation (router model): the part of a switch that differs between designs. The
 * engine core owns the clock, links, end nodes, messages, worms, deliveries, metrics hooks and
 * deadlock detection, and asks the model's policy at the points where a switch design decides:
 *
 *  - which free input buffer (VC, FIFO slot) a worm arriving over a channel may take (`canAllocate`);
 *  - whether the packet at the head of an input buffer may compete for an output yet (`mayRequest`,
 *    asked only when `ordered`: FIFO input buffers serve their packets in arrival order);
 *  - how space is counted: per buffer (`room` absent: the engine's own count, with the same-cycle
 *    reuse of a full buffer whose front flit leaves), or shared by several buffers (`room`);
 *  - book-keeping when a buffer is granted to a worm and released by it (`onGrant`, `onRelease`).
 *
 * Every answer must read the state at the start of the cycle (the engine applies all moves at its
 * end), so the order in which buffers are visited never changes results. 002's central-buffer
 * switch (shared space, `room`; packet order, `ordered`) and 003's virtual lanes with credits
 * (`canAllocate` per VL, `room` in credit blocks, with `network.links` credit delays) fill the same
 * hooks.
 */
export interface SwitchModel {
  readonly name: string;
  readonly description: string;
  /** Rejects configurations the model cannot run (e.g. VCT with buffers shorter than packets). */
  validate(net: Network, maxPacketLength: number): void;
  /**
   * The model's per-run policy on one network, with whatever state it keeps (typed arrays, built
   * once). `view` is all it sees of the engine (view.ts).
   */
  create(net: Network, view: SwitchView): SwitchPolicy;
}

/**
 * What a switch model asks of the engine beyond the per-buffer defaults, each named once with the
 * hooks it covers. A policy declares its needs (`SwitchPolicy.needs`); the engine refuses a policy
 * that sets a hook without declaring its need (`checkNeeds`) and keeps each speed shortcut only
 * where no declared need breaks its rule (chooseShortcuts), so a model says what it does, not
 * which shortcuts it allows.
 */
export const NEEDS = {
  sharedSpace: 'the model counts space itself, shared by several buffers (room)',
  sharedPort: "a node's injection buffers share one FIFO of its processor's port (injectRoom)",
  flitGate: 'the model may hold back any flit of a branch by its own clock (flitGate)',
  wholePackets: 'links send whole packets (wholePackets)',
  orderedRequests: 'a head requests its output only when the model lets it (ordered, mayRequest)',
  requestQueues: 'the model sees every request and chooses which may claim its output (onRequest, mayClaim)',
  injectChoice:
    'which free injection buffer a worm may take depends on the buffer or the worm, not only on its node (canInject)',
} as const;

export type Need = keyof typeof NEEDS;

/** The hooks each need covers: a policy that sets one (present, or a flag true) declares the need. */
const HOOK_NEEDS: readonly (readonly [keyof SwitchPolicy, Need])[] = [
  ['room', 'sharedSpace'],
  ['injectRoom', 'sharedPort'],
  ['flitGate', 'flitGate'],
  ['wholePackets', 'wholePackets'],
  ['ordered', 'orderedRequests'],
  ['mayRequest', 'orderedRequests'],
  ['onRequest', 'requestQueues'],
  ['mayClaim', 'requestQueues'],
  ['waitsInQueue', 'requestQueues'],
  ['waitsAtFront', 'requestQueues'],
];

/** Throws unless every hook `policy` sets has its need declared in `policy.needs`. */
export function checkNeeds(model: string, policy: SwitchPolicy): void {
  const needs = policy.needs ?? [];
  for (const [hook, need] of HOOK_NEEDS) {
    const v = policy[hook];
    if (v === undefined || v === false || needs.includes(need)) continue;
    throw new McsimError(
      `switch model "${model}" sets ${hook} but does not declare the need "${need}" (${NEEDS[need]}): add it to its policy's needs`,
      'network.switching',
    );
  }
}

export interface SwitchPolicy {
  /**
   * What the model asks of the engine beyond the per-buffer defaults (NEEDS): every hook it sets
   * among room, injectRoom, flitGate, wholePackets, ordered / mayRequest and onRequest / mayClaim
   * needs its entry. Absent: none.
   */
  readonly needs?: readonly Need[];
  /** May a worm of `length` flits be given the free buffer `buf`? */
  canAllocate(buf: number, length: number): boolean;
  /**
   * canAllocate gives every buffer of one network channel the same answer at any one time (the
   * model decides per input, not per VC: 002's central buffer takes the next packet of an input
   * only once the newest one's tail is in). Then output allocation may take one refusal for all the
   * channel's VCs (the `channelRefusal` shortcut); Engine.checkInvariants checks the claim. Absent
   * or false: each VC is asked.
   */
  readonly allocatesByChannel?: boolean;
  /** When true, `mayRequest` is asked before a header competes for an output. */
  readonly ordered: boolean;
  /** May the packet holding input buffer `buf` request its output now? */
  mayRequest?(buf: number): boolean;
  /**
   * Room for one more flit in buffer `buf` as its upstream sees it at the start of the cycle, when
   * the model counts space itself (shared buffers). Absent: the engine counts per buffer.
   */
  room?(buf: number): boolean;
  /**
   * Room for one more flit from the processor in injection buffer `buf` at the start of the cycle,
   * asked on top of the buffer's own count, when several injection buffers of a node make one input
   * FIFO of its switch (002 sec. 4.1, 5: the processor's port is an ordinary input, its FIFO bounded
   * in flits as a switch link's). Absent: the buffer's own count alone.
   */
  injectRoom?(buf: number): boolean;
  /**
   * May a worm whose start-up has ended take the free injection buffer `buf` now? Lets a model make
   * a node's injection channels one FIFO (002's processor port: the next packet follows the previous
   * one's tail, docs/algorithms/central-buffer.md). When present, `onGrant` is also told of
   * injection buffers. Absent: any free one.
   * `worm` is the worm at the front of the node's queue (e.g. its `sl` picks the VL it may enter
   * by, 003's `shared-sl`, docs/algorithms/ib-mcast.md). An answer that depends on `buf` (beyond
   * its node) or on `worm` needs `injectChoice`: without it the engine may ask with any of the node's
   * injection buffers, held or free, and take one refusal for all of them in that cycle (the
   * `nodeInject` shortcut).
   */
  canInject?(buf: number, worm?: WormSpec): boolean;
  /**
   * VCs per lane, when several consecutive one-packet VCs of a channel (or of a node's injection
   * channels) make one FIFO input buffer (003's `credit` buffers, docs/algorithms/ib-mcast.md: a VL is `laneSlots`
   * slots). Routes name lanes (mask bit = vc / laneSlots), and both arbiters rotate over lanes, not
   * slots: output allocation round-robin over input buffers and the link's round robin over VLs.
   * Absent: 1.
   */
  readonly laneSlots?: number;
  /** Buffer `buf` was given to a worm. */
  onGrant?(buf: number): void;
  /** Buffer `buf` was released by its worm (its tail has left). */
  onRelease?(buf: number): void;
  /** Where buffer `buf`'s packet sits in the model's terms, for deadlock reports (e.g. 'queue position 2 of 3'). */
  describe?(buf: number): string | undefined;
  /**
   * Extra cycles, beyond the routing delay, before branch `rank` (0-based, by ascending output port)
   * of the `branches` out-branches set up at the head of buffer `buf` may request its output: a
   * switch whose replicated packets take a slower path (002 sec. 7.1: deserialised into chunks, 7
   * cycles) and whose output ports read one packet in turn (the rank stagger,
   * docs/algorithms/central-buffer.md, "The chunk path").
   * Absent: every branch is ready with its head.
   */
  branchDelay?(buf: number, branches: number, rank: number): number;
  /**
   * Called once per cycle with worms in flight, before output allocation: the model's own decisions
   * of the cycle that do not answer a single request (e.g. which input writes into a shared central
   * buffer, 002 sec. 4.1: one chunk write per cycle, least recently served). It reads the state at
   * the start of the cycle and changes only the model's own state.
   */
  beginCycle?(t: number): void;
  /**
   * Per-output queues (002 sec. 4.1 and 5.1). When present, the allocator
   * first tells the model of every request of the cycle (`onRequest`: branch `slot` asks for
   * allocation group `group`, after any adaptive choice; called whether or not the group has a free
   * buffer, so a model can enqueue the request the first time it is made), then asks `mayClaim` of
   * each before granting: a branch that is not at the front of its output's queue does not compete.
   * Both read the state at the start of the cycle plus this cycle's `onRequest` calls, which all
   * come first, so the order requests are visited in never changes the answer. A model may commit an
   * adaptive choice in `onRequest` (SwitchView.commitChoice); the allocator then moves the
   * switch's adaptive pointer past the chosen port. Absent: requests are served round-robin per
   * group, as before, at no cost.
   */
  onRequest?(slot: number, group: number, t: number): void;
  mayClaim?(slot: number, group: number, t: number): boolean;
  /**
   * Is branch `slot` waiting in its output's queue (group `group`) behind another packet, so that
   * `onRequest` would change nothing and `mayClaim` would refuse it until the packet ahead is granted
   * (requests only join queues: no entry reaches the front before a grant removes the one ahead)?
   * The allocator then makes no request for it, and a head all of whose open branches wait so is
   * passed over until the model calls SwitchView.reachedFront for one of them (the `queueWaits`
   * shortcut, fast/shortcuts.ts). The answer must change by that event only, never by the clock. A
   * speed hook: false is always right; true where mayClaim could accept, or a missed reachedFront,
   * is a defect the equivalence tests catch. Absent: every request is made.
   */
  waitsInQueue?(slot: number, group: number, t: number): boolean;
  /**
   * Is branch `slot` sure to be refused whatever the cycle's other requests, though `mayClaim` may
   * let it compete, and would its request change nothing (`onRequest`)? So the front of its
   * output's queue (group `group`) when the group has no free buffer or the model refuses every
   * buffer of the channel (`allocatesByChannel`), or a packet that has already asked and needs a
   * free buffer the group has not. The allocator then makes no request for it, and a head all of
   * whose open branches wait so or behind other packets is passed over until the model calls
   * SwitchView.reachedFront (or reachedInputFront) for it (the `frontWaits` shortcut,
   * fast/shortcuts.ts). The model must call it by the first cycle its answer could be false again:
   * a buffer of the group released, a clock it knows, or an event of its own. A speed hook, as
   * `waitsInQueue`. Absent: the front asks every cycle.
   */
  waitsAtFront?(slot: number, group: number, t: number): boolean;
  /**
   * Does `mayRequest` refuse the packet in input buffer `buf` until the model calls
   * SwitchView.reachedInputFront for it: it is behind another in its input's FIFO (until the packet
   * ahead has left), or waits for another event the model tells (a central buffer's replicated
   * packet, until it is written)? The allocator then passes its head over until that call (the
   * `inputWaits` shortcut, fast/shortcuts.ts). The answer must change by that event only. A speed
   * hook: false is always right; true where mayRequest could accept, or a missed
   * reachedInputFront, is a defect the equivalence tests catch. Absent: the head is asked every
   * cycle.
   */
  waitsInInput?(buf: number): boolean;
  /**
   * May branch `slot` send its flit number `sent` (0-based) in cycle t, as far as the switch's
   * internal pipeline goes (e.g. a chunk read from a RAM some cycles earlier, 002's chunk path)?
   * Asked by the link stage on top of its own rules (output, flit present, room downstream).
   * Absent: always.
   */
  flitGate?(slot: number, sent: number, t: number): boolean;
  /** A violated invariant of the model's own (for tests), or undefined. */
  check?(): string | undefined;
  /**
   * Is the packet in input buffer `buf` (network or injection) at the head of its input FIFO and
   * still blocking it? For opt-in diagnostics only (metrics/switch-diagnostics.ts, 002 sec. 6): a
   * central-buffer switch's packet leaves the head when it is written into the central buffer.
   */
  atHead?(buf: number): boolean;
  /**
   * Links send whole packets: once a channel has sent a packet's header on one VC, its other VCs
   * wait until that packet's tail has crossed (InfiniBand's VL arbitration at packet boundaries,
   * docs/algorithms/ib-mcast.md, "Arbitration"). Absent or false: flits of different VCs interleave
   * round-robin.
   */
  readonly wholePackets?: boolean;
  /**
   * A node's injection channels are the VCs of one host link: a worm starts into a free one only
   * after the worm before it has pushed its tail (one packet at a time at link rate, 003's host
   * link). Absent or false: each injection channel is a link of its own.
   */
  readonly oneHostLink?: boolean;
}

/** The former name of a switch model, kept for the public API. */
export type RouterModel = SwitchModel;

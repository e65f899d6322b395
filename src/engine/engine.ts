import type { WormSpec } from '../plan/worm.js';
import { Allocator } from './allocate.js';
import { deadlockReport } from './deadlock.js';
import { GroupWaits } from './fast/group-waits.js';
import { RoutingWheel } from './fast/routing-wheel.js';
import { type ShortcutStats, shortcutStats } from './fast/shortcut-stats.js';
import { chooseShortcuts, type ShortcutSet, type ShortcutWish } from './fast/shortcuts.js';
import { HeadStage } from './heads.js';
import type { LinkSinks } from './link-sinks.js';
import { LinkStage } from './links.js';
import type { MessageState } from './message.js';
import { BUF_SINK, type Network } from './network.js';
import { checkNeeds, type SwitchModel, type SwitchPolicy } from './policy.js';
import type { DeadlockReport } from './report.js';
import { type EngineHooks, EngineState, type Timing, type TraceSink } from './state.js';
import { Terminals } from './terminals.js';
import { SwitchView } from './view.js';

export type { EngineHooks, ShortcutSet, ShortcutStats, Timing, TraceSink };

/** Thrown inside the engine when the deadlock detector fires; carries the report. */
export class DeadlockError extends Error {
  constructor(readonly report: DeadlockReport) {
    super(report.text);
  }
}

/**
 * Where link traversal hands over the flits it delivers. A class rather than closures made per
 * engine: the link stage's optimised code then keeps calling one target in every run of a sweep,
 * instead of being thrown away when the next engine brings new closures.
 */
class StageSinks implements LinkSinks {
  constructor(
    private readonly heads: HeadStage,
    private readonly terminals: Terminals,
  ) {}
  headArrived(b: number, t: number): void {
    this.heads.arrived(b, t);
  }
  consume(o: number, got: number, t: number): void {
    this.terminals.consume(o, got, t);
  }
}

/**
 * Shortcuts a caller turns off (SHORTCUTS in fast/shortcuts.ts), for tests that check they change
 * nothing: each runs where it is valid unless set false.
 */
export type EngineOptions = ShortcutWish;

/**
 * The flit-level engine: the clock and the order of a cycle's stages. One cycle:
 *  1. end nodes (terminals.ts): start-up completions move worms to their node's injection queue;
 *     queued worms take free injection channels;
 *  2. output allocation (allocate.ts): heads whose routing delay has passed request a free VC (or
 *     consumption channel) in the set the routing function allowed; the switch model (src/router/)
 *     says which free buffers a worm may take, whether a packet may compete yet, and how space is
 *     counted; requests on one channel are served round-robin;
 *  3. link traversal (links.ts): every physical channel moves at most one flit, chosen round-robin
 *     among its VCs that can move; a header entering a buffer is processed at once (heads.ts:
 *     stops, replication, the route of each branch), a flit entering a consumption channel is
 *     taken by its processor.
 * Every decision reads the state at the start of the cycle and all moves are applied together, so
 * the order in which buffers are visited never changes the result. When worms are in flight and no
 * flit moves for `deadlockCycles` cycles, the run stops with a report (deadlock.ts).
 */
export class Engine {
  now = 0;
  /** Cycles simulated with at least one worm in flight (for benchmarks). */
  busyCycles = 0;
  readonly net: Network;
  private readonly timing: Timing;
  private readonly s: EngineState;
  private readonly terminals: Terminals;
  private readonly allocator: Allocator;
  private readonly links: LinkStage;
  private readonly policy: SwitchPolicy;
  /** The shortcuts that run (fast/shortcuts.ts). */
  readonly shortcuts: ShortcutSet;
  private lastMove = 0;
  private nextMsgId = 0;

  constructor(
    net: Network,
    model: SwitchModel,
    timing: Timing,
    hooks: EngineHooks = {},
    options: EngineOptions = {},
  ) {
    this.net = net;
    this.timing = timing;
    const s = new EngineState(net, hooks);
    this.s = s;
    // The switch model plugs in here: its policy answers the allocator, the links and releases.
    const policy = model.create(net, new SwitchView(s, options));
    checkNeeds(model.name, policy);
    this.policy = policy;
    s.onRelease = policy.onRelease;
    s.oneHostLink = policy.oneHostLink === true;
    const shortcuts = chooseShortcuts(options, net, policy, hooks);
    this.shortcuts = shortcuts;
    if (shortcuts.groupWaits) s.waits = new GroupWaits(net.numBuffers, net.numNetChannels + net.numNodes);
    if (shortcuts.routingWheel) s.wheel = new RoutingWheel(net.numBuffers);
    const terminals = new Terminals(s, timing, policy, shortcuts.nodeInject);
    if (policy.branchDelay) s.brReady = new Float64Array(net.numBuffers * s.MB);
    const heads = new HeadStage(s, timing, policy);
    this.terminals = terminals;
    this.allocator = new Allocator(s, policy, shortcuts);
    const sinks = new StageSinks(heads, terminals);
    this.links = new LinkStage(s, sinks, policy, shortcuts);
  }

  /** Flit moves over network channels since the start. */
  get flitHops(): number {
    return this.s.flitHops;
  }

  /** Messages with worms not finished. */
  get liveMessages(): number {
    return this.s.liveMessages;
  }

  /** Creates a message record; its worms are started with `startPhase`. */
  newMessage(source: number, created: number, tag: string, measured: boolean, length: number): MessageState {
    this.s.liveMessages++;
    return {
      id: this.nextMsgId++,
      source,
      created,
      tag,
      measured,
      injected: -1,
      liveWorms: 0,
      deliveries: [],
      hops: 0,
      channels: 0,
      traffic: 0,
      worms: 0,
      length,
    };
  }

  /**
   * Node `node` starts `worms` as one start-up phase at cycle `at` (000 sec. 5.1): the first pays
   * `startup`, each further one `startupSubsequent`. The processor does one start-up at a time.
   */
  startPhase(node: number, worms: readonly WormSpec[], at: number, msg: MessageState): void {
    this.terminals.startPhase(node, worms, at, msg);
  }

  /** Earliest cycle at which something is scheduled to happen (Infinity when nothing is). */
  nextEventTime(): number {
    return this.terminals.nextEventTime();
  }

  /** True when no worm holds a buffer and none waits for an injection channel. */
  get idle(): boolean {
    return this.s.activeCount === 0 && this.terminals.waiting === 0;
  }

  /** Worms currently holding network or injection buffers. */
  get activeBuffers(): number {
    return this.s.activeCount;
  }

  /** Simulates cycle `now` and advances to the next one. Throws DeadlockError on a deadlock. */
  step(): void {
    const t = this.now;
    this.s.now = t;
    this.terminals.inject(t);
    if (this.s.activeCount > 0) {
      this.busyCycles++;
      this.policy.beginCycle?.(t);
      this.allocator.allocate(t);
      const moved = this.links.move(t);
      if (moved > 0) this.lastMove = t;
      else if (t - this.lastMove >= this.timing.deadlockCycles) {
        this.links.settle(t);
        throw new DeadlockError(
          deadlockReport(this.s, this.policy, this.terminals.queued(), t, t - this.lastMove),
        );
      }
    } else {
      this.lastMove = t;
    }
    this.now = t + 1;
  }

  /** Skips idle cycles up to (not beyond) `limit`, when nothing is in flight. */
  skipIdle(limit: number): void {
    if (!this.idle) return;
    const next = Math.min(this.terminals.nextEventTime(), limit);
    if (next > this.now) {
      this.now = next;
      this.lastMove = next;
    }
  }

  /**
   * Consistency check for tests: no buffer holds more flits than it can, free buffers are empty,
   * and no branch has sent more flits than arrived. Returns the first violation, or undefined.
   */
  checkInvariants(): string | undefined {
    this.links.settle(this.now);
    return (
      this.s.checkInvariants() ?? this.links.checkSleep() ?? this.allocator.check() ?? this.policy.check?.()
    );
  }

  /** What the link stage's shortcuts are doing now and have done so far (for tests and diagnostics). */
  shortcutStats(): ShortcutStats {
    return shortcutStats(this.s, this.links.unitWorms);
  }
}

export { BUF_SINK };

import type { MulticastPlan } from '../multicast/plan.js';
import type { WormSpec } from '../plan/worm.js';
import { followRoute } from '../routing/follow.js';
import type { RoutingFunction } from '../routing/routing.js';
import type { Topology } from '../topology/topology.js';
import { McsimError } from '../util/errors.js';

/**
 * A unicast of a unicast-based multicast, as 004 sec. 4 writes it: (alpha, beta, P(alpha, beta), t),
 * with its path as virtual channels (`arcs`, for Theorem 1) and as physical links (`links`, for the
 * bandwidth sharing of 004 sec. 6).
 */
export interface Unicast {
  index: number;
  from: number;
  to: number;
  /** Message-passing step: a node's sends occupy consecutive steps after the step it received in. */
  step: number;
  arcs: number[];
  links: number[];
}

/**
 * The unicasts of a plan whose worms each carry one destination (separate addressing, U-mesh,
 * U-CCC). One-port: every node sends one message per step, in the order it lists them, starting in
 * the step after the one in which it received (the source starts in step 1).
 */
export function unicastsOf(
  plan: MulticastPlan,
  topo: Topology,
  rfFor: (name?: string) => RoutingFunction,
): Unicast[] {
  const out: Unicast[] = [];
  const P = topo.numPorts;
  const visit = (worms: WormSpec[], receivedAt: number) => {
    worms.forEach((w, i) => {
      if (w.stops.length !== 1 || w.stops[0]!.branches)
        throw new McsimError(`${plan.algorithm} is not unicast-based: a worm has ${w.stops.length} stops`);
      const to = w.stops[0]!.node;
      const step = receivedAt + i + 1;
      // No per-hop strings: analyses follow routes by the million.
      const rf = rfFor(w.routing);
      const arcs: number[] = [];
      const links: number[] = [];
      const src = topo.nodeSwitch(w.source);
      followRoute(
        topo,
        rf,
        src,
        to,
        src,
        -1,
        (cur, port, _next, packed) => {
          const mask = packed >>> 8;
          // The lowest VC the routing allows: U-CCC's h0/h1/l0/l1 choice is a single VC.
          const vc = 31 - Math.clz32(mask & -mask);
          links.push(cur * P + port);
          arcs.push((cur * P + port) * 32 + vc);
        },
        w.source,
      );
      out.push({ index: out.length, from: w.source, to, step, arcs, links });
      if (w.stops[0]!.retransmit) visit(w.stops[0]!.retransmit, step);
    });
  };
  visit(plan.worms, 0);
  return out;
}

/**
 * The multicast as a tree of nodes (each node receives once): parent, the unicast that reached
 * each node, and Euler-tour intervals so that "is x in the reachable set R_y" (004 Definition 4) is
 * one comparison.
 */
export class ReachTree {
  readonly parentOf = new Map<number, number>();
  readonly viaOf = new Map<number, Unicast>();
  private readonly tin = new Map<number, number>();
  private readonly tout = new Map<number, number>();
  readonly sends = new Map<number, Unicast[]>();

  constructor(
    readonly source: number,
    unicasts: readonly Unicast[],
  ) {
    for (const u of unicasts) {
      if (this.viaOf.has(u.to)) throw new McsimError(`node ${u.to} receives the message twice`);
      this.parentOf.set(u.to, u.from);
      this.viaOf.set(u.to, u);
      const l = this.sends.get(u.from);
      if (l) l.push(u);
      else this.sends.set(u.from, [u]);
    }
    let clock = 0;
    const stack: Array<[number, number]> = [[source, 0]];
    this.tin.set(source, clock++);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const kids = this.sends.get(top[0]) ?? [];
      if (top[1] < kids.length) {
        const child = kids[top[1]++]!.to;
        this.tin.set(child, clock++);
        stack.push([child, 0]);
      } else {
        this.tout.set(top[0], clock++);
        stack.pop();
      }
    }
  }

  /** x in R_y: y itself, or reached through y. */
  inReach(x: number, y: number): boolean {
    const a = this.tin.get(x);
    const b = this.tin.get(y);
    if (a === undefined || b === undefined) return false;
    return b <= a && this.tout.get(x)! <= this.tout.get(y)!;
  }

  /** Every unicast sent by a node in R_y (the messages delayed when y's message is, 004 sec. 6). */
  sentWithin(y: number): Unicast[] {
    const out: Unicast[] = [];
    const stack = [y];
    while (stack.length > 0) {
      const v = stack.pop()!;
      for (const u of this.sends.get(v) ?? []) {
        out.push(u);
        stack.push(u.to);
      }
    }
    return out;
  }
}

import { ReachTree, type Unicast } from './unicasts.js';

export interface StepOutcome {
  /** Steps to complete, physical links shared by VCs (004 sec. 6). */
  steps: number;
  /** Steps if every VC had a link of its own. */
  stepsNoSharing: number;
  /** Times a unicast was blocked by another of the same step on one physical link. */
  linkContention: number;
}

/**
 * The step model of 004 sec. 6. Unicasts of one step that use virtual channels multiplexed on the
 * same physical link contend: one proceeds, the other is blocked and takes one more step, and every
 * message sent later by nodes in the reachable set of its destination is delayed by one step too. A
 * delayed message can meet new contention in the step it moves to. 004 does not say which of two
 * contending messages is blocked: here the one later in plan order is (a message delayed from an
 * earlier step is already under way and keeps its link), so the outcome is deterministic.
 */
export function stepModel(source: number, unicasts: readonly Unicast[]): StepOutcome {
  const tree = new ReachTree(source, unicasts);
  const step = unicasts.map((u) => u.step);
  const stepsNoSharing = Math.max(0, ...step);
  let contention = 0;
  for (let k = 1; k <= Math.max(0, ...step); k++) {
    const taken = new Set<number>();
    // In plan order: a message delayed from an earlier step is already under way and keeps its link.
    const now = unicasts.filter((u) => step[u.index] === k);
    for (const u of now) {
      if (u.links.some((l) => taken.has(l))) {
        contention++;
        step[u.index]! += 1;
        for (const v of tree.sentWithin(u.to)) step[v.index]! += 1;
      } else {
        for (const l of u.links) taken.add(l);
      }
    }
  }
  return { steps: Math.max(0, ...step), stepsNoSharing, linkContention: contention };
}

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
 * contending messages is blocked. Here a message that was already blocked in an earlier step is
 * under way and keeps its link: it goes before every message that tries for the first time, and
 * among those blocked earlier, the one blocked first goes first. Ties fall to plan order, so the
 * outcome is deterministic.
 */
export function stepModel(source: number, unicasts: readonly Unicast[]): StepOutcome {
  const tree = new ReachTree(source, unicasts);
  const step = unicasts.map((u) => u.step);
  // The step in which a unicast was first blocked (it is under way since then); Infinity if never.
  const since = unicasts.map(() => Number.POSITIVE_INFINITY);
  const stepsNoSharing = Math.max(0, ...step);
  // Unicasts by their current step; sets keep plan order (insertion order of indices).
  const byStep = new Map<number, Set<number>>();
  const put = (i: number) => {
    let b = byStep.get(step[i]!);
    if (!b) byStep.set(step[i]!, (b = new Set()));
    b.add(i);
  };
  for (const u of unicasts) put(u.index);
  const delay = (i: number) => {
    byStep.get(step[i]!)!.delete(i);
    step[i]! += 1;
    put(i);
  };
  let contention = 0;
  for (let k = 1; byStep.size > 0; k++) {
    const bucket = byStep.get(k);
    if (!bucket) continue;
    byStep.delete(k);
    // Messages under way since an earlier step first (they keep their links), then plan order.
    const now = [...bucket].sort((a, b) => Math.min(since[a]!, k) - Math.min(since[b]!, k) || a - b);
    const taken = new Set<number>();
    for (const i of now) {
      const u = unicasts[i]!;
      if (u.links.some((l) => taken.has(l))) {
        contention++;
        if (since[i] === Number.POSITIVE_INFINITY) since[i] = k;
        step[i] = k + 1;
        put(i);
        for (const v of tree.sentWithin(u.to)) delay(v.index);
      } else {
        for (const l of u.links) taken.add(l);
      }
    }
  }
  return { steps: Math.max(0, ...step), stepsNoSharing, linkContention: contention };
}

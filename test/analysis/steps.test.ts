import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stepModel } from '../../src/analysis/steps.js';
import type { Unicast } from '../../src/analysis/unicasts.js';

const u = (index: number, from: number, to: number, step: number, links: number[]): Unicast => ({
  index,
  from,
  to,
  step,
  links,
  arcs: links.map((l) => l * 32),
});

describe('the step model of 004 sec. 6', () => {
  it('a message blocked in an earlier step keeps its link against an on-time message listed before it', () => {
    // 0 sends to 1, 2, 4 in steps 1-3; 1 sends to 3 in step 2; 3 sends to 5 in step 3. Link 200 is
    // wanted by 0->2 and 1->3 in step 2 (1->3 is blocked: it comes later in plan order), then by
    // 0->4 (on time, listed first) and the blocked 1->3 in step 3. The blocked one is under way and
    // goes on, so 0->4 waits one step and 3->5, delayed a step by its sender, runs in step 4.
    const plan = [
      u(0, 0, 1, 1, [100]),
      u(1, 0, 4, 3, [200]),
      u(2, 0, 2, 2, [200]),
      u(3, 1, 3, 2, [200]),
      u(4, 3, 5, 3, [300]),
    ];
    assert.deepEqual(stepModel(0, plan), { steps: 4, stepsNoSharing: 3, linkContention: 2 });
  });

  it('without shared links the steps are the plan’s own', () => {
    const plan = [u(0, 0, 1, 1, [1]), u(1, 0, 2, 2, [2]), u(2, 1, 3, 2, [3])];
    assert.deepEqual(stepModel(0, plan), { steps: 2, stepsNoSharing: 2, linkContention: 0 });
  });

  it('two on-time messages of one step on one link: the later in plan order waits, and so does its subtree', () => {
    const plan = [u(0, 0, 1, 1, [1]), u(1, 0, 2, 2, [9]), u(2, 1, 3, 2, [9]), u(3, 3, 4, 3, [5])];
    assert.deepEqual(stepModel(0, plan), { steps: 4, stepsNoSharing: 3, linkContention: 1 });
  });
});

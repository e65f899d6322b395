import fc from 'fast-check';
import type { VlPolicy } from '../../src/ib/vl.js';
import type { IbCollectiveSpec } from '../../src/ib/workload.js';

/** VL configurations of 003 sec. 4 (policy, data VLs). */
export const POLICIES: Array<[VlPolicy, number]> = [
  ['1vl', 1],
  ['shared', 2],
  ['dedicated', 2],
  ['shared', 4],
  ['dedicated', 4],
];

/** With the IB-realizable SL-to-VL variant (docs/algorithms/ib-mcast.md, "VL policies"). */
export const POLICIES_SL: Array<[VlPolicy, number]> = [...POLICIES, ['shared-sl', 2], ['shared-sl', 4]];

/**
 * The fields of a small random collective on an m x n mesh (sides up to `side`, packets up to
 * `maxLength` flits), shared by the IB property tests; each adds its own (policy, slots, ...).
 */
export function collectiveFields(side: number, maxLength: number) {
  return {
    m: fc.integer({ min: 2, max: side }),
    n: fc.integer({ min: 1, max: side }),
    sources: fc.constantFrom<IbCollectiveSpec['sources']>('one', 0.4, 1),
    groupFraction: fc.constantFrom(0.2, 0.4, 1),
    order: fc.constantFrom<IbCollectiveSpec['order']>('ascending', 'rotated', 'random'),
    seed: fc.integer({ min: 1, max: 10000 }),
    scheme: fc.constantFrom<'uc' | 'mc'>('uc', 'mc'),
    length: fc.integer({ min: 1, max: maxLength }),
    routingDelay: fc.integer({ min: 0, max: 2 }),
  };
}

/** Engine timing of the IB property tests: one cycle per routing decision, no start-up, a quick deadlock detector. */
export const IB_TEST_TIMING = {
  routingDelay: 1,
  routingDelayModified: 1,
  startup: 0,
  startupSubsequent: 0,
  deadlockCycles: 5000,
};

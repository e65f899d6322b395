/**
 * 000 Fig. 2 as a config: on a 4-node linear array with one consumption channel per node, node 0
 * sends A to nodes 1 and 2 while node 3 sends B to 2 and 1 (the two path worms of
 * test/engine/deadlock.test.ts). A holds node 1's consumption channel and waits for node 2's; B
 * holds node 2's and waits for node 1's.
 */
export const FIG2_CONFIG = {
  network: { topology: 'mesh:4x1', consumptionChannels: 1 },
  timing: { deadlockCycles: 200 },
  workload: {
    type: 'messages',
    messages: [
      {
        at: 0,
        source: '0,0',
        worms: [
          {
            stops: [
              { node: '1,0', service: 'PAF' },
              { node: '2,0', service: 'ABS' },
            ],
          },
        ],
      },
      {
        at: 0,
        source: '3,0',
        worms: [
          {
            stops: [
              { node: '2,0', service: 'PAF' },
              { node: '1,0', service: 'ABS' },
            ],
          },
        ],
      },
    ],
  },
};

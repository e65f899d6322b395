import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { WormSpec } from '../../src/plan/worm.js';
import { countDeliveries } from '../../src/traffic/messages.js';

describe('deliveries a worm makes (the flits a multicast offers)', () => {
  it('absorbing stops count, forwarding-only and temporary stops do not, retransmissions and branches do', () => {
    const retx: WormSpec[] = [
      { source: 5, stops: [{ node: 9, service: 'ABS' }], length: 4 },
      {
        source: 5,
        length: 4,
        stops: [
          {
            node: 8,
            service: 'TAR',
            retransmit: [{ source: 8, stops: [{ node: 2, service: 'ABS' }], length: 4 }],
          },
        ],
      },
    ];
    const spec: WormSpec = {
      source: 0,
      length: 8,
      stops: [
        { node: 3, service: 'PAF' },
        { node: 5, service: 'PAFR', retransmit: retx },
        {
          node: 7,
          service: 'FWD',
          branches: [
            [
              { node: 10, service: 'PAF' },
              { node: 11, service: 'ABS' },
            ],
            [
              {
                node: 12,
                service: 'PAR',
                retransmit: [{ source: 12, stops: [{ node: 13, service: 'ABS' }], length: 4 }],
              },
            ],
          ],
        },
      ],
    };
    // 3, 5, 10, 11, 12 on the worm; 9 and 2 (through 8's TAR) retransmitted by 5; 13 by 12.
    assert.equal(countDeliveries(spec), 8);
    assert.equal(countDeliveries({ source: 0, length: 1, stops: [{ node: 1, service: 'ABS' }] }), 1);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { WormSpec } from '../../src/plan/worm.js';
import { makeNet, PAPER_TIMING, runMessages } from './harness.js';

const S = PAPER_TIMING.startup;
const R = PAPER_TIMING.routingDelay;
const RM = PAPER_TIMING.routingDelayModified;

describe('multidestination worms (000 sec. 3.2)', () => {
  it('a path worm absorbs and forwards (PAF) and ends with ABS; timing worked out by hand', () => {
    // Linear array 0..7; worm 0 -> 3 (PAF) -> 6 (ABS), 20 flits, 1-flit buffers.
    const net = makeNet('mesh:8x1');
    const worm: WormSpec = {
      source: 0,
      length: 20,
      stops: [
        { node: 3, service: 'PAF' },
        { node: 6, service: 'ABS' },
      ],
    };
    const { messages } = runMessages(net, [{ at: 0, source: 0, worms: [worm] }]);
    const d = messages[0]!.deliveries;
    assert.deepEqual(
      d.map((x) => x.node),
      [3, 6],
    );
    // Head reaches router 3 after 3 hops of R+1; there the header is modified (RM) before it goes
    // both into the consumption channel and on toward 6.
    const atStop = S + 3 * (R + 1);
    assert.equal(d[0]!.header, atStop + RM + 1);
    const at6 = atStop + RM + 1 + 2 * (R + 1);
    assert.equal(d[1]!.header, at6 + R + 1);
    assert.equal(d[1]!.tail, at6 + R + 1 + 19);
    // With 1-flit buffers, router 3's buffer feeds its consumption channel and the link toward 6 in
    // lockstep: each flit leaves it once both have taken it, so the copy absorbed at 3 is held back
    // by the head's routing stalls further on, and its tail arrives 3 hops before the tail at 6.
    assert.equal(d[0]!.tail, d[1]!.tail - 3);
    assert.equal(messages[0]!.traffic, 6 * 20);
  });

  it('retransmission (PAR / TAR) starts the next phase after the tail arrives, paying the full start-up', () => {
    const net = makeNet('mesh:8x8', { consumption: 4, injection: 2 });
    const t = net.topology;
    const n = (s: string) => t.parseNode(s);
    // Source 0,0: worm to 4,0 (TAR: not a destination) which retransmits to 4,5 and 6,0.
    // Two injection channels, so the second retransmission does not wait for the first's tail.
    const worm: WormSpec = {
      source: n('0,0'),
      length: 10,
      stops: [
        {
          node: n('4,0'),
          service: 'TAR',
          retransmit: [
            { source: n('4,0'), length: 10, stops: [{ node: n('4,5'), service: 'ABS' }] },
            { source: n('4,0'), length: 10, stops: [{ node: n('6,0'), service: 'ABS' }] },
          ],
        },
      ],
    };
    const { messages } = runMessages(net, [{ at: 0, source: n('0,0'), worms: [worm] }]);
    const m = messages[0]!;
    assert.deepEqual(m.deliveries.map((d) => t.formatNode(d.node)).sort(), ['4,5', '6,0']);
    const tailAtRelay = S + 5 * (R + 1) + 9; // 4 hops + consumption hop
    const byNode = new Map(m.deliveries.map((d) => [t.formatNode(d.node), d.tail]));
    assert.equal(byNode.get('4,5'), tailAtRelay + S + 6 * (R + 1) + 9);
    assert.equal(byNode.get('6,0'), tailAtRelay + S + 8 + 3 * (R + 1) + 9);
    assert.equal(m.worms, 3);
  });

  it("one-port: a node's second worm waits for the injection channel until the first worm's tail is in", () => {
    const net = makeNet('mesh:8x8', { injection: 1 });
    const t = net.topology;
    const n = (s: string) => t.parseNode(s);
    const src = n('4,4');
    const w1: WormSpec = { source: src, length: 10, stops: [{ node: n('7,4'), service: 'ABS' }] };
    const w2: WormSpec = { source: src, length: 10, stops: [{ node: n('4,7'), service: 'ABS' }] };
    const { messages } = runMessages(net, [{ at: 0, source: src, worms: [w1, w2] }]);
    const tails = new Map(messages[0]!.deliveries.map((d) => [t.formatNode(d.node), d.tail]));
    // w1 streams behind its head, so its tail leaves the injection channel 3 hops before reaching
    // 7,4; w2, whose start-up ended at 41, takes the freed channel in the next cycle.
    const w1Tail = S + 4 * (R + 1) + 9;
    assert.equal(tails.get('7,4'), w1Tail);
    const w2Start = w1Tail - 3 + 1;
    assert.ok(w2Start > S + 8, 'w2 waited for the injection channel, not for its start-up');
    assert.equal(tails.get('4,7'), w2Start + 4 * (R + 1) + 9);
  });

  it('a tree worm replicates into several output channels asynchronously and reaches every leaf once', () => {
    const net = makeNet('mesh:8x8', { consumption: 1 });
    const t = net.topology;
    const n = (s: string) => t.parseNode(s);
    const worm: WormSpec = {
      source: n('0,3'),
      length: 16,
      stops: [
        { node: n('3,3'), service: 'PAF' },
        {
          node: n('4,3'),
          service: 'FWD',
          branches: [
            [{ node: n('4,7'), service: 'ABS' }],
            [{ node: n('4,0'), service: 'ABS' }],
            [
              { node: n('6,3'), service: 'PAF' },
              { node: n('7,3'), service: 'ABS' },
            ],
          ],
        },
      ],
    };
    const { messages } = runMessages(net, [{ at: 0, source: n('0,3'), worms: [worm] }], {}, (e) => {
      const bad = e.checkInvariants();
      if (bad) throw new Error(bad);
    });
    const got = messages[0]!.deliveries.map((d) => t.formatNode(d.node)).sort();
    assert.deepEqual(got, ['3,3', '4,0', '4,7', '6,3', '7,3']);
    // Traffic: 4 hops to 4,3, then 4 + 3 + 3 hops on the branches, 16 flits each.
    assert.equal(messages[0]!.traffic, (4 + 4 + 3 + 3) * 16);
  });

  it('a blocked branch of a tree worm stalls its siblings only once the shared buffer is full', () => {
    // Two worms: W1 holds the consumption channel of 5,0 for a long time; W2 forks at 2,0 into
    // 5,0 (blocked) and 2,6 (free). With 4-flit buffers the free branch gets ahead by the buffer.
    const net = makeNet('mesh:8x8', { bufferDepth: 4 });
    const t = net.topology;
    const n = (s: string) => t.parseNode(s);
    const long: WormSpec = { source: n('5,7'), length: 200, stops: [{ node: n('5,0'), service: 'ABS' }] };
    const tree: WormSpec = {
      source: n('0,0'),
      length: 20,
      stops: [
        {
          node: n('2,0'),
          service: 'FWD',
          branches: [[{ node: n('5,0'), service: 'ABS' }], [{ node: n('2,6'), service: 'ABS' }]],
        },
      ],
    };
    const { messages } = runMessages(
      net,
      [
        { at: 0, source: n('5,7'), worms: [long] },
        { at: 40, source: n('0,0'), worms: [tree] },
      ],
      {},
      (e) => {
        const bad = e.checkInvariants();
        if (bad) throw new Error(bad);
      },
    );
    const tm = messages[1]!;
    const byNode = new Map(tm.deliveries.map((d) => [t.formatNode(d.node), d]));
    const longTail = messages[0]!.deliveries[0]!.tail;
    assert.ok(byNode.get('5,0')!.header > longTail, 'the blocked branch waits for the consumption channel');
    assert.ok(
      byNode.get('2,6')!.header < longTail,
      'the free branch starts before the blocked one is served',
    );
    assert.ok(byNode.get('2,6')!.tail > longTail, 'but cannot finish: the shared buffer holds the flits');
  });
});

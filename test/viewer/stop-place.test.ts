import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { traceMulticast } from '../../src/api/trace.js';
import { parseConfig } from '../../src/config/load.js';
import type { TraceHeader, TraceWorm } from '../../src/trace/format.js';
import { stopName, stopPlaces } from '../../src/viewer/app/stop-place.js';

/** The one worm of a bit-string multicast on a fat tree, traced. */
function bitstring(topology: string, source: number, dests: number[]) {
  const { trace } = traceMulticast(parseConfig({ network: { topology } }), {
    algorithm: 'bitstring',
    source,
    dests,
  });
  assert.equal(trace.worms.length, 1);
  return { h: trace.header, w: trace.worms[0]! };
}

/** The hops (indices) from the worm's injection hop to node n's consumption hop, in that order. */
function hopsToward(h: TraceHeader, w: TraceWorm, n: number): number[] {
  const out: number[] = [];
  let i = w.hops.findIndex(([c]) => h.channels[c]!.kind === 'sink' && h.channels[c]!.from === n);
  for (; i >= 0; i = w.hops[i]![5]) out.unshift(i);
  return out;
}

/** The switches a worm's flits pass through on the way to node n (its hops, back from the node). */
function switchesToward(h: TraceHeader, w: TraceWorm, n: number): number[] {
  let i = w.hops.findIndex(([c]) => h.channels[c]!.kind === 'sink' && h.channels[c]!.from === n);
  const out: number[] = [];
  for (i = w.hops[i]![5]; i >= 0; i = w.hops[i]![5]) {
    const ch = h.channels[w.hops[i]![0]]!;
    if (ch.kind === 'net') out.unshift(ch.to);
  }
  return [h.switches!.ofNode[w.source]!, ...out];
}

describe('where a stop is drawn', () => {
  it('002 bit-string on fattree:16, 0 to 5, 6, 9: forks at the top switch and at s1.1, absorbs at the nodes', () => {
    const { h, w } = bitstring('fattree:16', 0, [5, 6, 9]);
    const places = stopPlaces(h, w);
    const names = w.stops.map((s, i) => stopName(h, s, places[i]));
    // The worm climbs from s1.0 to a top switch (s2.*), forks there toward s1.1 and s1.2, and
    // forks again at s1.1 for 5 and 6; 9 is alone below s1.2.
    assert.match(names[0]!, /^s2\.\d\(FWD\)$/);
    assert.deepEqual(names.slice(1), ['s1.1(FWD)', '5(ABS)', '6(ABS)', '9(ABS)']);
    const top = places[0]!;
    assert.equal(top.kind, 'switch');
    assert.deepEqual(switchesToward(h, w, 5)[1], top.id, 'the top fork is the switch the worm climbed to');
  });

  it('on random bit-string multicasts, each fork is a switch of its level on the way to its node, after the forks before it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('fattree:16', 'fattree:64'),
        fc.integer({ min: 0, max: 63 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 63 }), { minLength: 1, maxLength: 12 }),
        (topology, src, raw) => {
          const n = topology === 'fattree:16' ? 16 : 64;
          const source = src % n;
          const dests = [...new Set(raw.map((d) => d % n))].filter((d) => d !== source);
          if (dests.length === 0) return;
          const { h, w } = bitstring(topology, source, dests);
          const places = stopPlaces(h, w);
          w.stops.forEach((s, i) => {
            const p = places[i];
            if (!s.level) {
              assert.deepEqual(p, { kind: 'node', id: s.node });
              return;
            }
            assert.equal(p?.kind, 'switch', `stop ${i} placed`);
            assert.equal(h.switches!.hints[p!.id]![0], s.level);
            const path = switchesToward(h, w, s.node);
            assert.ok(path.includes(p!.id), 'on the way to its node');
            // Below the top of the path, a level is crossed twice (up, then down): the fork is the
            // crossing on the way down, the last one.
            assert.equal(
              path.lastIndexOf(p!.id),
              path.length - 1 - [...path].reverse().findIndex((x) => h.switches!.hints[x]![0] === s.level),
            );
          });
          // And the engine forked there: of the hops toward the stop's node, the last one entering
          // that switch has two or more hops below it.
          w.stops.forEach((s, i) => {
            const p = places[i];
            if (p?.kind !== 'switch') return;
            const into = [...hopsToward(h, w, s.node)].reverse().find((k) => {
              const ch = h.channels[w.hops[k]![0]]!;
              return ch.kind === 'net'
                ? ch.to === p.id
                : ch.kind === 'inj' && h.switches!.ofNode[ch.from] === p.id;
            });
            assert.ok(into !== undefined);
            assert.ok(
              w.hops.filter((x) => x[5] === into).length >= 2,
              `a fork at ${h.switches!.names[p.id]}`,
            );
          });
          const used = places.filter((p) => p?.kind === 'switch').map((p) => p!.id);
          assert.equal(new Set(used).size, used.length, 'no two forks at one switch');
        },
      ),
      { numRuns: 60, seed: 35 },
    );
  });
});

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { parseConfig } from '../../src/config/load.js';
import { PLANNERS } from '../../src/multicast/registry.js';
import type { MessageRecord } from '../../src/run/record.js';
import { runSimulation } from '../../src/sim/run.js';
import { fitsKind } from '../../src/topology/fits.js';
import { parseTopology } from '../../src/topology/registry.js';
import { McsimError } from '../../src/util/errors.js';

const MAIN = new URL('../../cli/main.ts', import.meta.url).pathname;
const cli = (args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', MAIN, ...args], { encoding: 'utf8' });

describe('start-ups begin at a message’s creation', () => {
  it('a retransmission is not held behind the start-up of a later message of the same node (exact)', () => {
    // 0,0 sends to 4,0 (TAR), which retransmits to 4,2; 4,0 also sends its own message at 10000.
    const config = parseConfig({
      network: { topology: 'mesh:8x8', injectionChannels: 2, consumptionChannels: 4 },
      workload: {
        type: 'messages',
        packetLength: 10,
        messages: [
          {
            at: 0,
            source: '0,0',
            worms: [{ stops: [{ node: '4,0', service: 'TAR', retransmit: [{ stops: [{ node: '4,2' }] }] }] }],
          },
          { at: 10000, source: '4,0', dest: '7,7' },
        ],
      },
    });
    const recs: MessageRecord[] = [];
    const r = runSimulation(config, { onRecord: (x) => recs.push(x) });
    assert.equal(r.outcome.status, 'complete');
    const { startup: S, routingDelay: R } = r.config.timing;
    const L = 10;
    // Tail at the relay: 4 hops and the consumption hop, each R + 1 cycles, then L - 1 flits.
    const relay = S + 5 * (R + 1) + L - 1;
    const byId = new Map(recs.map((x) => [x.id, x]));
    assert.equal(byId.get(0)!.latency, relay + S + 3 * (R + 1) + L - 1);
    assert.equal(byId.get(1)!.latency, S + 11 * (R + 1) + L - 1);
  });
});

describe('a run past saturation says so', () => {
  const overloaded = {
    network: { topology: 'mesh:6x6' },
    workload: { type: 'uniform', load: 0.6, warmup: 100, measure: 2000, drain: 100 },
  };

  it('the library returns outcome "unfinished" with the counts, and marks latency as a lower bound', () => {
    const r = runSimulation(parseConfig(overloaded));
    assert.equal(r.outcome.status, 'unfinished');
    if (r.outcome.status !== 'unfinished') return;
    assert.equal(r.outcome.unfinished, r.metrics.messages.unfinished);
    assert.ok(r.outcome.unfinished > 0);
    assert.ok(r.outcome.accepted < r.outcome.offered);
    assert.ok(r.metrics.latencyLowerBound);
  });

  it('mcsim run prints it, marks the latency ">=" and exits 5; --json carries the outcome', () => {
    const set = [
      '--set',
      'network.topology=mesh:6x6',
      '--set',
      'workload.load=0.6',
      '--set',
      'workload.measure=2000',
      '--set',
      'workload.drain=100',
    ];
    const text = cli(['run', ...set]);
    assert.equal(text.status, 5, text.stderr);
    assert.match(text.stdout, /outcome\s+UNFINISHED: \d+ of \d+ measured messages unfinished/);
    assert.match(text.stdout, /latency \(cycles\)\s+>= mean/);
    assert.match(text.stderr, /not a measurement/);
    const json = cli(['run', '--json', ...set]);
    assert.equal(json.status, 5);
    const out = JSON.parse(json.stdout) as {
      outcome: { status: string };
      metrics: { latencyLowerBound: boolean };
    };
    assert.equal(out.outcome.status, 'unfinished');
    assert.equal(out.metrics.latencyLowerBound, true);
  });

  it('a load no injection channel can carry is rejected before the run, exit 2, one line', () => {
    assert.throws(
      () => runSimulation(parseConfig({ ...overloaded, workload: { ...overloaded.workload, load: 5 } })),
      (e: unknown) =>
        e instanceof McsimError &&
        /workload\.load: 5 flits\/node\/cycle injected exceed the 1 injection channel/.test(e.message),
    );
    const r = cli(['run', '--set', 'workload.load=5']);
    assert.equal(r.status, 2);
    assert.equal(r.stderr.trim().split('\n').length, 1);
    assert.match(r.stderr, /workload\.load/);
  });
});

describe('mixed unicast and multicast traffic (000 sec. 5.3)', () => {
  const mesh = parseTopology('mesh:16x16');
  const schemes = PLANNERS.filter((p) => fitsKind(p.topologies, 'mesh') && !p.check?.(mesh)).map(
    (p) => p.name,
  );

  it('no scheme deadlocks on a 16x16 mesh at loads up to and past saturation', () => {
    assert.ok(schemes.includes('dual-path') && schemes.includes('tpm'), schemes.join(','));
    for (const algorithm of schemes)
      for (const load of [0.03, 0.08, 0.12]) {
        const r = runSimulation(
          parseConfig({
            network: {
              topology: 'mesh:16x16',
              vcs: 2,
              bufferDepth: 1,
              injectionChannels: 1,
              consumptionChannels: 8,
            },
            workload: {
              type: 'mixed',
              algorithm,
              load,
              packetLength: 20,
              warmup: 500,
              measure: 2500,
              drain: 1500,
            },
          }),
        );
        assert.notEqual(
          r.outcome.status,
          'deadlock',
          `${algorithm} at ${load}: ${r.metrics.deadlock?.text.split('\n')[0]}`,
        );
        assert.ok(r.metrics.messages.delivered > 0);
      }
  });

  it('under dual-path and multi-path, unicasts take the label routing, which is minimal for them', () => {
    for (const algorithm of ['dual-path', 'multi-path']) {
      const recs: MessageRecord[] = [];
      runSimulation(
        parseConfig({
          network: { topology: 'mesh:8x8', routing: 'xy' },
          workload: { type: 'mixed', algorithm, load: 0.01, warmup: 0, measure: 3000, drain: 3000 },
        }),
        { onRecord: (x) => recs.push(x) },
      );
      const uni = recs.filter((x) => x.tag === 'unicast');
      assert.ok(uni.length > 20);
      // Label routing is minimal for unicasts: as many hops as XY would take.
      for (const u of uni) {
        const [sx, sy] = u.source.split(',').map(Number) as [number, number];
        const [dx, dy] = u.destinations[0]!.node.split(',').map(Number) as [number, number];
        assert.equal(u.hops, Math.abs(sx - dx) + Math.abs(sy - dy));
      }
    }
  });
});

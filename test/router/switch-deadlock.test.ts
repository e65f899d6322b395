import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseConfig } from '../../src/config/load.js';
import { DeadlockError } from '../../src/engine/engine.js';
import { buildNetwork } from '../../src/engine/network.js';
import { unicastWorm } from '../../src/plan/worm.js';
import { buildRouting } from '../../src/routing/registry.js';
import { runSimulation } from '../../src/sim/run.js';
import { IB_EAST, IB_HOST, IB_NORTH, IB_SOUTH, IB_WEST } from '../../src/topology/ibmesh.js';
import { parseTopology } from '../../src/topology/registry.js';
import { runMessages } from '../engine/harness.js';
import { tempDir } from '../temp-dir.js';

/**
 * ibmesh:2x2 is a ring of four switches. A table that sends every packet clockwise
 * (0,0 -E-> 1,0 -N-> 1,1 -W-> 0,1 -S-> 0,0) closes a cycle of channel dependencies; four long
 * packets, each going halfway round, hold one channel each and wait for the next: a deadlock.
 */
function ringTable(): string {
  const t = parseTopology('ibmesh:2x2');
  const cw = new Map([
    [t.parseNode('0,0'), IB_EAST],
    [t.parseNode('1,0'), IB_NORTH],
    [t.parseNode('1,1'), IB_WEST],
    [t.parseNode('0,1'), IB_SOUTH],
  ]);
  const ports = Array.from({ length: 4 }, (_, r) =>
    Array.from({ length: 4 }, (_, d) => (r === d ? IB_HOST : cw.get(r)!)),
  );
  const f = join(tempDir('mcsim-ring-'), 'ring.json');
  writeFileSync(f, JSON.stringify({ format: 'mcsim-route-table', topology: 'ibmesh:2x2', ports }));
  return f;
}

const MAIN = new URL('../../cli/main.ts', import.meta.url).pathname;

describe('deadlock on a switch ring with a cyclic table', () => {
  it('is detected and reported in switch terms: switch, port, queue position', () => {
    const file = ringTable();
    for (const switching of ['wormhole', 'input-fifo']) {
      const topo = parseTopology('ibmesh:2x2');
      const rf = buildRouting(topo, 'table', [1], { file });
      const net = buildNetwork(topo, rf, {
        vcsPerClass: [1],
        bufferDepth: 2,
        injectionChannels: 1,
        consumptionChannels: 1,
      });
      const n = (s: string) => topo.parseNode(s);
      const pairs = [
        ['0,0', '1,1'],
        ['1,0', '0,1'],
        ['1,1', '0,0'],
        ['0,1', '1,0'],
      ];
      const msgs = pairs.map(([a, b]) => ({ at: 0, source: n(a!), worms: [unicastWorm(n(a!), n(b!), 20)] }));
      let report: DeadlockError['report'] | undefined;
      try {
        runMessages(net, msgs, { switching });
      } catch (e) {
        if (!(e instanceof DeadlockError)) throw e;
        report = e.report;
      }
      assert.ok(report, `${switching}: no deadlock`);
      assert.equal(report.worms.length, 4, report.text);
      // The packet from 0,0 holds the channel into 1,0 and waits for 1,0's north output.
      assert.match(report.text, /holds VC vc0 of channel s0,0 -> s1,0 \(E\), input port W of switch s1,0/);
      assert.match(report.text, /waits for a VC of channel s1,0 -> s1,1 \(output port N of switch s1,0\)/);
      if (switching === 'input-fifo')
        assert.match(report.text, /input port W of switch s1,0, queue position 1 of 1/);
    }
  });

  it('mcsim run stops with the report and exit code 3, never hangs', () => {
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        MAIN,
        'run',
        '--set',
        'network.topology=ibmesh:2x2',
        '--set',
        'network.routing=table',
        '--set',
        `network.routingOptions.file=${ringTable()}`,
        '--set',
        'network.bufferDepth=2',
        '--set',
        'workload.type=uniform',
        '--set',
        'workload.load=0.3',
        '--set',
        'timing.deadlockCycles=200',
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    assert.equal(r.status, 3, r.stderr);
    assert.match(r.stdout + r.stderr, /deadlock at cycle \d+/);
    assert.match(r.stdout + r.stderr, /input port [ENWS] of switch s\d,\d/);
  });

  it('a window that could end by convergence records that the deadlock ended it, in the window or the warm-up', () => {
    const file = ringTable();
    for (const warmup of [100, 100_000]) {
      const r = runSimulation(
        parseConfig({
          seed: 1,
          network: { topology: 'ibmesh:2x2', routing: 'table', routingOptions: { file }, bufferDepth: 2 },
          workload: {
            type: 'uniform',
            load: 0.3,
            warmup,
            measure: 200_000,
            convergence: { minMessages: 100 },
          },
          timing: { deadlockCycles: 200 },
        }),
      );
      assert.equal(r.outcome.status, 'deadlock');
      assert.ok(r.metrics.deadlock!.cycle < warmup + 200_000);
      assert.equal(r.metrics.window!.endedBy, 'deadlock', `warm-up ${warmup}`);
    }
  });
});

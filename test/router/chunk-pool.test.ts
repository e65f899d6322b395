import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseConfig } from '../../src/config/load.js';
import { BUF_NET } from '../../src/engine/network.js';
import { EngineState } from '../../src/engine/state.js';
import { SwitchView } from '../../src/engine/view.js';
import { ChunkPool } from '../../src/router/chunk-pool.js';
import { runSimulation } from '../../src/sim/run.js';
import { makeNet } from '../engine/harness.js';

/** A network buffer of switch `r`'s inputs holding a packet of L flits with `k` readers. */
function setup(L: number, k: number) {
  const net = makeNet('fattree:16', { bufferDepth: 64 });
  const s = new EngineState(net, {});
  let b = 0;
  while (net.bufKind[b] !== BUF_NET) b++;
  s.owner[b] = 0;
  s.bufLen[b] = L;
  s.brN[b] = k;
  return { net, s, v: new SwitchView(s), b, r: net.bufRouter[b]! };
}

describe('central-buffer chunk accounting (002 sec. 4.2, docs/algorithms/central-buffer.md)', () => {
  it('a 3-chunk multicast to 2 ports takes 4 chunks; reads free the header copies, then shared chunks', () => {
    const { s, v, b, r, net } = setup(24, 2);
    const pool = new ChunkPool(net, v, 16, 8);
    s.recv[b] = 8;
    pool.admit(b, 2);
    assert.equal(pool.free(r), 12, 'ceil(24/8) + 2 - 1 = 4 chunks reserved');
    assert.equal(pool.check(), undefined);
    // Its ports are granted their outputs (the model tells the pool): from then on they free chunks.
    pool.granted(b);
    s.recv[b] = 24;
    s.brSent[s.slot(b, 0)] = 24; // output 1 read all three chunks
    s.brSent[s.slot(b, 1)] = 16; // output 2 read two
    pool.update();
    // Freed: both header copies and the second chunk; the third still has one reader to go.
    assert.equal(pool.free(r), 15);
    assert.match(pool.describe(b), /4 chunk\(s\) reserved, 4 written, 3 freed/);
    assert.equal(pool.check(), undefined);
    s.brSent[s.slot(b, 1)] = 24;
    pool.release(b);
    assert.equal(pool.free(r), 16);
    assert.equal(pool.check(), undefined);
  });

  it('a packet that can free nothing more before a grant is booked again from that grant', () => {
    // 3 chunks to 3 ports: 3 + 3 - 1 = 5 chunks. Port 0 is granted and sends everything: it frees
    // its header copy, but the shared chunks wait for ports 1 and 2, still in their queues.
    const { s, v, b, r, net } = setup(24, 3);
    const pool = new ChunkPool(net, v, 16, 8);
    s.recv[b] = 24;
    pool.admit(b, 3);
    const grant = (k: number, sent: number) => {
      s.brOut[s.slot(b, k)] = 0;
      pool.granted(b);
      s.brSent[s.slot(b, k)] = sent;
      pool.update();
    };
    grant(0, 24);
    assert.equal(pool.free(r), 12);
    // Port 1 is granted and sends its header chunk: its copy is freed.
    grant(1, 8);
    assert.equal(pool.free(r), 13);
    assert.equal(pool.check(), undefined);
    // Port 2 too, then ports 1 and 2 send the rest: every chunk is freed.
    grant(2, 24);
    s.brSent[s.slot(b, 1)] = 24;
    pool.update();
    assert.equal(pool.free(r), 16);
    assert.match(pool.describe(b), /5 chunk\(s\) reserved, 5 written, 5 freed/);
    assert.equal(pool.check(), undefined);
  });

  it('a unicast reserves ceil(L/8) chunks; a broken free count is reported', () => {
    const { s, v, b, r, net } = setup(64, 1);
    const pool = new ChunkPool(net, v, 19, 8);
    s.recv[b] = 8;
    pool.admit(b, 1);
    assert.equal(pool.free(r), 11, '19 - 8 = 11');
    s.brN[b] = 2; // a reader that was not there at admission
    assert.match(pool.check() ?? '', /readers/);
  });
});

describe('002 switches are deterministic', () => {
  it('the same config and seed give byte-identical results', () => {
    const cfg = () =>
      parseConfig({
        seed: 7,
        network: {
          topology: 'fattree:16',
          switching: 'central-buffer',
          vcs: 8,
          bufferDepth: 256,
          injectionChannels: 8,
          switchOptions: {},
        },
        timing: { routingDelay: 6, routingDelayModified: 6, startup: 1, startupSubsequent: 0 },
        workload: {
          type: 'mixed',
          algorithm: 'bitstring',
          multicastFraction: 0.5,
          destinations: { mean: 5, sd: 2, min: 2, max: 15 },
          load: 0.7,
          packetLength: 64,
          warmup: 500,
          measure: 3000,
        },
      });
    const a = JSON.stringify(runSimulation(cfg()).metrics);
    assert.equal(JSON.stringify(runSimulation(cfg()).metrics), a);
  });
});

import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { ibsimNetFile, portOrderFile, xFirstPort } from '../src/ib/ibsim.js';
import { importLfts, lftDiff } from '../src/ib/import.js';
import { xyLft } from '../src/ib/lft.js';
import { IbaMesh } from '../src/topology/ibmesh.js';
import { peerUnavailable } from '../test/peers/unavailable.js';

/**
 * mcsim's XY forwarding tables against a real subnet manager: Debian's OpenSM configures a fabric
 * that ibsim simulates (OpenSM talks to it through the umad2sim preload library of ibsim-utils),
 * built from mcsim's own topology as an ibsim net file; OpenSM's LFT dump is imported into mcsim and
 * compared entry for entry with the XY LFT of 003 sec. 3.3.1. Kept out of `npm test` (it installs
 * packages, needs root the first time); `npm run test:opensm` runs it, and .ci/run calls that.
 */
const PACKAGES = ['opensm', 'ibsim-utils', 'infiniband-diags'];

function has(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}

/** Installs the packages when missing; the reason they cannot be, or undefined. */
function install(): string | undefined {
  if (has('opensm') && has('ibsim')) return undefined;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { encoding: 'utf8', env });
  const r = spawnSync('apt-get', ['install', '-y', '-qq', ...PACKAGES], { encoding: 'utf8', env });
  if (r.status !== 0 || !has('opensm') || !has('ibsim'))
    return `${update.stderr ?? ''}${r.stderr ?? r.error?.message ?? ''}`
      .trim()
      .split('\n')
      .slice(-2)
      .join(' | ');
  return undefined;
}

/** The umad2sim preload library, from the package lists of ibsim-utils and its library package. */
function umad2sim(): string {
  for (const pkg of ['ibsim-utils', 'libumad2sim0']) {
    const r = spawnSync('dpkg', ['-L', pkg], { encoding: 'utf8' });
    const lib = (r.stdout ?? '').split('\n').find((l) => l.endsWith('/libumad2sim.so'));
    if (lib) return lib;
  }
  throw new Error('libumad2sim.so not found in ibsim-utils or libumad2sim0');
}

/** Starts ibsim on a net file and resolves once its fabric is up. */
function startIbsim(netFile: string, log: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const p = spawn('ibsim', ['-s', '-n', netFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`ibsim did not come up: ${out.slice(-300)}`)), 20_000);
    const onData = (b: Buffer) => {
      out += b.toString();
      if (out.includes('Network simulator ready')) {
        clearTimeout(timer);
        resolve(p);
      }
    };
    p.stdout.on('data', onData);
    p.stderr.on('data', onData);
    p.on('exit', (code) => {
      writeFileSync(log, out);
      clearTimeout(timer);
      reject(new Error(`ibsim exited with ${code}: ${out.slice(-300)}`));
    });
  });
}

/** Stops the ibsim this test started, by its pid, and waits until it is gone (one ibsim at a time: fixed socket). */
async function stop(p: ChildProcess): Promise<void> {
  if (p.exitCode !== null || p.pid === undefined) return;
  const gone = new Promise((r) => p.once('exit', r));
  process.kill(p.pid, 'SIGTERM');
  const timer = setTimeout(
    () => p.pid !== undefined && p.exitCode === null && process.kill(p.pid, 'SIGKILL'),
    5000,
  );
  await gone;
  clearTimeout(timer);
}

/** One OpenSM sweep (run once, `dor` routing) of the fabric in `net`; returns its opensm-lfts.dump. */
async function openSmLfts(dir: string, net: string, extra: string[]): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const netFile = join(dir, 'ibsim.net');
  writeFileSync(netFile, net);
  const sim = await startIbsim(netFile, join(dir, 'ibsim.log'));
  try {
    const env = { ...process.env, LD_PRELOAD: umad2sim(), OSM_CACHE_DIR: dir, OSM_TMP_DIR: dir };
    const args = ['-o', '-e', '-f', join(dir, 'osm.log'), '-D', '0x43', '--dump_files_dir', dir, '-s', '0'];
    const r = spawnSync('opensm', [...args, '-R', 'dor', ...extra], {
      encoding: 'utf8',
      env,
      timeout: 120_000,
    });
    assert.equal(r.status, 0, `opensm failed: ${r.stderr}${r.stdout}`);
    return readFileSync(join(dir, 'opensm-lfts.dump'), 'utf8');
  } finally {
    await stop(sim);
  }
}

describe('OpenSM on an ibsim fabric built from ibmesh:16x16', () => {
  let unavailable: string | undefined;
  const t = new IbaMesh(16, 16);
  const xy = xyLft(t);
  const root = mkdtempSync(join(tmpdir(), 'mcsim-opensm-'));
  before(() => {
    unavailable = install();
  });

  it('with the paper numbering (E1 N2 W3 S4) and a port order file (X ports first), dor equals XY entry for entry', async (c) => {
    if (unavailable) return peerUnavailable(c, 'OpenSM and ibsim', unavailable);
    const dir = join(root, 'paper-ordered');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'port-order'), portOrderFile(t));
    const dump = await openSmLfts(dir, ibsimNetFile(t), ['-O', join(dir, 'port-order')]);
    const got = importLfts(t, dump);
    const diff = lftDiff(t, xy, got.lft);
    c.diagnostic(`${diff.length} of ${t.numSwitches * (xy.width - 1)} entries differ`);
    assert.equal(diff.length, 0, JSON.stringify(diff.slice(0, 5)));
  });

  it('cabled X first (E1 W2 N3 S4), plain dor equals XY entry for entry', async (c) => {
    if (unavailable) return peerUnavailable(c, 'OpenSM and ibsim', unavailable);
    const dump = await openSmLfts(join(root, 'x-first'), ibsimNetFile(t, 'x-first'), []);
    const diff = lftDiff(t, xy, importLfts(t, dump, 'opensm-lfts.dump', xFirstPort).lft);
    c.diagnostic(`${diff.length} entries differ`);
    assert.equal(diff.length, 0, JSON.stringify(diff.slice(0, 5)));
  });

  it('with the paper numbering and no order file, dor is not XY: it goes north before west', async (c) => {
    if (unavailable) return peerUnavailable(c, 'OpenSM and ibsim', unavailable);
    const dump = await openSmLfts(join(root, 'paper-plain'), ibsimNetFile(t), []);
    const diff = lftDiff(t, xy, importLfts(t, dump).lft);
    c.diagnostic(`${diff.length} of ${t.numSwitches * (xy.width - 1)} entries differ from XY`);
    // Destinations north-west of a switch at (x, y): x * (15 - y) of them, hosts and switches alike.
    let northWest = 0;
    for (let x = 0; x < 16; x++) for (let y = 0; y < 16; y++) northWest += 2 * x * (15 - y);
    assert.equal(diff.length, northWest);
    assert.equal(northWest, 28800);
    // Every difference is a destination to the north-west: XY says west (3), dor the lower port north (2).
    for (const d of diff) assert.deepEqual([d.a, d.b], [3, 2]);
  });
});

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseConfig } from '../../src/config/load.js';
import { runSimulation } from '../../src/sim/run.js';
import { tempDir } from '../temp-dir.js';

// The installed command runs the bundled build (dist/bundle/, scripts/build-cli.ts), not the
// sources the other tests import: these tests run it as a user would, after npm ci has built it.
const BIN = new URL('../../bin/mcsim.js', import.meta.url).pathname;
const BUILT = new URL('../../dist/bundle/main.js', import.meta.url).pathname;

function mcsim(...args: string[]) {
  return spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });
}

describe('the bundled command (bin/mcsim.js)', () => {
  it('is built', () => {
    assert.ok(existsSync(BUILT), 'dist/bundle/main.js is missing: npm ci (or npm run build) builds it');
  });

  it('run gives the same metrics as the library', () => {
    const r = mcsim('run', '--json', '--set', 'workload.measure=400', '--set', 'network.topology=mesh:6x6');
    assert.equal(r.status, 0, r.stderr);
    const fromCli = JSON.parse(r.stdout) as { metrics: unknown };
    const lib = runSimulation(
      parseConfig({ network: { topology: 'mesh:6x6' }, workload: { type: 'uniform', measure: 400 } }),
    );
    assert.deepEqual(fromCli.metrics, JSON.parse(JSON.stringify(lib.metrics)));
  });

  it('run starts from run.cjs compiled from its code cache, and without the cache where V8 refuses it', () => {
    const root = new URL('../..', import.meta.url).pathname;
    const accepted = spawnSync(
      process.execPath,
      ['-e', "process.stdout.write(String(require('./dist/bundle/run-loader.cjs').codeCacheAccepted()))"],
      { encoding: 'utf8', cwd: root },
    );
    assert.equal(accepted.stdout, 'true', accepted.stderr);
    // Another V8 flag: the cache is refused and the script compiled from source, same results.
    const args = ['run', '--json', '--set', 'workload.measure=200', '--set', 'network.topology=mesh:4x4'];
    const plain = mcsim(...args);
    const flagged = spawnSync(process.execPath, ['--expose-gc', BIN, ...args], { encoding: 'utf8' });
    assert.equal(plain.status, 0, plain.stderr);
    assert.equal(flagged.status, 0, flagged.stderr);
    assert.deepEqual(JSON.parse(flagged.stdout), JSON.parse(plain.stdout));
  });

  it('run loads the YAML parser (yaml.cjs, its own code cache) only when it has YAML to read', () => {
    const root = new URL('../..', import.meta.url).pathname;
    const dir = tempDir('mcsim-yaml-');
    const config = join(dir, 'c.yaml');
    writeFileSync(
      config,
      'network:\n  topology: mesh:6x6  # YAML, with a comment\nworkload:\n  measure: 400\n',
    );
    // main() from run.cjs as bin/mcsim.js runs it, then the scripts this process loaded.
    const run = (...argv: string[]) =>
      spawnSync(
        process.execPath,
        [
          '-e',
          `const l = require('./dist/bundle/run-loader.cjs');
           l.loadRunBundle().main(${JSON.stringify(argv)}).then((code) => {
             process.stderr.write(JSON.stringify({ code, loaded: l.scriptsLoaded(), yamlCache: l.codeCacheAccepted('yaml.cjs') }));
           });`,
        ],
        { encoding: 'utf8', cwd: root },
      );
    const outcome = (r: ReturnType<typeof run>) =>
      JSON.parse(r.stderr) as { code: number; loaded: string[]; yamlCache: boolean };
    const plain = run('run', '--json', '--set', 'workload.measure=400', '--set', 'workload.load=0.02');
    assert.deepEqual(outcome(plain), { code: 0, loaded: ['run.cjs'], yamlCache: true });
    const fromFile = run('run', '--json', config);
    assert.deepEqual(outcome(fromFile), { code: 0, loaded: ['run.cjs', 'yaml.cjs'], yamlCache: true });
    const lib = runSimulation(
      parseConfig({ network: { topology: 'mesh:6x6' }, workload: { type: 'uniform', measure: 400 } }),
    );
    assert.deepEqual(
      (JSON.parse(fromFile.stdout) as { metrics: unknown }).metrics,
      JSON.parse(JSON.stringify(lib.metrics)),
    );
    // A value the fast path leaves to the parser loads it.
    const setYaml = run(
      'run',
      '--json',
      '--set',
      'network.topology=mesh:6x6',
      '--set',
      'workload.measure=400',
    );
    assert.deepEqual(outcome(setYaml).loaded, ['run.cjs', 'yaml.cjs']);
    assert.deepEqual(JSON.parse(setYaml.stdout).metrics, JSON.parse(fromFile.stdout).metrics);
  });

  it('does not name functions as they are created (esbuild keepNames: a call per closure, twice the time of a planner)', () => {
    const dir = new URL('../../dist/bundle/', import.meta.url).pathname;
    const files = readdirSync(dir).filter((f) => f.endsWith('.js') || f.endsWith('.cjs'));
    assert.ok(files.includes('run.cjs') && files.includes('worker.js'), files.join(' '));
    for (const f of files) assert.doesNotMatch(readFileSync(join(dir, f), 'utf8'), /\b__name\(/, f);
  });

  it('bad input: one line, exit 2, no stack trace', () => {
    const r = mcsim('run', '--set', 'network.topology=mesh:0x3');
    assert.equal(r.status, 2);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, /^mcsim: /);
  });

  it('a sweep with two worker processes and the viewer page work from the bundle', () => {
    const dir = tempDir('mcsim-bundle-');
    const s = mcsim('sweep', 'experiments/ccc-fig9.yaml', '--quick', '--workers', '2', '--out', dir);
    assert.equal(s.status, 0, s.stderr);
    assert.ok(readFileSync(join(dir, 'ccc-fig9-quick.jsonl'), 'utf8').trim().split('\n').length > 1);
    assert.ok(existsSync(join(dir, 'ccc-fig9-quick-1.png')), 'the plot (resvg, external to the bundle)');
    const html = join(dir, 'v.html');
    const v = mcsim(
      'view',
      '--out',
      html,
      '--set',
      'workload.measure=100',
      '--set',
      'network.topology=mesh:4x4',
    );
    assert.equal(v.status, 0, v.stderr);
    assert.match(readFileSync(html, 'utf8'), /<script>/);
  });

  it('the playground page comes from the build: the page with its worker inline', () => {
    const out = join(tempDir('mcsim-bundle-'), 'p.html');
    const r = mcsim('playground', '--out', out, '--topology', 'torus:8x8');
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^wrote .*p\.html: open file:\/\/.*#topology=torus%3A8x8 in a browser/);
    const page = readFileSync(out, 'utf8');
    assert.equal(
      page,
      readFileSync(new URL('../../dist/playground/playground.html', import.meta.url), 'utf8'),
    );
    assert.match(page, /<script id="mcsim-worker" type="text\/plain">/);
  });
});

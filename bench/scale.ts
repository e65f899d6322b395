import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { startupEnv } from './compare-startup.js';

/**
 * Scale (issue 34, target 4): the engine's cost per flit-hop as the mesh grows, at the same
 * relative load. Meshes of K x K at a quarter of their saturation load (which falls as 1/K under
 * uniform traffic: 0.03 at 32x32), 8-flit buffers, XY over 2 VCs, 20-flit packets, 1,000 warm-up
 * and 5,000 measured cycles, each run a whole `mcsim run` process of the checkout given (default:
 * this one). Prints per mesh the flit-hops, the process's CPU and wall seconds and the flit-hops
 * per CPU second (CPU, not wall: steadier on a shared machine).
 *
 *   node --import tsx bench/scale.ts [--sizes 32,64,128,256] [--dir CHECKOUT]
 */
const LOAD_32 = 0.03;

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1]! : fallback;
}

/** The `mcsim run` arguments of the K x K point. */
export function scaleRun(k: number): string[] {
  const load = Number(((LOAD_32 * 32) / k).toPrecision(3));
  const set = {
    'network.topology': `mesh:${k}x${k}`,
    'network.routing': 'xy',
    'network.vcs': 2,
    'network.bufferDepth': 8,
    'workload.type': 'uniform',
    'workload.packetLength': 20,
    'workload.warmup': 1000,
    'workload.measure': 5000,
    'workload.load': load,
  };
  return ['run', ...Object.entries(set).flatMap(([key, v]) => ['--set', `${key}=${v}`]), '--json'];
}

// The child reports its own CPU time on exit (Node gives a parent no child's resource usage).
const CPU_AT_EXIT =
  'data:text/javascript,process.on("exit",()=>{const u=process.cpuUsage();process.stderr.write("cpu-us "+(u.user+u.system)+"\\n")})';

function main(): void {
  const dir = arg('--dir', process.cwd());
  const sizes = arg('--sizes', '32,64,128').split(',').map(Number);
  console.log('mesh      load     flit-hops   cpu s   wall s   M flit-hops/cpu s');
  for (const k of sizes) {
    const run = scaleRun(k);
    const start = process.hrtime.bigint();
    const r = spawnSync(process.execPath, ['--import', CPU_AT_EXIT, join(dir, 'bin', 'mcsim.js'), ...run], {
      env: startupEnv(),
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    const wall = Number(process.hrtime.bigint() - start) / 1e9;
    if (r.status !== 0) throw new Error(`bench/scale: mesh ${k}x${k} failed: ${r.stderr}`);
    const hops = JSON.parse(r.stdout).metrics.flitHops as number;
    const cpu = Number(/cpu-us (\d+)/.exec(r.stderr)?.[1]) / 1e6;
    const load = run[run.indexOf('--json') - 1]!.split('=')[1]!;
    console.log(
      `${`${k}x${k}`.padEnd(9)} ${load.padEnd(8)} ${String(hops).padStart(10)} ${cpu.toFixed(2).padStart(7)} ${wall.toFixed(2).padStart(8)} ${(hops / cpu / 1e6).toFixed(2).padStart(10)}`,
    );
  }
}

main();

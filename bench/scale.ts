import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { startupEnv } from './compare-startup.js';
import { median } from './median.js';

/**
 * Scale (issue 34, target 4): the engine's cost per flit-hop as the mesh grows, at the same
 * relative load. Meshes of K x K at a quarter of their saturation load (which falls as 1/K under
 * uniform traffic: 0.03 at 32x32), 8-flit buffers, XY over 2 VCs, 20-flit packets, 1,000 warm-up
 * and 5,000 measured cycles, each run a whole `mcsim run` process of the checkout given (default:
 * this one). The sizes run in turn, `--rounds` times: a large mesh's run waits on memory, whose
 * speed on a shared machine moves by half from one minute to the next while a small mesh's (in the
 * caches) does not, so the cost of each size against the first is taken within a round and the
 * median over rounds is printed, beside each size's median flit-hops, CPU and wall seconds and
 * flit-hops per CPU and wall second. `--packet L` runs the same flit load in L-flit packets: what
 * grows with the network is the cost per header-hop, not per flit-hop (docs/engine-time.md, "Scale"),
 * and comparing two packet lengths separates the two.
 *
 *   node --import tsx bench/scale.ts [--sizes 32,64,128,256] [--rounds 3] [--packet 20] [--dir CHECKOUT]
 */
const LOAD_32 = 0.03;

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1]! : fallback;
}

/** The K x K mesh's load: a quarter of its saturation load. */
function loadOf(k: number): number {
  return Number(((LOAD_32 * 32) / k).toPrecision(3));
}

/** The `mcsim run` arguments of the K x K point, in packets of `packet` flits. */
export function scaleRun(k: number, packet = 20): string[] {
  const set = {
    'network.topology': `mesh:${k}x${k}`,
    'network.routing': 'xy',
    'network.vcs': 2,
    'network.bufferDepth': 8,
    'workload.type': 'uniform',
    'workload.packetLength': packet,
    'workload.warmup': 1000,
    'workload.measure': 5000,
    'workload.load': loadOf(k),
  };
  return ['run', ...Object.entries(set).flatMap(([key, v]) => ['--set', `${key}=${v}`]), '--json'];
}

// The child reports its own CPU time on exit (Node gives a parent no child's resource usage).
const CPU_AT_EXIT =
  'data:text/javascript,process.on("exit",()=>{const u=process.cpuUsage();process.stderr.write("cpu-us "+(u.user+u.system)+"\\n")})';

interface ScaleRun {
  hops: number;
  cpu: number;
  wall: number;
}

/** One whole `mcsim run` process of the K x K point. */
function runOnce(dir: string, k: number, packet: number): ScaleRun {
  const start = process.hrtime.bigint();
  const r = spawnSync(
    process.execPath,
    ['--import', CPU_AT_EXIT, join(dir, 'bin', 'mcsim.js'), ...scaleRun(k, packet)],
    {
      env: startupEnv(),
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    },
  );
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  if (r.status !== 0) throw new Error(`bench/scale: mesh ${k}x${k} failed: ${r.stderr}`);
  const hops = JSON.parse(r.stdout).metrics.flitHops as number;
  const cpu = Number(/cpu-us (\d+)/.exec(r.stderr)?.[1]) / 1e6;
  return { hops, cpu, wall };
}

function main(): void {
  const dir = arg('--dir', process.cwd());
  const sizes = arg('--sizes', '32,64,128').split(',').map(Number);
  const rounds = Number(arg('--rounds', '3'));
  const packet = Number(arg('--packet', '20'));
  const runs = sizes.map(() => [] as ScaleRun[]);
  for (let round = 0; round < rounds; round++) {
    for (const [i, k] of sizes.entries()) runs[i]!.push(runOnce(dir, k, packet));
    process.stderr.write(`round ${round + 1} of ${rounds} done\n`);
  }
  const perWall = (r: ScaleRun) => r.hops / r.wall;
  console.log(
    `mesh      load     flit-hops   cpu s   wall s   M/cpu s   M/wall s   cost per flit-hop against ${sizes[0]}x${sizes[0]} (wall; median of ${rounds} rounds, range)`,
  );
  sizes.forEach((k, i) => {
    const rs = runs[i]!;
    const load = String(loadOf(k));
    const cost = rs.map((r, round) => perWall(runs[0]![round]!) / perWall(r));
    const hops = rs[0]!.hops;
    const cpu = median(rs.map((r) => r.cpu));
    const wall = median(rs.map((r) => r.wall));
    console.log(
      `${`${k}x${k}`.padEnd(9)} ${load.padEnd(8)} ${String(hops).padStart(10)} ${cpu.toFixed(2).padStart(7)} ${wall.toFixed(2).padStart(8)} ${(hops / cpu / 1e6).toFixed(2).padStart(9)} ${(hops / wall / 1e6).toFixed(2).padStart(10)}   ${median(cost).toFixed(2)} (${Math.min(...cost).toFixed(2)}-${Math.max(...cost).toFixed(2)})`,
    );
  });
}

main();

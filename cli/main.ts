import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError, Option } from 'commander';
import { algorithmsHelp } from '../src/multicast/help.js';
import { fitsText } from '../src/topology/fits.js';
import { McsimError } from '../src/util/errors.js';
import { VERSION } from '../src/version.js';

/**
 * The `mcsim` command line: a thin layer over the library. Each command's work lives in its own
 * module, loaded when the command runs. Bad input (McsimError, usage errors) prints one line and
 * exits 2; a run that deadlocks exits 3; a sweep with failed points exits 4; a run that ends with
 * measured messages unfinished exits 5; InfiniBand tables that fail `mcsim ib check` exit 6; an
 * internal error exits 1 with its stack.
 */
export async function main(argv: string[]): Promise<number> {
  const program = new Command('mcsim')
    .description('flit-level simulator of multicast in interconnection networks')
    .version(VERSION)
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
  let code = 0;
  const collect = (v: string, prev: string[]) => [...prev, v];

  program
    .command('run')
    .description('run one simulation of a config (built-in defaults without CONFIG)')
    .argument('[config]', 'YAML or JSON config file')
    .option('--set <path=value>', 'override a config field (repeatable)', collect, [])
    .option('--seed <n>', 'seed of the random streams', intArg('--seed'))
    .option('--json', 'print one JSON object { version, seed, config, metrics }')
    .option('--out <file>', 'write the result to a .json, .jsonl or .csv file')
    .option('--records <file>', 'write one JSON line per finished message')
    .option('--trace <file>', 'write a JSONL trace of every worm, channel by channel (docs/trace.md)')
    .option('--cycles <a:b>', 'with --trace: only the worms in flight between cycles a and b')
    .option(
      '--progress',
      'show progress on stderr (default: on a terminal, for runs estimated over a minute)',
    )
    .option('--no-progress', 'no progress, even for a long run on a terminal')
    .option(
      '--max-memory <MB>',
      "memory a run may take, in MB (default: half of this machine's); larger runs are refused before they start",
      intArg('--max-memory', 1),
    )
    .action(async (file, opts) => {
      code = await (await import('./run.js')).runCommand(file, opts);
    });

  program
    .command('view')
    .description(
      'run with tracing on and write a self-contained HTML page that animates the worms flit by flit',
    )
    .argument('[config]', 'YAML or JSON config file (or --plan for one multicast)')
    .requiredOption('--out <file>', 'HTML file to write, e.g. run.html')
    .option('--set <path=value>', 'override a config field (repeatable)', collect, [])
    .option('--seed <n>', 'seed of the random streams', intArg('--seed'))
    .option('--cycles <a:b>', 'show only cycles a to b')
    .option('--trace <file>', 'also write the trace as JSONL (docs/trace.md)')
    .option('--plan', 'one multicast of a scheme alone in the network, instead of a config')
    .option('--topology <spec>', 'with --plan: e.g. mesh:16x16')
    .option('--algorithm <name>', 'with --plan: multicast scheme (see mcsim plan --help)')
    .option('--source <node>', 'with --plan: source node id')
    .option('--dests <nodes>', 'with --plan: destination node ids separated by spaces')
    .option('--length <flits>', 'with --plan: message length in flits', intArg('--length', 1), 20)
    .option(
      '--max-memory <MB>',
      "memory a run may take, in MB (default: half of this machine's); larger runs are refused before they start",
      intArg('--max-memory', 1),
    )
    .action(async (file, opts) => {
      code = await (await import('./view.js')).viewCommand(file, opts);
    });

  program
    .command('playground')
    .description(
      'write the playground page: pick a network, two schemes and destinations, and watch both run in the browser',
    )
    .option('--out <file>', 'HTML file to write', 'results/playground.html')
    .option('--open', 'open it in the desktop browser')
    .option('--topology <spec>', 'network to start with, e.g. mesh:16x16')
    .option('--a <scheme>', 'first scheme, e.g. tpm')
    .option('--b <scheme>', 'second scheme, e.g. dual-path')
    .option('--source <node>', 'source node id')
    .option('--dests <nodes>', 'destination node ids separated by spaces')
    .action(async (opts) => {
      code = await (await import('./playground.js')).playgroundCommand(opts);
    });

  program
    .command('route')
    .description('the path a unicast takes')
    .requiredOption('--topology <spec>', 'e.g. mesh:16x16, torus:8x8, ccc:5')
    .option('--routing <name>', "routing function (default: the topology's)")
    .requiredOption('--from <node>', 'source node id')
    .requiredOption('--to <node>', 'destination node id')
    .option('--vcs <n>', 'virtual channels per channel', intArg('--vcs', 1))
    .option('--json', 'print JSON')
    .action(async (opts) => {
      (await import('./route.js')).routeCommand(opts);
    });

  program
    .command('plan')
    .description('the multicast plan of a scheme for one source and destination set, without simulating')
    .requiredOption('--topology <spec>', 'e.g. mesh:16x16')
    .requiredOption('--algorithm <name>', 'multicast scheme (listed below)')
    .requiredOption('--source <node>', 'source node id')
    .requiredOption('--dests <nodes>', 'destination node ids separated by spaces, e.g. "0,0 5,7"')
    .option('--length <flits>', 'message length in flits', intArg('--length', 1), 20)
    .option('--json', 'print the plan as JSON')
    .option('--check', 'check a unicast-based plan for contention (004 Theorem 1) and physical-link sharing')
    .option(
      '--max-memory <MB>',
      "memory a run may take, in MB (default: half of this machine's); larger runs are refused before they start",
      intArg('--max-memory', 1),
    )
    .addHelpText('after', () => algorithmsHelp())
    .action(async (opts) => {
      (await import('./plan.js')).planCommand(opts);
    });

  const ib = program
    .command('ib')
    .description('InfiniBand subnets of an ibmesh: LIDs, LFTs, MFTs, OpenSM dumps (003)');
  ib.command('tables')
    .description(
      'LIDs, the MFT by union of one (source, group) and the XY LFTs; --export writes OpenSM dumps',
    )
    .requiredOption('--topology <spec>', 'e.g. ibmesh:16x16')
    .requiredOption('--source <node>', 'source node, x,y')
    .requiredOption('--group <nodes>', 'members separated by spaces, e.g. "0,3 4,2", or "all"')
    .option('--json', "print JSON (every switch's LFT included)")
    .option('--export <dir>', 'write opensm-lfts.dump, opensm.mcfdbs, ibsim.net and port-order there')
    .action(async (opts) => {
      (await import('./ib.js')).ibTablesCommand(opts);
    });
  ib.command('check')
    .description(
      "check a fabric's dumped tables: LFT routes shortest and complete, each MLID's MFT one source's tree (exit 6 if not)",
    )
    .requiredOption('--topology <spec>', 'e.g. ibmesh:16x16')
    .requiredOption('--lfts <file>', 'opensm-lfts.dump of the fabric')
    .option('--mcfdbs <file>', 'opensm.mcfdbs of the fabric')
    .option(
      '--cabling <order>',
      'port numbers of the fabric: paper (E1 N2 W3 S4) or x-first (E1 W2 N3 S4)',
      'paper',
    )
    .option('--json', 'print JSON')
    .action(async (opts) => {
      code = (await import('./ib.js')).ibCheckCommand(opts);
    });
  ib.command('compare')
    .description("count the entries of a subnet manager's opensm-lfts.dump that differ from XY routing")
    .requiredOption('--topology <spec>', 'e.g. ibmesh:16x16')
    .requiredOption('--lfts <file>', 'opensm-lfts.dump of the fabric')
    .option(
      '--cabling <order>',
      'port numbers of the fabric: paper (E1 N2 W3 S4) or x-first (E1 W2 N3 S4)',
      'paper',
    )
    .option(
      '--route-table <file>',
      "write the dump's tables as an mcsim route table (network.routing: table)",
    )
    .option('--json', 'print JSON')
    .action(async (opts) => {
      (await import('./ib.js')).ibCompareCommand(opts);
    });

  program
    .command('sweep')
    .description(
      'run the points of an experiment file in parallel, appending each to a JSONL file (resumable)',
    )
    .argument('<experiment>', 'experiment YAML file, e.g. experiments/tpm-fig10.yaml')
    .option('--workers <n>', 'worker processes (default: one per core)', intArg('--workers', 1))
    .option('--out <dir>', 'directory for results', 'results')
    .option('--quick', 'the scaled-down variant of the experiment')
    .option(
      '--slurm',
      'write a Slurm job-array script (one task per shard of points) and print the sbatch command',
    )
    .option('--shards <n>', 'array tasks for --slurm (default 8)', intArg('--shards', 1))
    .option('--shard <k/n>', 'run only the points with index k mod n (what each array task does)')
    .option(
      '--max-memory <MB>',
      "memory a run may take, in MB (default: half of this machine's); larger runs are refused before they start",
      intArg('--max-memory', 1),
    )
    .action(async (file, opts) => {
      code = await (await import('./sweep.js')).sweepCommand(file, opts);
    });

  program
    .command('collect')
    .description('merge the JSONL shards of a Slurm sweep into one results file')
    .argument('<dir>', 'directory holding the shards')
    .requiredOption('--out <file>', 'merged results file (.jsonl); a .csv is written beside it')
    .action(async (dir, opts) => {
      const { collectShards } = await import('../src/sweep/slurm.js');
      const records = collectShards(dir, opts.out);
      console.log(`merged ${records.length} point(s) into ${opts.out}`);
    });

  program
    .command('plot')
    .description(
      "charts (SVG and PNG) of a sweep's results: the experiment's own figures, or --x/--y for a custom one",
    )
    .argument('<results>', 'JSONL results of mcsim sweep or reproduce, e.g. results/tpm-fig10-quick.jsonl')
    .option('--x <path>', 'x column of a custom chart, e.g. workload.destinations')
    .option('--y <paths>', 'y column(s) of a custom chart, comma-separated, e.g. metrics.latency.mean')
    .option(
      '--experiment <file>',
      'experiment file the results belong to, when it is not one of experiments/ (for the figures it defines)',
    )
    .option('--series <path>', 'column whose values make the lines, e.g. workload.algorithm')
    .option('--out <prefix>', 'output file prefix (default: the results file without .jsonl)')
    .option('--xlabel <text>', 'x axis label')
    .option('--ylabel <text>', 'y axis label')
    .option('--title <text>', 'chart title')
    .option('--logx', 'logarithmic x axis')
    .option('--logy', 'logarithmic y axis')
    .action(async (file, opts) => {
      (await import('./plot.js')).plotCommand(file, opts);
    });

  program
    .command('reproduce')
    .description(
      'reproduce figures of the papers: data, plots and a Markdown summary with the claims checked; several figures run as one pool of points, the costliest first',
    )
    .argument('[ids...]', 'figure id(s) (see --list)')
    .option('--list', 'list the figures that can be reproduced')
    .option('--all', 'every figure, as one pool of points')
    .option('--quick', 'scaled-down version (seconds), same shape')
    .option('--workers <n>', 'worker processes (default: one per core)', intArg('--workers', 1))
    .option('--out <dir>', 'directory for results', 'results')
    .option(
      '--max-memory <MB>',
      "memory a run may take, in MB (default: half of this machine's); larger runs are refused before they start",
      intArg('--max-memory', 1),
    )
    .action(async (ids, opts) => {
      code = await (await import('./reproduce.js')).reproduceCommand(ids, opts);
    });

  program
    .command('schema')
    .description("print the config's JSON Schema")
    .action(async () => {
      process.stdout.write(
        `${JSON.stringify((await import('../src/config/jsonschema.js')).configJsonSchema(), null, 2)}\n`,
      );
    });

  program
    .command('topologies')
    .description('list the topologies and their spec syntax')
    .action(async () => {
      const { TOPOLOGIES } = await import('../src/topology/registry.js');
      const name = Math.max(...TOPOLOGIES.map((t) => t.name.length)) + 1;
      const example = Math.max(...TOPOLOGIES.map((t) => t.example.length)) + 1;
      for (const t of TOPOLOGIES)
        console.log(`${t.name.padEnd(name)} ${t.example.padEnd(example)} ${t.description}`);
    });

  program
    .command('routings')
    .description('list the routing functions and the topologies each fits')
    .action(async () => {
      const { ROUTINGS } = await import('../src/routing/registry.js');
      // The longest name sets the column, so the rows stay aligned whatever is registered.
      const width = Math.max(...ROUTINGS.map((r) => r.name.length)) + 1;
      for (const r of ROUTINGS)
        console.log(`${r.name.padEnd(width)} fits ${fitsText(r.topologies).padEnd(24)} ${r.description}`);
    });

  program
    .command('demo')
    .description('uniform unicast on an 8x8 mesh at six loads, to saturation (npm run demo)')
    .option('--out <dir>', 'directory for results', 'results')
    .action(async (opts) => {
      await (await import('./demo.js')).demoCommand(opts.out);
    });

  program
    .command('bench')
    .description(
      'engine speed (cycles and flit-hops per second) on a 16x16 mesh and on a 64x64 mesh, CCC, torus, fat tree and the switch models, each switch model against the direct engine on its network',
    )
    .option(
      '--compare <rev>',
      'run git revision <rev> and this code side by side, in fresh processes, and print ratios',
    )
    .option('--reps <n>', 'runs of each point per side with --compare', intArg('--reps', 1), 3)
    .option(
      '--paired',
      'with --compare: both revisions in one process per point, timed in turn (steadier on a shared machine)',
    )
    .option('--points <ids>', 'comma-separated bench point ids (default: all)')
    .action(async (opts: { compare?: string; reps: number; points?: string; paired?: boolean }) => {
      const { BENCH_POINTS } = await import('../bench/points.js');
      let points = BENCH_POINTS;
      if (opts.points !== undefined) {
        const ids = opts.points.split(',').map((x) => x.trim());
        const unknown = ids.filter((id) => !BENCH_POINTS.some((p) => p.id === id));
        if (unknown.length > 0)
          throw new McsimError(
            `unknown bench point ${unknown.join(', ')} (known: ${BENCH_POINTS.map((p) => p.id).join(', ')})`,
            '--points',
          );
        points = BENCH_POINTS.filter((p) => ids.includes(p.id));
      }
      if (opts.paired === true && opts.compare === undefined)
        throw new McsimError('pairs two revisions: give the other one with --compare REF', '--paired');
      if (opts.compare !== undefined)
        (await import('../bench/compare.js')).compareBench(
          opts.compare,
          opts.reps,
          points,
          opts.paired === true,
        );
      else (await import('../bench/bench.js')).runBench(points);
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
    return code;
  } catch (e) {
    return reportError(e);
  }
}

/** A whole-number option; `min` 1 for counts that mean nothing at 0 (workers, shards, VCs, length). */
function intArg(name: string, min = 0) {
  return (v: string): number => {
    if (!/^\d+$/.test(v) || !Number.isSafeInteger(Number(v)) || Number(v) < min)
      throw new McsimError(`expected a whole number${min > 0 ? ` >= ${min}` : ''}, got "${v}"`, name);
    return Number(v);
  };
}

/** One line for the user's mistakes (exit 2), the stack for ours (exit 1). */
export function reportError(e: unknown): number {
  if (e instanceof CommanderError) {
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help')
      return 0;
    return 2;
  }
  if (e instanceof McsimError) {
    process.stderr.write(`mcsim: ${cutLongValues(e.message.split('\n')[0]!)}\n`);
    return 2;
  }
  process.stderr.write(`mcsim: internal error: ${(e as Error)?.stack ?? String(e)}\n`);
  return 1;
}

/**
 * A message quoting what the user gave stays one readable line: a value of thousands of characters
 * (a pasted topology, a string in a YAML file) is cut to its start and its length.
 */
export function cutLongValues(line: string): string {
  // A run of 201 or more characters without a space; a separator that ends it stays.
  return line.replace(/(\S{201,}?)([:;,.]?)(?=\s|$)/g, (_, v: string, end: string) => {
    return `${v.slice(0, 80)}... (${v.length.toLocaleString('en-US')} characters)${end}`;
  });
}

export { Option };

function isEntry(): boolean {
  try {
    return realpathSync(process.argv[1] ?? '') === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntry()) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e) => {
      process.exitCode = reportError(e);
    },
  );
}

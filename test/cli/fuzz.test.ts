import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { stringify as toYaml } from 'yaml';
import { tempDir } from '../temp-dir.js';
import { mcsimInProcess, type Outcome } from './in-process.js';

/**
 * Malformed input, generated: configs, --set assignments, experiment files and results files.
 * Every case must end with exit 2 and one line on stderr that names the problem: never a stack
 * trace, never an internal error, never a changed results file. The CLI runs in this process
 * (its entry function); a few cases at the end run as real processes.
 */
const RUNS = 150;
const MAIN = new URL('../../cli/main.ts', import.meta.url).pathname;
const dir = tempDir('mcsim-fuzz-');
let cases = 0;
after(() => rmSync(dir, { recursive: true, force: true }));

function oneLineRefusal(r: Outcome, what: string): void {
  cases++;
  assert.equal(r.code, 2, `${what}: exit ${r.code}\n${r.err}`);
  const lines = r.err.trimEnd().split('\n');
  assert.equal(lines.length, 1, `${what}: ${lines.length} lines on stderr:\n${r.err}`);
  assert.match(lines[0]!, /^(mcsim: |error: )\S/, what);
  assert.ok(!/internal error|\n\s+at /.test(r.err), `${what}: ${r.err}`);
  assert.doesNotMatch(r.err, /needs about/, `${what}: refused for its size, so the fault went unnoticed`);
}

// ---------------------------------------------------------------- configs

const TOPOLOGIES = ['mesh:4x4', 'torus:4x4', 'mesh:3x3x3', 'ccc:3'];
const FORBIDDEN = fc.constantFrom('__proto__', 'constructor', 'prototype');
/** Identifiers that are no config field at any level. */
const unknownKey = fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,8}$/).map((k) => `zz${k}`);
const junkString = fc.string({ maxLength: 12 }).map((s) => `x${s.replace(/[\n\r]/g, '')}`);

const validConfig = fc.record({
  seed: fc.integer({ min: 0, max: 9 }),
  network: fc.record({
    topology: fc.constantFrom(...TOPOLOGIES),
    bufferDepth: fc.integer({ min: 1, max: 4 }),
  }),
  timing: fc.record({ startup: fc.integer({ min: 0, max: 40 }) }),
  workload: fc.record({
    type: fc.constant('uniform'),
    load: fc.constantFrom(0.01, 0.02),
    warmup: fc.constant(10),
    measure: fc.constant(100),
  }),
});

/** Fields with a fixed type, and values of a type each does not accept. */
const TYPED: Array<[string[], fc.Arbitrary<unknown>]> = [
  [['seed'], fc.oneof(junkString, fc.integer({ max: -1 }), fc.double({ min: 0.1, max: 0.9 }), fc.boolean())],
  [
    ['network', 'topology'],
    fc.oneof(
      fc.integer(),
      fc.boolean(),
      fc.constant([1]),
      junkString.map((s) => `nosuch${s}`),
    ),
  ],
  [['network', 'bufferDepth'], fc.oneof(junkString, fc.integer({ max: 0 }), fc.constant({ a: 1 }))],
  [['network', 'vcs'], fc.oneof(junkString, fc.integer({ max: 0 }), fc.boolean(), fc.constant([2]))],
  [['network', 'switching'], fc.oneof(junkString, fc.integer())],
  [['network', 'injectionChannels'], fc.oneof(junkString, fc.integer({ max: 0 }), fc.boolean())],
  [['timing', 'startup'], fc.oneof(junkString, fc.integer({ max: -1 }), fc.double({ min: 0.1, max: 0.9 }))],
  [['timing', 'deadlockCycles'], fc.oneof(junkString, fc.integer({ max: 0 }))],
  [['workload', 'load'], fc.oneof(junkString, fc.double({ max: 0, noNaN: true }), fc.constant(null))],
  [['workload', 'type'], junkString],
  [['workload', 'measure'], fc.oneof(junkString, fc.integer({ max: 0 }))],
];

type Obj = Record<string, unknown>;
const at = (o: Obj, path: readonly string[]): Obj => path.reduce((c, k) => c[k] as Obj, o);

/** One fault put into a valid config, as YAML text. */
const badConfigText = fc.oneof(
  fc
    .tuple(validConfig, fc.constantFrom([], ['network'], ['timing'], ['workload']), unknownKey)
    .map(([c, p, k]) => {
      at(c, p)[k] = 1;
      return toYaml(c);
    }),
  fc.tuple(validConfig, fc.constantFrom(...TYPED.map((_, i) => i))).chain(([c, i]) =>
    TYPED[i]![1].map((v) => {
      const path = TYPED[i]![0];
      at(c, path.slice(0, -1))[path.at(-1)!] = v;
      return toYaml(c);
    }),
  ),
  fc.tuple(validConfig, fc.constantFrom([], ['network'], ['workload']), FORBIDDEN).map(([c, p, k]) => {
    const text = toYaml(c);
    const indent = '  '.repeat(p.length);
    return p.length === 0
      ? `${text}${k}: { x: 1 }\n`
      : text.replace(`${p.at(-1)}:\n`, `${p.at(-1)}:\n${indent}${k}: 1\n`);
  }),
  fc
    .tuple(validConfig, fc.string({ maxLength: 20 }))
    .map(([c, s]) => `${toYaml(c)}zz: { ${s.replace(/[}\n\r]/g, '')}`),
  fc.oneof(
    fc.constant('- 1\n- 2\n'),
    fc.integer().map(String),
    junkString.map((s) => JSON.stringify(s)),
  ),
);

// ---------------------------------------------------------------- --set

const badSet = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('', 'network.', 'workload.', 'timing.'),
      FORBIDDEN,
      fc.constantFrom('', '.x'),
      fc.integer(),
    )
    .map(([pre, k, post, v]) => `${pre}${k}${post}=${v}`),
  fc
    .tuple(fc.constantFrom('', 'network.', 'timing.'), unknownKey, fc.integer())
    .map(([p, k, v]) => `${p}${k}=${v}`),
  fc
    .tuple(
      fc.constantFrom('network.', 'workload.', ''),
      fc.stringMatching(/^[a-z]{0,3}[- [\]*!@]{1,2}[a-z]{0,3}$/),
    )
    .map(([p, k]) => `${p}${k}=1`),
  fc
    .constantFrom(...TYPED.map((_, i) => i))
    .chain((i) =>
      junkString.map((s) => `${TYPED[i]![0].join('.')}=${s.replace(/^x(true|false|null|~)?/i, 'x')}`),
    ),
  fc
    .tuple(
      fc.constantFrom('network.vcs', 'seed', 'workload.load'),
      fc.constantFrom('[1,', '{a', '"x', '{ x: 1', ': :'),
    )
    .map(([p, v]) => `${p}=${v}`),
  junkString.map((s) => s.replace(/=/g, '')),
);

// ---------------------------------------------------------------- experiments

const validExperiment = () => ({
  id: 'fz',
  title: 'fuzz',
  base: {
    network: { topology: 'mesh:4x4' },
    workload: { type: 'uniform', warmup: 10, measure: 100, drain: 100 },
  },
  axes: [{ path: 'workload.load', values: [0.01, 0.02] }],
  seeds: [1],
});

const badExperimentText = fc.oneof(
  unknownKey.map((k) => toYaml({ ...validExperiment(), [k]: 1 })),
  fc.stringMatching(/^[A-Z _.]{1,6}$/).map((id) => toYaml({ ...validExperiment(), id })),
  fc.constant(toYaml({ ...validExperiment(), title: undefined })),
  fc
    .oneof(junkString, fc.integer(), fc.constant({ a: 1 }))
    .map((axes) => toYaml({ ...validExperiment(), axes })),
  fc.constant(toYaml({ ...validExperiment(), axes: [{ path: 'workload.load', values: [] }] })),
  fc
    .tuple(FORBIDDEN, fc.constantFrom('', 'network.', 'workload.'))
    .map(([k, p]) => toYaml({ ...validExperiment(), axes: [{ path: `${p}${k}`, values: [1] }] })),
  fc.tuple(FORBIDDEN, fc.constantFrom('base', 'network')).map(([k, where]) => {
    const text = toYaml(validExperiment());
    return where === 'base'
      ? text.replace('base:\n', `base:\n  ${k}: { x: 1 }\n`)
      : text.replace('  network:\n', `  network:\n    ${k}: 1\n`);
  }),
  unknownKey.map((k) => toYaml({ ...validExperiment(), axes: [{ path: `network.${k}`, values: [1, 2] }] })),
  fc
    .constantFrom(...TYPED.map((_, i) => i).slice(1)) // every typed field but seed, which the seeds list sets
    .chain((i) =>
      TYPED[i]![1].map((v) =>
        toYaml({ ...validExperiment(), axes: [{ path: TYPED[i]![0].join('.'), values: [v] }] }),
      ),
    ),
  fc.integer({ max: -1 }).map((s) => toYaml({ ...validExperiment(), seeds: [s] })),
  fc
    .string({ maxLength: 10 })
    .map((s) => `${toYaml(validExperiment())}plot: { x: [${s.replace(/[\]\n\r]/g, '')}`),
  fc.constantFrom('- a\n- b\n', '42\n', 'just text\n'),
);

// ---------------------------------------------------------------- results files

const record = (i: number) =>
  JSON.stringify({
    experiment: 'fz',
    key: JSON.stringify({ params: { 'workload.load': [0.01, 0.02][i % 2] }, seed: 1 + Math.floor(i / 2) }),
    index: i,
    params: { 'workload.load': [0.01, 0.02][i % 2] },
    seed: 1,
    status: 'ok',
    metrics: { latency: { mean: 40 + i } },
    version: '0',
    seconds: 0,
  });

/** A line no reader may take: not JSON, or JSON that is not an object. */
const badLine = fc
  .oneof(
    fc.string({ minLength: 1, maxLength: 30 }),
    fc.constantFrom('null', '[]', '[1,2]', '42', '"text"', 'true', '{"key":', '{"experiment":"fz"'),
    fc.integer({ min: 1, max: 120 }).map((n) => record(0).slice(0, n)),
    fc.jsonValue().map((v) => JSON.stringify(v) ?? 'null'),
  )
  .map((l) => l.replace(/[\n\r]/g, ' '))
  .filter((l) => {
    if (l.trim() === '') return false;
    try {
      const v = JSON.parse(l);
      return v === null || typeof v !== 'object' || Array.isArray(v);
    } catch {
      return true;
    }
  });

/** A results file: good records with one bad line among them (never a cut last line). */
const damagedResults = fc
  .tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 }), badLine)
  .map(([before, afterN, bad]) => {
    const lines = [
      ...Array.from({ length: before }, (_, i) => record(i)),
      bad,
      ...Array.from({ length: afterN }, (_, i) => record(before + i)),
    ];
    return `${lines.join('\n')}\n`;
  });

/** A JSON object line that is not a sweep record (plot and collect refuse it; a sweep skips it). */
const notARecord = fc
  .tuple(
    fc.constantFrom('experiment', 'key', 'params', 'status'),
    fc.oneof(fc.integer(), fc.constant(null), fc.constant([])),
  )
  .map(([field, v]) => JSON.stringify({ ...JSON.parse(record(0)), [field]: v }));

let n = 0;
const fresh = () => {
  const d = join(dir, `c${n++}`);
  mkdirSync(d);
  return d;
};

describe('fuzz: malformed input ends with exit 2 and one line, never a stack trace', () => {
  it(`config files (${RUNS} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(badConfigText, async (text) => {
        const f = join(fresh(), 'c.yaml');
        writeFileSync(f, text);
        oneLineRefusal(await mcsimInProcess(['run', f]), text);
      }),
      { numRuns: RUNS, seed: 10 },
    );
  });

  it(`--set paths and values (${RUNS} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(badSet, fc.boolean(), async (assignment, withValid) => {
        const args = [
          'run',
          ...(withValid ? ['--set', 'network.topology=mesh:4x4'] : []),
          '--set',
          assignment,
        ];
        oneLineRefusal(await mcsimInProcess(args), assignment);
        assert.equal(({} as Record<string, unknown>).x, undefined, 'Object.prototype unchanged');
      }),
      { numRuns: RUNS, seed: 11 },
    );
  });

  it(`experiment files (${RUNS} cases), nothing written`, async () => {
    await fc.assert(
      fc.asyncProperty(badExperimentText, async (text) => {
        const d = fresh();
        writeFileSync(join(d, 'e.yaml'), text);
        oneLineRefusal(
          await mcsimInProcess(['sweep', join(d, 'e.yaml'), '--out', join(d, 'out'), '--workers', '1']),
          text,
        );
        assert.ok(
          !existsSync(join(d, 'out')) || readdirSync(join(d, 'out')).length === 0,
          'no results written',
        );
      }),
      { numRuns: RUNS, seed: 12 },
    );
  });

  it(`results files for plot, collect and a resumed sweep (${RUNS} cases each), byte for byte unchanged`, async () => {
    writeFileSync(join(dir, 'fz.yaml'), toYaml(validExperiment()));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          damagedResults,
          notARecord.map((l) => `${record(0)}\n${l}\n`),
        ),
        async (text) => {
          const d = fresh();
          const f = join(d, 'fz.jsonl');
          writeFileSync(f, text);
          oneLineRefusal(await mcsimInProcess(['plot', f]), text);
          oneLineRefusal(
            await mcsimInProcess(['plot', f, '--x', 'workload.load', '--y', 'metrics.latency.mean']),
            text,
          );
          oneLineRefusal(await mcsimInProcess(['collect', d, '--out', join(d, 'merged', 'm.jsonl')]), text);
          assert.equal(readFileSync(f, 'utf8'), text, 'unchanged by plot and collect');
          assert.ok(!existsSync(join(d, 'merged')), 'collect wrote nothing');
        },
      ),
      { numRuns: RUNS, seed: 13 },
    );
    await fc.assert(
      fc.asyncProperty(damagedResults, async (text) => {
        const d = fresh();
        const f = join(d, 'fz.jsonl');
        writeFileSync(f, text);
        oneLineRefusal(
          await mcsimInProcess(['sweep', join(dir, 'fz.yaml'), '--out', d, '--workers', '1']),
          text,
        );
        assert.equal(readFileSync(f, 'utf8'), text, 'unchanged by the sweep');
        assert.deepEqual(readdirSync(d), ['fz.jsonl'], 'no CSV, summary or plot written');
      }),
      { numRuns: RUNS, seed: 14 },
    );
  });

  it('as real processes: a few cases of each kind, same answer', (t) => {
    const spawnCases: string[][] = [];
    const d = fresh();
    const [cfg] = fc.sample(badConfigText, { numRuns: 1, seed: 20 });
    writeFileSync(join(d, 'c.yaml'), cfg!);
    spawnCases.push(['run', join(d, 'c.yaml')]);
    spawnCases.push(['run', '--set', '__proto__.polluted=1']);
    const [res] = fc.sample(damagedResults, { numRuns: 1, seed: 21 });
    writeFileSync(join(d, 'fz.jsonl'), res!);
    spawnCases.push(['plot', join(d, 'fz.jsonl')]);
    for (const args of spawnCases) {
      const r = spawnSync(process.execPath, ['--import', 'tsx', MAIN, ...args], { encoding: 'utf8' });
      oneLineRefusal({ code: r.status ?? -1, out: r.stdout, err: r.stderr }, args.join(' '));
    }
    assert.equal(readFileSync(join(d, 'fz.jsonl'), 'utf8'), res);
    t.diagnostic(`fuzz cases run: ${cases} (${spawnCases.length} as processes)`);
  });
});

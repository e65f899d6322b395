import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { mcsimInProcess, type Outcome } from '../cli/in-process.js';
import { tempDir } from '../temp-dir.js';
import { type Block, type Command, codeBlocks, parseShellLine } from './markdown.js';

/**
 * Every sh, yaml and ts example of README.md and docs/ runs, in document order, in a directory of its
 * own per Markdown file; the conventions are in docs/examples.md. The CLI runs in this process
 * (its entry function), which keeps the whole file to seconds.
 */
const ROOT = new URL('../../', import.meta.url).pathname;
const SCRIPTS: Record<string, string> = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts;

function markdownFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
    );
  return ['README.md', ...walk('docs').sort()];
}

/** What a documented command means here: mcsim arguments to run, or something only to check. */
type Plan = { run: string[] } | { checkMcsim: string[] } | { checkScript: string } | { skip: string };

function planOf(words: string[], where: string): Plan {
  const [a, b, ...rest] = words;
  if (a === 'npx' && b === 'mcsim') return { run: rest };
  if (a === 'mcsim') return { run: words.slice(1) };
  if (a === 'npm' && (b === 'start' || (b === 'run' && rest[0]))) {
    const name = b === 'start' ? 'start' : rest[0]!;
    const script = SCRIPTS[name];
    assert.ok(script, `${where}: package.json has no script "${name}"`);
    const m = /^node (?:--[\w-]+ )*bin\/mcsim\.js (.*)$/.exec(script);
    return m ? { run: parseShellLine(m[1]!, where)[0]!.words } : { checkScript: name };
  }
  if (a === 'npm' && b === 'test') return { checkScript: 'test' };
  if (a === 'npm' && b === 'ci') return { skip: 'installs' };
  throw new Error(`${where}: the docs test does not know how to run "${words.join(' ')}"`);
}

/** A command that is not run: its mcsim command and options must exist, or its npm script. */
async function check(plan: Plan, where: string): Promise<void> {
  if ('checkScript' in plan) {
    assert.ok(SCRIPTS[plan.checkScript], `${where}: no npm script "${plan.checkScript}"`);
    return;
  }
  const args = 'run' in plan ? plan.run : 'checkMcsim' in plan ? plan.checkMcsim : [];
  if (args.length === 0) return;
  const help = await mcsimInProcess([args[0]!, '--help']);
  assert.equal(help.code, 0, `${where}: "mcsim ${args[0]}" is not a command: ${help.err}`);
  for (const w of args.slice(1)) {
    const opt = /^(--[\w-]+)/.exec(w)?.[1];
    if (opt) assert.ok(help.out.includes(opt), `${where}: mcsim ${args[0]} has no option ${opt}`);
    else if (/\.(ya?ml|jsonl)$/.test(w)) assert.ok(existsSync(w), `${where}: no file ${w}`);
  }
}

async function runCommand(cmd: Command, where: string, expected: number, notRun: boolean): Promise<void> {
  const plan = planOf(cmd.words, where);
  if (notRun || !('run' in plan)) {
    await check(plan, where);
    return;
  }
  const r: Outcome = await mcsimInProcess(plan.run);
  const shown = `mcsim ${plan.run.join(' ')}`;
  assert.equal(r.code, expected, `${where}: "${shown}" exited with ${r.code}, not ${expected}: ${r.err}`);
  assert.ok(!r.err.includes('    at '), `${where}: "${shown}" printed a stack trace: ${r.err}`);
  if (cmd.stdoutTo) writeFileSync(cmd.stdoutTo, r.out);
}

/**
 * A TypeScript block runs as a module of its own under tsx, in the file's directory; its imports of
 * the package (`from 'mcsim'`) are this repository's build, dist/index.js.
 */
function runTypeScript(b: Block, index: number): void {
  const file = `example-${index}.mts`;
  const entry = pathToFileURL(join(ROOT, 'dist/index.js')).href;
  writeFileSync(file, b.text.replace(/from 'mcsim'/g, `from '${entry}'`));
  if (b.notRun) return;
  const r = spawnSync(process.execPath, ['--import', 'tsx', file], { encoding: 'utf8', timeout: 120_000 });
  assert.equal(
    r.status,
    b.exit ?? 0,
    `${b.where}: the TypeScript example exited with ${r.status}: ${r.stderr}`,
  );
}

async function runBlock(b: Block, index: number): Promise<void> {
  if (b.lang === 'ts') return runTypeScript(b, index);
  const expected = b.exit ?? 0;
  if (b.lang === 'sh' || b.lang === 'bash') {
    for (const [k, line] of b.text.split('\n').entries()) {
      const where = `${b.where} (+${k + 1})`;
      for (const cmd of parseShellLine(line, where)) await runCommand(cmd, where, expected, !!b.notRun);
    }
    return;
  }
  // YAML: a config runs with `mcsim run`, an experiment with `mcsim sweep --quick`.
  const file = `example-${index}.yaml`;
  writeFileSync(file, b.text);
  const isExperiment = (parseYaml(b.text) as { id?: unknown } | null)?.id !== undefined;
  const args = isExperiment ? ['sweep', file, '--quick'] : ['run', file];
  if (b.notRun) return check({ run: args }, b.where);
  await runCommand({ words: ['mcsim', ...args] }, b.where, expected, false);
}

for (const md of markdownFiles()) {
  const blocks = codeBlocks(join(ROOT, md), md).filter((b) =>
    ['sh', 'bash', 'yaml', 'yml', 'ts'].includes(b.lang),
  );
  if (blocks.length === 0) continue;
  describe(`examples of ${md}`, () => {
    const home = process.cwd();
    let dir = '';
    before(() => {
      dir = tempDir('mcsim-docs-');
      // The examples run from the repository's folder: its experiments/ and (for sweeps run from
      // the TypeScript sources, whose worker processes load tsx) its node_modules/.
      for (const d of ['experiments', 'node_modules']) symlinkSync(join(ROOT, d), join(dir, d));
      for (const b of blocks) if (b.file) writeFileSync(join(dir, b.file), b.text);
    });
    after(() => {
      process.chdir(home);
      rmSync(dir, { recursive: true, force: true });
    });
    blocks.forEach((b, i) => {
      if (b.file) return; // saved above; the commands that name it run it
      const first = b.text.split('\n').find((l) => l.trim() && !l.startsWith('#')) ?? '';
      it(`${b.where}${b.notRun ? ' (checked, not run)' : ''}: ${first.slice(0, 60)}`, async () => {
        process.chdir(dir);
        try {
          await runBlock(b, i);
        } finally {
          process.chdir(home);
        }
      });
    });
  });
}

describe('the docs example conventions', () => {
  it('refuse a shell feature the test cannot run, and read quotes, comments, && and >', () => {
    assert.throws(() => parseShellLine('mcsim run | head', 'x'), /runs no shell/);
    assert.deepEqual(parseShellLine(`npx mcsim plan --dests "0,0 5,7" # c`, 'x'), [
      { words: ['npx', 'mcsim', 'plan', '--dests', '0,0 5,7'] },
    ]);
    assert.deepEqual(parseShellLine('npm ci && npm start', 'x'), [
      { words: ['npm', 'ci'] },
      { words: ['npm', 'start'] },
    ]);
    assert.deepEqual(parseShellLine('mcsim schema > s.json', 'x'), [
      { words: ['mcsim', 'schema'], stdoutTo: 's.json' },
    ]);
  });

  it('a command the docs test cannot place is an error, not a silent pass', () => {
    assert.throws(() => planOf(['curl', 'x'], 'here'), /does not know how to run/);
    assert.throws(() => planOf(['npm', 'run', 'nope'], 'here'), /no script "nope"/);
  });

  it('every documented example block is found (README has the quick start and the CLI tour)', () => {
    const readme = codeBlocks(join(ROOT, 'README.md'), 'README.md');
    assert.ok(readme.some((b) => b.lang === 'sh' && b.text.includes('npm start')));
    assert.ok(readme.some((b) => b.notRun && b.text.includes('npm run reproduction')));
    assert.ok(relative(ROOT, join(ROOT, 'docs')) === 'docs');
  });
});

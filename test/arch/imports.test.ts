import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = new URL('../../', import.meta.url).pathname;
const SRC = join(ROOT, 'src/');
/** The trees outside the simulator that use it: the paper reproduction, the bench and the CLI. */
const USERS = ['reproduction', 'bench', 'cli'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Relative imports of a module (type-only ones too: they tie the modules' meaning together). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:import|export)\s[^'";]*?from\s+'(\.{1,2}\/[^']+)'/g))
    out.push(resolve(dirname(file), m[1]!.replace(/\.js$/, '.ts')));
  for (const m of text.matchAll(/import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g))
    out.push(resolve(dirname(file), m[1]!.replace(/\.js$/, '.ts')));
  return out;
}

/** The first import cycle found by depth-first search, as a list of files, or undefined. */
export function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const visit = (u: string): string[] | undefined => {
    state.set(u, 1);
    stack.push(u);
    for (const v of graph.get(u) ?? []) {
      if (state.get(v) === 1) return [...stack.slice(stack.indexOf(v)), v];
      if (!state.has(v)) {
        const c = visit(v);
        if (c) return c;
      }
    }
    stack.pop();
    state.set(u, 2);
    return undefined;
  };
  for (const u of [...graph.keys()].sort()) {
    if (state.has(u)) continue;
    const c = visit(u);
    if (c) return c;
  }
  return undefined;
}

/** The top folder under src/ of a file (src/engine/fast/x.ts -> engine), or the file itself at src/ level. */
function topFolder(file: string): string {
  return relative(SRC, file).split('/')[0]!;
}

/** The import graph of folders: one node per top folder, an edge where some file of one imports a file of the other. */
export function folderGraph(
  graph: Map<string, string[]>,
  folderOf: (file: string) => string,
): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const [from, tos] of graph) {
    const a = folderOf(from);
    if (!out.has(a)) out.set(a, new Set());
    for (const to of tos) {
      const b = folderOf(to);
      if (b !== a) out.get(a)!.add(b);
    }
  }
  return new Map([...out].map(([a, bs]) => [a, [...bs].sort()]));
}

/** The import graph of the given files, edges to files outside them left out. */
function graphOf(all: string[]): Map<string, string[]> {
  return new Map(all.map((f) => [f, importsOf(f).filter((t) => all.includes(t))]));
}

/** The import graph of the files of src/. */
function srcGraph(): Map<string, string[]> {
  return graphOf(files(SRC));
}

/** The import graph of src/ and the trees that use it. */
function wholeGraph(): Map<string, string[]> {
  return graphOf([SRC, ...USERS.map((d) => join(ROOT, d))].flatMap(files));
}

/** A file's folder in the whole graph: its top folder under src/, or the tree it belongs to (cli, bench, ...). */
function wholeFolder(file: string): string {
  return file.startsWith(SRC) ? `src/${topFolder(file)}` : relative(ROOT, file).split('/')[0]!;
}

describe('architecture', () => {
  it('src/ has no import cycle, so data flows one way (config -> network -> ... -> results -> plots)', () => {
    const graph = srcGraph();
    const cycle = findCycle(graph);
    assert.equal(cycle, undefined, `import cycle: ${cycle?.map((f) => relative(SRC, f)).join(' -> ')}`);
  });

  it('no folder of src/ imports another that imports it back, directly or around a longer loop', () => {
    const cycle = findCycle(folderGraph(srcGraph(), topFolder));
    assert.equal(cycle, undefined, `folder import cycle: ${cycle?.join(' -> ')}`);
  });

  it('nothing under src/ imports reproduction/, bench/, cli/ or any file outside src/: the simulator stands alone', () => {
    const outside = files(SRC).flatMap((f) =>
      importsOf(f)
        .filter((t) => !t.startsWith(SRC))
        .map((t) => `${relative(ROOT, f)} -> ${relative(ROOT, t)}`),
    );
    assert.deepEqual(outside, []);
  });

  it('src/ and the trees that use it (reproduction/, bench/, cli/) have no file or folder import cycle', () => {
    const graph = wholeGraph();
    const cycle = findCycle(graph);
    assert.equal(cycle, undefined, `import cycle: ${cycle?.map((f) => relative(ROOT, f)).join(' -> ')}`);
    const folders = findCycle(folderGraph(graph, wholeFolder));
    assert.equal(folders, undefined, `folder import cycle: ${folders?.join(' -> ')}`);
  });

  it('one planted import from src/ to reproduction/ makes a cycle of the whole graph that the check reports', () => {
    const graph = wholeGraph();
    graph.get(join(SRC, 'sweep/summary.ts'))!.push(join(ROOT, 'reproduction/claims/index.ts'));
    const cycle = findCycle(folderGraph(graph, wholeFolder));
    assert.ok(
      cycle?.includes('src/sweep') && cycle.includes('reproduction'),
      `found: ${cycle?.join(' -> ')}`,
    );
  });

  it('one planted import from util/ to sweep/ makes a folder cycle that the check reports', () => {
    const graph = srcGraph();
    const errors = join(SRC, 'util/errors.ts');
    graph.get(errors)!.push(join(SRC, 'sweep/sweep.ts'));
    const cycle = findCycle(folderGraph(graph, topFolder));
    assert.ok(cycle?.includes('util') && cycle.includes('sweep'), `found: ${cycle?.join(' -> ')}`);
  });

  it('the folder graph turns a cycle through files of two folders into a cycle of folders', () => {
    // a/x imports b/y, which imports a/z: no file cycle, but folder a and folder b import each other.
    const fileGraph = new Map([
      ['a/x', ['b/y']],
      ['b/y', ['a/z']],
      ['a/z', []],
      ['c/w', ['a/x']],
    ]);
    assert.equal(findCycle(fileGraph), undefined);
    const folders = folderGraph(fileGraph, (f) => f.split('/')[0]!);
    assert.deepEqual(
      [...folders],
      [
        ['a', ['b']],
        ['b', ['a']],
        ['c', ['a']],
      ],
    );
    assert.deepEqual(findCycle(folders), ['a', 'b', 'a']);
  });

  it('the cycle finder finds a planted cycle', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', []],
    ]);
    assert.deepEqual(findCycle(g), ['a', 'b', 'c', 'a']);
  });
});

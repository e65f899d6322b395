import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';

const SRC = new URL('../../src/', import.meta.url).pathname;

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

describe('architecture', () => {
  it('src/ has no import cycle, so data flows one way (config -> network -> ... -> results -> plots)', () => {
    const all = files(SRC);
    const graph = new Map(all.map((f) => [f, importsOf(f).filter((t) => all.includes(t))]));
    const cycle = findCycle(graph);
    assert.equal(cycle, undefined, `import cycle: ${cycle?.map((f) => relative(SRC, f)).join(' -> ')}`);
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

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

/** Relative imports of a module, as paths under src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from\s+|import\(\s*)'(\.{1,2}\/[^']+)'/g)].map((m) =>
    relative(SRC, resolve(dirname(file), m[1]!.replace(/\.js$/, '.ts'))),
  );
}

describe('the viewer and the simulator stay apart', () => {
  it('the page reads only the trace: src/viewer/app imports nothing of src/ but the trace format and its readers', () => {
    const allowed = new Set(['trace/format.ts', 'trace/occupancy.ts', 'trace/replay.ts', 'trace/packed.ts']);
    for (const f of files(join(SRC, 'viewer/app')))
      for (const i of importsOf(f))
        assert.ok(i.startsWith('viewer/app/') || allowed.has(i), `${relative(SRC, f)} imports ${i}`);
  });

  it('the simulator knows nothing about the viewer: only the CLI, the API facade (src/api) and the playground page import src/viewer', () => {
    for (const f of files(SRC)) {
      const rel = relative(SRC, f);
      if (rel.startsWith('viewer/') || rel.startsWith('cli/') || rel.startsWith('api/')) continue;
      // The playground's page draws with the viewer; its worker and simulation do not.
      if (rel.startsWith('playground/app/') || rel === 'playground/page.ts') continue;
      for (const i of importsOf(f)) assert.ok(!i.startsWith('viewer/'), `${rel} imports ${i}`);
    }
  });

  it('the engine knows nothing about the trace format: src/engine imports nothing of src/trace', () => {
    for (const f of files(join(SRC, 'engine')))
      for (const i of importsOf(f)) assert.ok(!i.startsWith('trace/'), `${relative(SRC, f)} imports ${i}`);
  });
});

describe('the playground runs the simulator, not a copy of it', () => {
  it("its page (src/playground/app) imports no simulator module, only the viewer's drawing, mcsim's seeded generator and its own", () => {
    for (const f of files(join(SRC, 'playground/app')))
      for (const i of importsOf(f))
        assert.ok(
          i.startsWith('playground/') ||
            i.startsWith('viewer/app/') ||
            i === 'trace/format.ts' ||
            i === 'util/rng.ts',
          `${relative(SRC, f)} imports ${i}`,
        );
  });
});

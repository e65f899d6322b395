import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

/**
 * The code and the docs cite only the papers (by number, section, figure) and the project's own
 * pages (docs/algorithms/*.md, docs/experiments/*.md). Study notes written while reading the papers
 * live outside the repository, so a reader cannot follow a citation of them: whatever the code
 * relies on is stated in docs/ in our words. This scan refuses such citations, and paths that point
 * outside the repository, in every file a reader of the project sees.
 */

const ROOT = new URL('../../', import.meta.url).pathname;
const SCANNED = [
  'README.md',
  'docs',
  'experiments',
  'schema',
  'scripts',
  'src',
  'test',
  'test-browser',
  'test-opensm',
  'test-slurm',
];
const TEXT = /\.(?:ts|js|mjs|cjs|md|ya?ml|json|py|sh|svg)$/;

// The planted citations below are built from pieces, so that this file passes its own scan.
const NOTES = 'notes';
const word = (...parts: string[]) => parts.join('');
const RULES: ReadonlyArray<[string, RegExp]> = [
  ['a section of the study notes', new RegExp(String.raw`\b${NOTES}'?\s+(?:sec\b|§)`, 'i')],
  ['the study notes by name', new RegExp(String.raw`\breading\s+${NOTES}\b`, 'i')],
  [
    'a numbered item of the study notes',
    new RegExp(String.raw`\b${NOTES}'?\s*:?\s+(?:[BCEPQTX]\d+|Appendix)\b`, 'i'),
  ],
  ["a paper's study notes", new RegExp(String.raw`\b00\d\s+${NOTES}\b`, 'i')],
  ['the study notes as a source', new RegExp(String.raw`\bthe\s+${NOTES}\b`, 'i')],
  ['a bare citation of the study notes', new RegExp(String.raw`\(${NOTES}\b`, 'i')],
  ['a path to the study notes or the paper texts', /\bshared\/(?:specs|seeds)\b|\bspecs\/00\d-/],
  ['a path outside the repository', /(?:^|[\s('"`])\/(?:work|home|tmp)\//],
];

/** The rules a text breaks, with the line and the words that break each. */
function outsideCitations(text: string): Array<{ line: number; rule: string; match: string }> {
  const out: Array<{ line: number; rule: string; match: string }> = [];
  text.split('\n').forEach((l, i) => {
    for (const [rule, re] of RULES) {
      const m = re.exec(l);
      if (m) out.push({ line: i + 1, rule, match: m[0] });
    }
  });
  return out;
}

/** The text files under `rel` (a file or a folder of the repository), relative to the root. */
function files(rel: string): string[] {
  const abs = join(ROOT, rel);
  if (!existsSync(abs)) return [];
  if (!statSync(abs).isDirectory()) return TEXT.test(rel) ? [rel] : [];
  return readdirSync(abs, { withFileTypes: true }).flatMap((e) =>
    e.name === 'node_modules' ? [] : files(join(rel, e.name)),
  );
}

describe('no citation of material outside the repository', () => {
  it('the scanner catches each kind of citation it is meant to refuse, and passes ordinary text', () => {
    const planted = [
      `the central buffer's admission (002 ${NOTES} sec. 2.4)`,
      `as the reading ${NOTES} of 001 say`,
      `zero-load time (${NOTES} E9)`,
      `40% of 256 is 102 (${NOTES} Q9)`,
      `the ${NOTES}' check asked for 5%`,
      `the 003 ${NOTES}' credit mode`,
      `see ${word('../shared/', 'specs')}/002-switch-mdw.md`,
      `written to ${word('/', 'work')}/main/results`,
    ];
    for (const p of planted) assert.notEqual(outsideCitations(p).length, 0, `not caught: ${p}`);
    const ordinary = [
      'base XY routing (000 sec. 1 notes that), and the worms say so',
      `const ${NOTES} = spec.${NOTES} ?? [];`,
      `  ${NOTES}?: string[];`,
      '002 sec. 4.2.2 and docs/algorithms/central-buffer.md, "Admission to the central buffer"',
      'mkdtempSync(join(tmpdir(), "mcsim-"))',
    ];
    for (const o of ordinary) assert.deepEqual(outsideCitations(o), [], o);
  });

  it('README.md, docs/, experiments/, schema/, scripts/, src/ and the tests cite none', () => {
    const all = SCANNED.flatMap(files);
    assert.ok(all.length > 300, `only ${all.length} files found under ${SCANNED.join(', ')}`);
    assert.ok(all.includes(join('test', 'docs', 'no-outside-citations.test.ts')), 'this file is scanned too');
    const found = all.flatMap((f) =>
      outsideCitations(readFileSync(join(ROOT, f), 'utf8')).map(
        (c) => `${f}:${c.line}: ${c.rule}: "${c.match}"`,
      ),
    );
    assert.deepEqual(found, []);
  });
});

import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { McsimError } from '../util/errors.js';
import { checkKeys, checkPath } from './keys.js';
import { configSchemaFor, type McsimConfig } from './schema.js';

/** Validates a config object and fills in defaults; the first problem becomes one McsimError. */
export function parseConfig(input: unknown): McsimConfig {
  checkKeys(input, 'config');
  // A workload without a type is the default uniform one with fields changed (e.g. by --set).
  if (input && typeof input === 'object' && !Array.isArray(input)) {
    const w = (input as Record<string, unknown>).workload;
    if (w && typeof w === 'object' && !Array.isArray(w) && !('type' in w))
      input = { ...input, workload: { type: 'uniform', ...(w as object) } };
  }
  const r = configSchemaFor(input ?? {}).safeParse(input ?? {});
  if (r.success) return r.data;
  throw issueToError(r.error.issues[0]!, input);
}

/** One schema issue as the message the CLI prints: the field, what it allows, what it got. */
export function issueToError(issue: z.core.$ZodIssue, input: unknown): McsimError {
  const path = issue.path
    .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
    .join('.')
    .replace(/\.\[/g, '[');
  const got = valueAt(input, issue.path as PropertyKey[]);
  switch (issue.code) {
    case 'unrecognized_keys': {
      const keys = issue.keys;
      return new McsimError(
        `unknown field${keys.length > 1 ? 's' : ''} ${keys.map((k) => `"${k}"`).join(', ')}`,
        path || undefined,
      );
    }
    case 'invalid_union': {
      if (
        (issue as { discriminator?: string }).discriminator !== undefined ||
        /workload(\.type)?$/.test(path)
      ) {
        const type = path.endsWith('.type') ? got : (got as { type?: unknown } | undefined)?.type;
        return new McsimError(
          `unknown workload type ${JSON.stringify(type)} (allowed: uniform, messages, multicast, mixed)`,
          path || undefined,
        );
      }
      return new McsimError(`expected ${expected(issue)}, got ${show(got)}`, path || undefined);
    }
    case 'invalid_value':
      return new McsimError(
        `got ${show(got)} (allowed: ${issue.values.map((v) => JSON.stringify(v)).join(', ')})`,
        path || undefined,
      );
    default: {
      const want = expected(issue);
      return new McsimError(
        `${want ? `expected ${want}` : issue.message}${got === undefined ? '' : `, got ${show(got)}`}${nodeHint(issue.path, got)}`,
        path || undefined,
      );
    }
  }
}

/** What a field allows, in words, from the schema's issue ('' when the issue does not say). */
function expected(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return TYPE_WORDS[issue.expected] ?? `a value of type ${issue.expected}`;
    case 'too_small':
    case 'too_big': {
      const bound = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
      const [strict, inclusive] =
        issue.code === 'too_small' ? ['greater than', 'at least'] : ['less than', 'at most'];
      const what = issue.origin === 'array' ? ' items' : issue.origin === 'string' ? ' characters' : '';
      return `${issue.origin === 'number' || issue.origin === 'int' ? 'a number ' : ''}${issue.inclusive === false ? strict : inclusive} ${bound}${what}`;
    }
    case 'invalid_union': {
      // Each alternative's first complaint about the value itself.
      const kinds = issue.errors
        .map((branch) => branch[0])
        .map((i) =>
          i === undefined || i.path.length > 0
            ? ''
            : i.code === 'invalid_value'
              ? i.values.map((v) => JSON.stringify(v)).join(' or ')
              : expected(i),
        );
      return kinds.every((k) => k) ? [...new Set(kinds)].join(' or ') : 'another value';
    }
    case 'not_multiple_of':
      return `a multiple of ${issue.divisor}`;
    default:
      return '';
  }
}

const TYPE_WORDS: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'a string',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object (field: value)',
  record: 'an object (name: value)',
};

/** A node id read as a number is almost always YAML flow style splitting `{ node: 1,0 }` at the comma. */
function nodeHint(path: readonly PropertyKey[], got: unknown): string {
  const key = path[path.length - 1];
  return typeof got === 'number' && (key === 'node' || key === 'source' || key === 'dest')
    ? ` (quote node ids: "1,0"; in YAML flow style { node: 1,0 } the comma ends the value)`
    : '';
}

function valueAt(obj: unknown, path: PropertyKey[]): unknown {
  let cur = obj;
  for (const k of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[k];
  }
  return cur;
}

function show(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/** Reads a YAML or JSON config file (YAML is a superset of JSON). */
export function loadConfigFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new McsimError(
      `cannot read config file "${path}": ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  let value: unknown;
  try {
    value = parseYaml(text) ?? {};
  } catch (e) {
    throw new McsimError(
      `config file "${path}" is not valid YAML/JSON: ${(e as Error).message.split('\n')[0]}`,
    );
  }
  checkKeys(value, `config file "${path}"`);
  return value;
}

/**
 * A `--set` value as YAML reads it. A plain decimal number (`0`, `-3`, `0.04`) is read without the
 * YAML parser, which `mcsim run` then need not load at all (cli/run-loader.ts): the YAML core
 * schema reads these forms with parseInt/parseFloat, which give what Number gives for them
 * (test/config/set-value.test.ts compares the two). Anything else goes to the parser.
 */
export function readSetValue(text: string): unknown {
  return /^-?(?:0|[1-9][0-9]{0,14})(?:\.[0-9]{1,15})?$/.test(text) ? Number(text) : parseYaml(text);
}

/** Sets `path=value` in a plain config object; the value is read as YAML (numbers, booleans, JSON objects). */
export function applySet(obj: Record<string, unknown>, assignment: string): void {
  const eq = assignment.indexOf('=');
  if (eq <= 0) throw new McsimError(`--set needs path=value, got "${assignment}"`);
  const path = assignment.slice(0, eq).trim().split('.');
  checkPath(path.join('.'), `--set ${assignment}`);
  for (const key of path)
    if (!/^[A-Za-z_][\w]*$/.test(key))
      throw new McsimError(`--set ${assignment}: "${key}" is not a field name (letters, digits, _)`);
  let value: unknown;
  try {
    value = readSetValue(assignment.slice(eq + 1));
  } catch (e) {
    throw new McsimError(
      `--set ${assignment}: the value is not valid YAML (${(e as Error).message.split('\n')[0]})`,
    );
  }
  checkKeys(value, `--set ${assignment}`);
  let cur: Record<string, unknown> = obj;
  for (const key of path.slice(0, -1)) {
    const next = cur[key];
    if (next === undefined || next === null) cur[key] = {};
    else if (typeof next !== 'object' || Array.isArray(next))
      throw new McsimError(`--set ${assignment}: "${key}" is not an object`);
    cur = cur[key] as Record<string, unknown>;
  }
  cur[path[path.length - 1]!] = value;
}

export interface ResolveInput {
  file?: string | undefined;
  sets?: readonly string[];
  seed?: number | undefined;
}

/** File (optional) + --set overrides + --seed, validated into a full config. */
export function resolveConfig(input: ResolveInput): McsimConfig {
  const raw = input.file ? loadConfigFile(input.file) : {};
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new McsimError(`config file "${input.file}" must hold an object of fields`);
  const obj = structuredClone(raw) as Record<string, unknown>;
  for (const s of input.sets ?? []) applySet(obj, s);
  if (input.seed !== undefined) obj.seed = input.seed;
  return parseConfig(obj);
}

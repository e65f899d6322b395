import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { McsimError } from '../util/errors.js';

/**
 * Keys that reach an object's prototype when used as property names (`obj.__proto__.x = 1` changes
 * every object). No config field, experiment axis or routing option is called so, so they are
 * refused wherever a key or a dotted path comes from the user: `--set`, config files, experiments.
 */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Throws when a dotted path holds a forbidden key; `where` names the input (e.g. `--set a.b=1`). */
export function checkPath(path: string, where: string): void {
  for (const key of path.split('.'))
    if (FORBIDDEN_KEYS.has(key))
      throw new McsimError(
        `"${key}" is not allowed as a key (it would reach the prototype of objects)`,
        where,
      );
}

/**
 * Throws on the first forbidden key anywhere in a parsed YAML/JSON value, naming its path.
 * YAML and JSON.parse create such keys as ordinary own properties, so they are found by Object.keys.
 */
export function checkKeys(value: unknown, where: string, path = ''): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) checkKeys(v, where, `${path}[${i}]`);
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    const p = path ? `${path}.${k}` : k;
    if (FORBIDDEN_KEYS.has(k))
      throw new McsimError(`key "${p}" is not allowed (it would reach the prototype of objects)`, where);
    checkKeys(v, where, p);
  }
}

/** checkKeys on a YAML/JSON file, when it can be read and parsed (otherwise its loader reports that). */
export function checkKeysInFile(path: string, what: string): void {
  let value: unknown;
  try {
    value = parseYaml(readFileSync(path, 'utf8'));
  } catch {
    return;
  }
  checkKeys(value, `${what} "${path}"`);
}

// A namespace import (not `import { z }`) lets esbuild keep only the zod functions used; the `z`
// object would pull all of zod into the CLI bundle (a third of what `mcsim run` parses).
import * as z from 'zod';
import { ConfigSchema } from './schema.js';

/** The config's JSON Schema (input side: every field optional where it has a default). */
export function configJsonSchema(): Record<string, unknown> {
  const s = z.toJSONSchema(ConfigSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return {
    $id: 'https://mcsim.dev/schema/mcsim.config.schema.json',
    title: 'mcsim configuration',
    ...descriptionFirst(s),
  };
}

/**
 * Each field's description before its other keywords, where a reader looks for it: defaulted()
 * registers the description on the default itself, which the generator writes after `default`.
 */
function descriptionFirst<T>(v: T): T {
  if (Array.isArray(v)) return v.map(descriptionFirst) as T;
  if (v === null || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  const out: Record<string, unknown> =
    typeof o.description === 'string' ? { description: o.description } : {};
  for (const [k, x] of Object.entries(o)) if (k !== 'description') out[k] = descriptionFirst(x);
  return out as T;
}

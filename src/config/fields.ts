import * as z from 'zod/mini';

// Building blocks of the config schemas (schema.ts, network-schema.ts), which are built on zod/mini
// (schema.ts says why).

const registry = z.globalRegistry as z.core.$ZodRegistry<{ description: string }>;

/**
 * A schema with its description in zod's global registry, where the JSON Schema and the config
 * reference read it: what classic zod's `.describe()` does (a clone, registered). The clone keeps
 * the JSON Schema's key order as it was when the schemas were classic.
 */
export function described<T extends z.ZodMiniType>(schema: T, description: string): T {
  const clone = schema.clone() as T;
  registry.add(clone, { description });
  return clone;
}

/**
 * A field with a default, the commonest kind: the description is registered on the default itself,
 * a fresh schema, so no clone is needed (schema construction is most of `mcsim run`'s config time).
 */
export function defaulted<T extends z.ZodMiniType>(
  schema: T,
  value: Parameters<typeof z._default<T>>[1],
  description: string,
): z.ZodMiniDefault<T> {
  const field = z._default(schema, value);
  registry.add(field, { description });
  return field;
}

// One instance of each serves every field: zod schemas are immutable, and building one costs
// tens of microseconds at start-up (`mcsim run` builds the whole config schema each time).
const POSITIVE_INT = z.number().check(z.int(), z.positive());
const COUNT = z.number().check(z.int(), z.minimum(0));

/** A positive integer, the commonest field type. */
export const positiveInt = () => POSITIVE_INT;

/** A non-negative integer. */
export const count = () => COUNT;

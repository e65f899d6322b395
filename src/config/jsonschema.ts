// A namespace import (not `import { z }`) lets esbuild keep only the zod functions used; the `z`
// object would pull all of zod into the CLI bundle (a third of what `mcsim run` parses).
import * as z from 'zod';
import { ConfigSchema } from './schema.js';

/** The config's JSON Schema (input side: every field optional where it has a default). */
export function configJsonSchema(): Record<string, unknown> {
  const s = z.toJSONSchema(ConfigSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return { $id: 'https://mcsim.dev/schema/mcsim.config.schema.json', title: 'mcsim configuration', ...s };
}

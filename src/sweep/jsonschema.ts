// A namespace import (not `import { z }`) lets esbuild keep only the zod functions used; the `z`
// object would pull all of zod into the CLI bundle (a third of what `mcsim run` parses).
import * as z from 'zod';
import { ExperimentSchema } from './schema.js';

/** JSON Schema of experiment files (schema/mcsim.experiment.schema.json). */
export function experimentJsonSchemaText(): string {
  const s = z.toJSONSchema(ExperimentSchema, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return `${JSON.stringify({ $id: 'https://mcsim.dev/schema/mcsim.experiment.schema.json', title: 'mcsim experiment', ...s }, null, 2)}\n`;
}

// zod/mini, not classic zod: `mcsim run` builds these schemas on every start, and a classic schema
// object (some fifty methods bound per object, a clone per `.int()` or `.describe()`) costs several
// times as much to build. A namespace import lets esbuild keep only the zod functions used.
import * as z from 'zod/mini';
import { count, defaulted, described } from './fields.js';
import { NetworkSchema, TimingSchema } from './network-schema.js';
import { WORKLOAD_SCHEMAS, type WorkloadType, workloadUnion } from './workload-schema.js';

/**
 * The configuration schema: the single source of the config's TypeScript type, its JSON Schema
 * (`mcsim schema`, schema/mcsim.config.schema.json) and its reference (docs/config.md). Every field
 * has a default and a description that states it. Objects are strict: unknown fields are errors.
 */

export { LinkSchema, NetworkSchema, SwitchOptionsSchema, TimingSchema } from './network-schema.js';
export {
  type StopConfig,
  StopConfigSchema,
  type WormConfig,
  WormConfigSchema,
} from './workload-schema.js';

/** What a run measures beyond the standard metrics; absent from a config (and its records) unless given. */
export const MetricsOptionsSchema = z.strictObject({
  switchDiagnostics: defaulted(
    z.boolean(),
    false,
    'Add metrics.switchDiagnostics to the run: head-of-FIFO waits by input side, head residence by replication, central-buffer occupancy by input side, flits per channel class, injected load and the spread of arrivals (002 sec. 6-7; docs/experiments/switch.md). Fat trees with the central-buffer or input-fifo switch only. Default false.',
  ),
});

const seed = defaulted(count(), 1, 'Seed of the random streams. Default 1.');
const network = z._default(NetworkSchema, z.parse(NetworkSchema, {}));
const timing = z._default(TimingSchema, z.parse(TimingSchema, {}));
const metrics = described(
  z.optional(MetricsOptionsSchema),
  'Optional measures (002 switch diagnostics); absent: the standard metrics only.',
);
/** A config without a workload runs the default uniform one. */
const defaultWorkload = () => z.parse(WORKLOAD_SCHEMAS.uniform(), { type: 'uniform' });

/** The config's schema around a schema of its workload. */
function configWith<W extends z.ZodMiniType>(workload: W) {
  return z.strictObject({ seed, network, timing, workload, metrics });
}

function fullConfigSchema() {
  return configWith(z._default(workloadUnion(), defaultWorkload));
}

/** The whole config schema, every workload type in it; built on first use. */
export const ConfigSchema = z.lazy(fullConfigSchema);

const byType = new Map<string, z.ZodMiniType<McsimConfig>>();

/**
 * The schema to parse a config with: the whole one's, with only the workload type the input names
 * (or the default uniform one where it names none). The whole union passes such an input to that
 * type's schema (a discriminated union), so the result and every error are the same, and `mcsim
 * run` builds one workload schema at start instead of all of them. Input whose workload is not an
 * object of a known type goes to the whole schema, which says what is wrong.
 */
export function configSchemaFor(input: unknown): z.ZodMiniType<McsimConfig> {
  const w =
    input !== null && typeof input === 'object' ? (input as { workload?: unknown }).workload : undefined;
  let type: unknown;
  if (w === undefined) type = 'uniform';
  else if (w !== null && typeof w === 'object' && !Array.isArray(w)) type = (w as { type?: unknown }).type;
  if (typeof type !== 'string' || !Object.hasOwn(WORKLOAD_SCHEMAS, type)) return ConfigSchema;
  let schema = byType.get(type);
  if (!schema) {
    const one = WORKLOAD_SCHEMAS[type as WorkloadType]();
    schema = configWith(z._default(one, defaultWorkload)) as unknown as z.ZodMiniType<McsimConfig>;
    byType.set(type, schema);
  }
  return schema;
}

export type McsimConfig = z.output<ReturnType<typeof fullConfigSchema>>;
export type McsimConfigInput = z.input<ReturnType<typeof fullConfigSchema>>;
export type WorkloadConfig = McsimConfig['workload'];

import { configJsonSchema } from './jsonschema.js';

export const DOC_BEGIN = '<!-- generated from src/config/schema.ts: begin -->';
export const DOC_END = '<!-- generated from src/config/schema.ts: end -->';

export function configJsonSchemaText(): string {
  return `${JSON.stringify(configJsonSchema(), null, 2)}\n`;
}

type Json = Record<string, unknown>;

/** The config reference table, walked from the JSON Schema: field, type, default, description. */
export function configDocs(): string {
  const root = configJsonSchema() as Json;
  const defs = (root.$defs ?? root.definitions ?? {}) as Record<string, Json>;
  const rows: string[] = [];
  const deref = (s: Json): Json => {
    const ref = s.$ref as string | undefined;
    if (ref) return deref(defs[ref.split('/').pop()!] ?? {});
    return s;
  };
  const typeOf = (s: Json): string => {
    s = deref(s);
    if (s.const !== undefined) return JSON.stringify(s.const);
    if (Array.isArray(s.enum)) return s.enum.map((e) => JSON.stringify(e)).join(' \\| ');
    const alts = (s.anyOf ?? s.oneOf) as Json[] | undefined;
    if (alts) return alts.map(typeOf).join(' \\| ');
    if (s.type === 'array') return `array of ${typeOf((s.items ?? {}) as Json)}`;
    if (s.type === 'integer') return 'integer';
    if (s.type === 'object' && s.additionalProperties && typeof s.additionalProperties === 'object')
      return `map of ${typeOf(s.additionalProperties as Json)}`;
    return String(s.type ?? 'any');
  };
  const walk = (s: Json, path: string, depth: number) => {
    s = deref(s);
    const props = s.properties as Record<string, Json> | undefined;
    if (path && (!props || depth > 3)) {
      const d = s.default === undefined ? '' : `\`${JSON.stringify(s.default)}\``;
      rows.push(
        `| \`${path}\` | ${typeOf(s)} | ${d} | ${String(s.description ?? '').replace(/\|/g, '\\|')} |`,
      );
      return;
    }
    if (path && s.description)
      rows.push(`| \`${path}\` | object | | ${String(s.description).replace(/\|/g, '\\|')} |`);
    for (const [k, v] of Object.entries(props ?? {})) walk(v, path ? `${path}.${k}` : k, depth + 1);
  };
  const top = root.properties as Record<string, Json>;
  for (const k of ['seed', 'network', 'timing', 'metrics']) if (top[k]) walk(top[k]!, k, 1);
  const w = deref(top.workload!);
  for (const alt of (w.oneOf ?? w.anyOf ?? []) as Json[]) {
    const a = deref(alt);
    const type = ((a.properties as Record<string, Json>).type as Json).const;
    rows.push(`| **workload (type: ${type})** | | | ${String(a.description ?? '')} |`);
    for (const [k, v] of Object.entries(a.properties as Record<string, Json>))
      if (k !== 'type') walk(v, `workload.${k}`, 2);
  }
  return `${DOC_BEGIN}\n| field | type | default | description |\n| --- | --- | --- | --- |\n${rows.join('\n')}\n${DOC_END}`;
}

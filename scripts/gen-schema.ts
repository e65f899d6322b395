/**
 * Regenerates schema/mcsim.config.schema.json and the generated part of docs/config.md from the
 * config schema (src/config/schema.ts), the single source of both. `npm run schema`; a test checks
 * the committed files are current.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { configDocs, configJsonSchemaText, DOC_BEGIN, DOC_END } from '../src/config/docs.js';
import { experimentJsonSchemaText } from '../src/sweep/jsonschema.js';

const schemaPath = new URL('../schema/mcsim.config.schema.json', import.meta.url);
const docPath = new URL('../docs/config.md', import.meta.url);
writeFileSync(schemaPath, configJsonSchemaText());
writeFileSync(new URL('../schema/mcsim.experiment.schema.json', import.meta.url), experimentJsonSchemaText());
const doc = readFileSync(docPath, 'utf8');
const start = doc.indexOf(DOC_BEGIN);
const end = doc.indexOf(DOC_END);
if (start < 0 || end < 0) throw new Error('docs/config.md lacks the generated-section markers');
writeFileSync(docPath, doc.slice(0, start) + configDocs() + doc.slice(end + DOC_END.length));
console.log('wrote schema/mcsim.config.schema.json, schema/mcsim.experiment.schema.json and docs/config.md');

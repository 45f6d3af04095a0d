/**
 * Writes schema/pr-debate.schema.json, the JSON Schema of the repository config file, from the zod
 * schema the action validates it with: `npm run schema`. A test fails when the committed file is stale.
 */
import { writeFile } from 'node:fs/promises';
import { configJsonSchema } from '../src/settings/config-schema.js';
import { INPUT_NAMES } from '../src/settings/input-schemas.js';

const file = new URL('../schema/pr-debate.schema.json', import.meta.url);
await writeFile(file, `${JSON.stringify(configJsonSchema(INPUT_NAMES), null, 2)}\n`);
console.log('wrote schema/pr-debate.schema.json');
